import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** Shorter keys would weaken HS256 (RFC 7518 3.2: at least the hash size). */
const MIN_SECRET_BYTES = 32;

let loading: Promise<CryptoKey> | undefined;

/**
 * The key that signs visitor tokens. On AWS it is a secret CDK generates (VISITOR_SECRET_NAME), read
 * once per cold start; locally the runtime generates one and passes it as VISITOR_TOKEN_SECRET.
 * Without either, no visitor can be identified, so chat refuses to start rather than sign with a
 * guessable key.
 */
export function visitorTokenKey(): Promise<CryptoKey> {
  loading ??= (async () => {
    const secret = process.env.VISITOR_TOKEN_SECRET ?? (await readSecret(process.env.VISITOR_SECRET_NAME));
    const key = new TextEncoder().encode(secret);
    if (key.length < MIN_SECRET_BYTES) throw new Error(`The visitor token secret must be at least ${MIN_SECRET_BYTES} bytes`);
    // Imported once: given raw bytes, jose imports them again for every token it signs or verifies
    // (about 80 us of CPU per chat turn, which signs one and verifies one).
    return crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  })();
  // A failed read is retried by the next request instead of being remembered.
  loading.catch(() => (loading = undefined));
  return loading;
}

async function readSecret(name: string | undefined): Promise<string> {
  if (!name) throw new Error('Neither VISITOR_TOKEN_SECRET nor VISITOR_SECRET_NAME is set');
  const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: name }));
  if (!SecretString) throw new Error(`Secret ${name} has no value`);
  return SecretString;
}
