import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

const SECRET = 'a-visitor-token-secret-of-at-least-32-bytes';
const CHATBOT = 'bot-1';

/** A token signed with the real key, as only a holder of the key (or a bug in issuing) could make it. */
const signed = (build: (jwt: SignJWT) => SignJWT) =>
  build(new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer('assistly:visitor').setAudience(CHATBOT).setSubject('v_contact').setIssuedAt())
    .sign(new TextEncoder().encode(SECRET));

describe('visitor tokens', () => {
  let verifyVisitorToken: typeof import('../../../functions/core/chat/visitor-token.js').verifyVisitorToken;
  beforeAll(async () => {
    process.env.VISITOR_TOKEN_SECRET = SECRET;
    ({ verifyVisitorToken } = await import('../../../functions/core/chat/visitor-token.js'));
  });

  it('accepts a token with an expiry', async () => {
    const token = await signed((jwt) => jwt.setExpirationTime('1h'));
    await expect(verifyVisitorToken(token, CHATBOT)).resolves.toMatchObject({ contactId: 'v_contact' });
  });

  it('refuses a correctly signed token that never expires (no exp), as it refuses an expired one', async () => {
    const token = await signed((jwt) => jwt);
    await expect(verifyVisitorToken(token, CHATBOT)).rejects.toMatchObject({ statusCode: 401, message: expect.stringMatching(/expired or is not yours/) });
  });

  it('refuses a token whose expiry lies further ahead than the server ever issues', async () => {
    const token = await signed((jwt) => jwt.setExpirationTime('3650d'));
    await expect(verifyVisitorToken(token, CHATBOT)).rejects.toMatchObject({ statusCode: 401 });
  });
});
