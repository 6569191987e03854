import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The local stand-in for a secret CDK generates (the visitor-token key, the channel credentials key):
 * a random key made on first start and kept in the data folder, so what it signed or sealed (visitors'
 * tokens in their widget's storage, connected channels) survives a restart like on AWS.
 */
export function localGeneratedSecret(file: string): string {
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
