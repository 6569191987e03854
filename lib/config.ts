/** Typed application configuration, read by bin/app.ts and by the CDK tests. */
export interface AppConfig {
  readonly stage: string;
  /** Prefix of every physical name, so several stages can share an account. */
  readonly appName: string;
  readonly productName: string;
  readonly openAiModel: string;
  /** Secrets Manager secret holding provider keys (OPENAI_API_KEY, STRIPE_SECRET_KEY, ...). */
  readonly providerSecretName: string;
  /** Origins allowed to call the HTTP API with credentials (the dashboard). Public routes allow any. */
  readonly allowedOrigins: readonly string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const stage = env.STAGE ?? 'dev';
  return {
    stage,
    appName: `assistants-${stage}`,
    productName: env.PRODUCT_NAME ?? 'Assistly',
    openAiModel: env.OPENAI_MODEL ?? 'gpt-4o-mini',
    providerSecretName: env.PROVIDER_SECRET_NAME ?? `assistants/${stage}/providers`,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '*').split(',').map((o) => o.trim()).filter(Boolean),
  };
}
