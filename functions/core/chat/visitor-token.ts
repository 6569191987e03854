import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { unauthorized } from '../http/http-error.js';
import { visitorTokenKey } from '../runtime/visitor-secret.js';

/** Who a visitor token speaks for: one contact of one assistant. */
export interface Visitor {
  chatbotId: string;
  contactId: string;
}

const ISSUER = 'assistly:visitor';
/** Each reply renews the token, so only a visitor silent for this long starts over. */
export const VISITOR_TOKEN_DAYS = 90;
export const EXPIRED_VISITOR_MESSAGE = 'This conversation has expired or is not yours. Please start a new one.';

/** A contact id nobody can guess: the server picks it, the visitor only ever holds it signed. */
export const newContactId = (): string => `v_${randomBytes(16).toString('base64url')}`;

/** A visitor as their token names them, with the conversation their last reply was in (if it says). */
export interface VisitorOfToken extends Visitor {
  conversationId?: string;
}

/**
 * `conversationId`: the conversation the reply carrying the token was in. Only a hint: the next turn
 * reads that conversation ahead, and uses it only if it is still the visitor's current one.
 */
export async function issueVisitorToken(visitor: Visitor, now = new Date(), conversationId?: string): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(conversationId ? { cnv: conversationId } : {})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(visitor.chatbotId)
    .setSubject(visitor.contactId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + VISITOR_TOKEN_DAYS * 86_400)
    .sign(await visitorTokenKey());
}

/** Clock difference between servers tolerated on a token's expiry, in seconds. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * The visitor a token speaks for, if it was signed by us for this assistant and has not expired.
 * Anything else (forged, tampered, another assistant's, expired, garbage) is the same 401. A token
 * must carry an expiry no later than one we issue: one without (or with a far one), which only a bug
 * or a leaked key could sign, would otherwise stand for its contact forever.
 */
export async function verifyVisitorToken(token: string, chatbotId: string, now = new Date()): Promise<VisitorOfToken> {
  const key = await visitorTokenKey();
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: chatbotId, algorithms: ['HS256'], requiredClaims: ['exp'], currentDate: now });
    if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('no subject');
    if (payload.exp! > now.getTime() / 1000 + VISITOR_TOKEN_DAYS * 86_400 + CLOCK_SKEW_SECONDS) throw new Error('expiry beyond what is issued');
    return { chatbotId, contactId: payload.sub, ...(typeof payload.cnv === 'string' && payload.cnv && { conversationId: payload.cnv }) };
  } catch {
    throw unauthorized(EXPIRED_VISITOR_MESSAGE);
  }
}

/**
 * The visitor of a visitor route's request (lib/routes.ts access 'visitor'): the token in
 * `Authorization: Bearer`, for this assistant. Missing or not verifying: 401.
 */
export async function visitorOfRequest(authorization: string | undefined, chatbotId: string): Promise<Visitor> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  if (!token) throw unauthorized('A visitor token is required: send the one your last chat reply carried as "Authorization: Bearer <token>".');
  return verifyVisitorToken(token, chatbotId);
}

/**
 * The visitor a token speaks for, whichever assistant it names (its audience, protected by the
 * signature): how the realtime socket's authorizer knows whose replies a visitor's socket may receive.
 * Undefined for a token that is not a visitor token of ours or no longer verifies.
 */
export async function visitorOfToken(token: string): Promise<Visitor | undefined> {
  let audience: unknown;
  try {
    const claims = decodeJwt(token);
    if (claims.iss !== ISSUER) return undefined;
    audience = claims.aud;
  } catch {
    return undefined;
  }
  if (typeof audience !== 'string' || !audience) return undefined;
  try {
    return await verifyVisitorToken(token, audience);
  } catch {
    return undefined;
  }
}

/** Whether a `?token=` is meant as a visitor token (its issuer), before any verification. */
export function looksLikeVisitorToken(token: string): boolean {
  try {
    return decodeJwt(token).iss === ISSUER;
  } catch {
    return false;
  }
}
