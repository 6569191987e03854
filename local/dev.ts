/**
 * `npm run dev`: the whole product on this machine with local stand-ins for AWS, data kept in .data/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { acquireDevLock } from './dev-lock.js';
import { javaProblem } from './java-check.js';
import { busyPorts } from './port-check.js';
import { devPorts } from './ports.js';
import { startLocalRuntime } from './runtime.js';
import { demoAccount } from './seed-demo-account.js';
import { adminAccount } from './seed-admin-account.js';

const repoRoot = resolve(import.meta.dirname, '..');
const dataDir = resolve(repoRoot, '.data');

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

async function main() {
  if (existsSync(resolve(repoRoot, '.env'))) process.loadEnvFile(resolve(repoRoot, '.env'));
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const java = javaProblem();
  if (java) fail(java);

  mkdirSync(dataDir, { recursive: true });
  // Probe the runtime's lock on .data/ first, so a second `npm run dev` is told exactly that
  // rather than that its ports are busy.
  try {
    acquireDevLock(resolve(dataDir, 'dev.lock')).release();
  } catch (error) {
    fail((error as Error).message);
  }
  const busy = await busyPorts(devPorts);
  if (busy.length) {
    fail(`These ports are in use by another program: ${busy.join(', ')}.\nStop it, then run \`npm run dev\` again.`);
  }

  console.log('Starting the local runtime (DynamoDB Local, S3, Cognito, API, WebSocket, e-mail, web)...');
  const started = Date.now();
  const runtime = await startLocalRuntime({ dataDir, ports: devPorts, web: 'vite', productName: process.env.PRODUCT_NAME }).catch(
    (error: Error) => fail(`The local runtime could not start: ${error.message}`),
  );

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  console.log(`
  Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Data is kept in .data/ between runs.

  Open:      ${runtime.webUrl}
  Sign in:   ${demoAccount.email}  /  ${demoAccount.password}   (or sign up with any e-mail)
             The demo account has an assistant for ${demoAccount.businessName}, learned from the
             sample website at ${runtime.sampleSiteUrl} (create yours from any http(s) site).
  Admin:     ${adminAccount.email}  /  ${adminAccount.password}   (opens ${runtime.webUrl}/admin/waitlist)

  API:       ${runtime.apiUrl}   (health: ${runtime.apiUrl}/health)
  WebSocket: ${runtime.realtimeUrl}
  E-mail:    ${runtime.mailUrl}   (mail the app sends)
  Texts:     ${runtime.smsUrl}   (SMS the app sends)
  Schedules: ${runtime.schedulerUrl}   (time-based workflows)
  Stripe:    ${runtime.stripeUrl ? `${runtime.stripeUrl}   (local stand-in: Checkout takes 4242 4242 4242 4242; its page lists the events sent)` : 'the real Stripe API (keys from .env)'}
  Meta:      ${runtime.graphUrl}   (local Graph API: test WhatsApp, Messenger and Instagram accounts to connect, messages sent)

  Press Ctrl+C to stop.
`);
}

void main();
