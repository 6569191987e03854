import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { visitorTokenKey } from '../runtime/visitor-secret.js';

/**
 * create-realtime-session's `client_secret.value`: a token of our own (never a provider key) that lets
 * one signed-in user open the realtime socket for one assistant and one voice conversation, for a minute.
 * Signed with the visitor-token key under its own issuer, so neither kind of token passes for the other.
 */
const ISSUER = 'assistly:voice-session';
export const VOICE_SESSION_SECONDS = 60;

export interface VoiceSessionClaims {
  userId: string;
  email: string;
  chatbotId: string;
  session: string;
}

export const newVoiceSession = () => randomBytes(16).toString('base64url');

export async function issueVoiceSessionToken(claims: VoiceSessionClaims, now = new Date()): Promise<{ value: string; expiresAt: number }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + VOICE_SESSION_SECONDS;
  const value = await new SignJWT({ chatbot: claims.chatbotId, session: claims.session, email: claims.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(claims.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(await visitorTokenKey());
  return { value, expiresAt };
}

/** The claims of a voice session token we signed that has not expired; undefined for anything else. */
export async function verifyVoiceSessionToken(token: string): Promise<VoiceSessionClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, await visitorTokenKey(), { issuer: ISSUER, algorithms: ['HS256'] });
    const { sub, chatbot, session, email } = payload;
    if (typeof sub !== 'string' || typeof chatbot !== 'string' || typeof session !== 'string') return undefined;
    return { userId: sub, chatbotId: chatbot, session, email: typeof email === 'string' ? email : '' };
  } catch {
    return undefined;
  }
}

/** Whether a `?token=` is meant as a voice session token (its issuer), before any verification. */
export function looksLikeVoiceSessionToken(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iss?: unknown };
    return payload.iss === ISSUER;
  } catch {
    return false;
  }
}
