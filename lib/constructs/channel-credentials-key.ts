import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { generatedSecret } from './generated-secret.js';

/**
 * The secret the AES-256-GCM key sealing messaging channel credentials (Meta access tokens and app
 * secrets) is derived from (functions/core/runtime/channel-key.ts). Only the channel functions may
 * read it (lib/routes.ts `channelCredentials`).
 */
export function channelCredentialsKey(scope: Construct, id: string): Secret {
  return generatedSecret(
    scope,
    id,
    'Seals the credentials of WhatsApp, Messenger and Instagram channels (AES-256-GCM key material)',
    'Rotating it would leave every stored channel credential unreadable (sealed with the old key) until each ' +
      'channel is connected again; it is replaced deliberately, by replacing the secret, if it is ever exposed.',
  );
}
