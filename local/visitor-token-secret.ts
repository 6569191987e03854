import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The local stand-in for the secret CDK generates: a random key made on first start and kept in the
 * data folder, so visitors' tokens (in their widget's storage) survive a restart like on AWS.
 */
export function localVisitorTokenSecret(file: string): string {
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
