import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { awsClientConfig } from './aws-client-config.js';
import { log } from './log.js';

/** The provider settings a secret may hold; anything else in it is ignored. */
export const PROVIDER_KEYS = [
  'OPENAI_API_KEY',
  'OPENAI_MODEL',
  'OPENAI_EMBEDDING_MODEL',
  'OPENAI_BASE_URL',
  // Voice (issue 16): speech to text and text to speech.
  'OPENAI_TRANSCRIPTION_MODEL',
  'ELEVENLABS_API_KEY',
  'ELEVENLABS_BASE_URL',
] as const;

let loading: Promise<void> | undefined;

/**
 * On AWS the AI provider keys live in Secrets Manager (PROVIDER_SECRET_NAME): they are read once per
 * cold start into the environment, where the providers look for them. Locally there is no secret and
 * `.env` sets them directly. A value already in the environment wins. If the secret cannot be read,
 * the functions carry on with the embedded defaults (offline answers, full-text search), and say so.
 */
export function loadProviderKeys(): Promise<void> {
  const secretName = process.env.PROVIDER_SECRET_NAME;
  if (!secretName) return Promise.resolve();
  loading ??= (async () => {
    try {
      const { SecretString } = await new SecretsManagerClient(awsClientConfig('secret store')).send(new GetSecretValueCommand({ SecretId: secretName }));
      const values = JSON.parse(SecretString ?? '{}') as Record<string, unknown>;
      for (const key of PROVIDER_KEYS) {
        const value = values[key];
        if (typeof value === 'string' && value && !process.env[key]) process.env[key] = value;
      }
    } catch (error) {
      log.error('Provider secret could not be read; using the embedded defaults', { secretName, error });
    }
  })();
  return loading;
}

/** Tests only: forget what was loaded. */
export function forgetProviderKeys(): void {
  loading = undefined;
}
