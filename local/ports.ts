import getPort from 'get-port';

export interface RuntimePorts {
  web: number;
  api: number;
  realtime: number;
  lambda: number;
  cognito: number;
  cognitoShim: number;
  dynamodb: number;
  s3: number;
  ses: number;
  /** The demo assistant's website (local/sample-site.ts). */
  sampleSite: number;
  /** The local Stripe (local/stripe): API, hosted Checkout and Customer Portal pages. */
  stripe: number;
  /** Step Functions (local/services/step-functions.ts): runs the workflow state machine. */
  stepFunctions: number;
  /** The SMS outbox (local/services/sms-outbox.ts): AWS End User Messaging SMS, and a page of sent texts. */
  sms: number;
  /** The local Meta Graph API (local/graph): WhatsApp, Messenger and Instagram. */
  graph: number;
  /** EventBridge Scheduler (local/services/scheduler.ts): the schedules of time-based workflows. */
  scheduler: number;
}

/** Fixed ports of `npm run dev`, so bookmarks and the printed URL stay the same. */
export const devPorts: RuntimePorts = {
  web: 3000,
  api: 3001,
  realtime: 3002,
  lambda: 3003,
  cognitoShim: 3004,
  cognito: 9229,
  dynamodb: 8000,
  s3: 4569,
  ses: 8005,
  sampleSite: 3005,
  stripe: 3010,
  stepFunctions: 3011,
  sms: 3012,
  graph: 3013,
  scheduler: 3014,
};

/** Free ports for a test run, so tests never collide with a running `npm run dev`. */
export async function freePorts(): Promise<RuntimePorts> {
  const taken = new Set<number>();
  const next = async () => {
    const port = await getPort({ exclude: [...taken] });
    taken.add(port);
    return port;
  };
  const entries = await Promise.all(Object.keys(devPorts).map(async (key) => [key, await next()] as const));
  return Object.fromEntries(entries) as unknown as RuntimePorts;
}
