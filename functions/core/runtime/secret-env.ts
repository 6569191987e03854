import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { awsClientConfig } from './aws-client-config.js';
import { log } from './log.js';

const loading = new Map<string, Promise<void>>();

/**
 * Reads a JSON secret once per cold start into the environment, `keys` only; a value already in the
 * environment wins (`.env` locally). Without a secret name nothing happens. A secret that cannot be
 * read is logged and the caller carries on with what the environment has (and says what is missing).
 */
export function loadSecretIntoEnv(secretName: string | undefined, keys: readonly string[], purpose: string): Promise<void> {
  if (!secretName) return Promise.resolve();
  let pending = loading.get(secretName);
  if (!pending) {
    pending = (async () => {
      try {
        const client = new SecretsManagerClient(awsClientConfig('secret store'));
        const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretName }));
        const values = JSON.parse(SecretString ?? '{}') as Record<string, unknown>;
        for (const key of keys) {
          const value = values[key];
          if (typeof value === 'string' && value && !process.env[key]) process.env[key] = value;
        }
      } catch (error) {
        log.error(`${purpose} secret could not be read`, { secretName, error });
        loading.delete(secretName);
      }
    })();
    loading.set(secretName, pending);
  }
  return pending;
}
