/** Typed application configuration, read by bin/app.ts and by the CDK tests. */
export interface AppConfig {
  readonly stage: string;
  /** Prefix of every physical name, so several stages can share an account. */
  readonly appName: string;
  readonly productName: string;
  /** Origins allowed to call the HTTP API with credentials (the dashboard). Public routes allow any. */
  readonly allowedOrigins: readonly string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const stage = env.STAGE ?? 'dev';
  return {
    stage,
    appName: `assistants-${stage}`,
    productName: env.PRODUCT_NAME ?? 'Assistly',
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '*').split(',').map((o) => o.trim()).filter(Boolean),
  };
}
