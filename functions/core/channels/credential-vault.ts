import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { channelCredentialsKey } from '../runtime/channel-key.js';

/** What is sealed: the two values Meta gave the business that must never reach a browser or a log. */
export interface ChannelSecrets {
  access_token: string;
  app_secret: string;
}

const VERSION = 'v1';
/** GCM's recommended nonce size; a fresh random one per seal. */
const IV_BYTES = 12;

/**
 * AES-256-GCM over the JSON of the secrets. The connection id is the additional authenticated data, so
 * a sealed blob copied onto another connection (or altered at all) does not open. Format:
 * `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export async function sealChannelSecrets(connectionId: string, secrets: ChannelSecrets): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await channelCredentialsKey(), iv);
  cipher.setAAD(Buffer.from(connectionId));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

export async function openChannelSecrets(connectionId: string, sealed: string): Promise<ChannelSecrets> {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !data) throw new Error('Sealed channel credentials in an unknown format');
  const decipher = createDecipheriv('aes-256-gcm', await channelCredentialsKey(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(connectionId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  return JSON.parse(plain) as ChannelSecrets;
}
