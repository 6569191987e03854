import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { hkdfSync } from 'node:crypto';
import { awsClientConfig } from './aws-client-config.js';

/** Shorter secrets would give the derived AES-256 key less than its 256 bits of strength. */
const MIN_SECRET_BYTES = 32;

let loading: Promise<Buffer> | undefined;

/**
 * The AES-256 key that seals channel credentials (core/channels/credential-vault.ts). On AWS it is
 * derived from a secret CDK generates (CHANNEL_KEY_SECRET_NAME), read once per cold start; locally the
 * runtime generates one and passes it as CHANNEL_CREDENTIALS_KEY. Without either nothing is sealed or
 * opened: a channel never connects with a guessable key.
 */
export function channelCredentialsKey(): Promise<Buffer> {
  loading ??= (async () => {
    const secret = process.env.CHANNEL_CREDENTIALS_KEY ?? (await readSecret(process.env.CHANNEL_KEY_SECRET_NAME));
    if (Buffer.byteLength(secret) < MIN_SECRET_BYTES) throw new Error(`The channel credentials secret must be at least ${MIN_SECRET_BYTES} bytes`);
    // HKDF turns the generated password (letters and digits) into a uniformly random 32-byte key.
    return Buffer.from(hkdfSync('sha256', secret, 'assistly-channels', 'channel-credentials/v1', 32));
  })();
  // A failed read is retried by the next request instead of being remembered.
  loading.catch(() => (loading = undefined));
  return loading;
}

async function readSecret(name: string | undefined): Promise<string> {
  if (!name) throw new Error('Neither CHANNEL_CREDENTIALS_KEY nor CHANNEL_KEY_SECRET_NAME is set');
  const client = new SecretsManagerClient(awsClientConfig('secret store'));
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: name }));
  if (!SecretString) throw new Error(`Secret ${name} has no value`);
  return SecretString;
}
