import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

export interface TokenVerifierOptions {
  /** `https://cognito-idp.<region>.amazonaws.com/<poolId>` on AWS, cognito-local's issuer locally. */
  issuer: string;
  clientId: string;
}

export type VerifiedClaims = JWTPayload & { sub: string; token_use: 'id' | 'access' };

/**
 * Verifies a Cognito ID or access token the way API Gateway's JWT authorizer does: signature by the
 * pool's JWKS, issuer, expiry, and audience (`aud` for ID tokens, `client_id` for access tokens).
 */
export function createTokenVerifier({ issuer, clientId }: TokenVerifierOptions) {
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  return async function verify(token: string): Promise<VerifiedClaims> {
    const { payload } = await jwtVerify(token, jwks, { issuer, algorithms: ['RS256'] });
    const tokenUse = payload.token_use;
    const audience = tokenUse === 'access' ? payload.client_id : payload.aud;
    if (tokenUse !== 'id' && tokenUse !== 'access') throw new Error('Not a Cognito ID or access token');
    if (audience !== clientId) throw new Error('Token was issued for another client');
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('Token has no subject');
    return payload as VerifiedClaims;
  };
}
