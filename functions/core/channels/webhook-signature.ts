import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Meta's `X-Hub-Signature-256: sha256=<hex>`: HMAC-SHA256 of the raw request body with the app secret.
 * Checked on the bytes exactly as they arrived; re-serialised JSON would not match.
 */
export function validHubSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

/** How the stand-in and tests sign a body, exactly as Meta does. */
export const hubSignature = (rawBody: Buffer | string, appSecret: string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
