/** Typed application configuration, read by bin/app.ts and by the CDK tests. */
export interface AppConfig {
  readonly stage: string;
  /** Prefix of every physical name, so several stages can share an account. */
  readonly appName: string;
  readonly productName: string;
  /**
   * Secrets Manager secret (created by ops, JSON) with the provider keys: OPENAI_API_KEY and optionally
   * OPENAI_MODEL, OPENAI_EMBEDDING_MODEL. Functions that use `providers` read it once per cold start.
   */
  readonly providerSecretName: string;
  /**
   * Secrets Manager secret (created by ops, JSON) with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and
   * STRIPE_PRICE_ID. Without it, billing routes answer 503 'Billing is not configured'.
   */
  readonly stripeSecretName: string;
  /** Origins allowed to call the HTTP API with credentials (the dashboard). Public routes allow any. */
  readonly allowedOrigins: readonly string[];
  /**
   * The address e-mail (team invitations) is sent from. The stack creates its SES identity; SES sends
   * a verification message to it, and sends to other addresses once the account is out of the sandbox.
   */
  readonly mailFrom: string;
  /** Meta's Graph API with its version, which the WhatsApp, Messenger and Instagram channels call. */
  readonly graphApiUrl: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const stage = env.STAGE ?? 'dev';
  return {
    stage,
    appName: `assistants-${stage}`,
    productName: env.PRODUCT_NAME ?? 'Assistly',
    providerSecretName: env.PROVIDER_SECRET_NAME ?? `assistants/${stage}/providers`,
    stripeSecretName: env.STRIPE_SECRET_NAME ?? `assistants/${stage}/stripe`,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '*').split(',').map((o) => o.trim()).filter(Boolean),
    mailFrom: env.MAIL_FROM ?? 'no-reply@assistly.app',
    graphApiUrl: env.GRAPH_API_URL ?? 'https://graph.facebook.com/v21.0',
  };
}
