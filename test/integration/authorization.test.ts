import { SignJWT, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';

const { apiUrl, config } = inject('runtime');

function withPayload(token: string, change: (claims: Record<string, unknown>) => void): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  change(claims);
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

const getAccount = (authorization?: string) =>
  fetch(`${apiUrl}/account`, { headers: authorization ? { authorization } : {} });

describe('user routes refuse callers without a valid token', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await signUpAndSignIn(config);
  });

  it('401 without a token', async () => {
    const res = await getAccount();
    expect(res.status).toBe(401);
  });

  it('401 with a tampered token (another sub, original signature)', async () => {
    const tampered = withPayload(owner.idToken, (c) => (c.sub = '00000000-0000-0000-0000-000000000000'));
    expect((await getAccount(`Bearer ${tampered}`)).status).toBe(401);
  });

  it('401 with a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const claims = JSON.parse(Buffer.from(owner.idToken.split('.')[1]!, 'base64url').toString());
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(privateKey);
    expect((await getAccount(`Bearer ${forged}`)).status).toBe(401);
  });

  it('401 with an expired token', async () => {
    const expired = withPayload(owner.idToken, (c) => (c.exp = Math.floor(Date.now() / 1000) - 60));
    expect((await getAccount(`Bearer ${expired}`)).status).toBe(401);
  });

  it('401 with garbage', async () => {
    expect((await getAccount('Bearer not-a-jwt')).status).toBe(401);
  });

  it('public routes need no token', async () => {
    const res = await fetch(`${apiUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });
});
