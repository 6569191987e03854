import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { createTokenVerifier } from '../core/auth/verify-token.js';
import { looksLikeVisitorToken, visitorOfToken } from '../core/chat/visitor-token.js';
import { visitorSocketKey } from '../core/realtime/visitor-replies.js';
import { requireEnv } from '../core/runtime/env.js';
import { log } from '../core/runtime/log.js';
import { observed } from '../core/runtime/observability.js';
import { looksLikeVoiceSessionToken, verifyVoiceSessionToken } from '../core/voice/session-token.js';

let cached: { issuer: string; verify: ReturnType<typeof createTokenVerifier> } | undefined;

function verifier() {
  const issuer = requireEnv('TOKEN_ISSUER');
  if (cached?.issuer !== issuer) cached = { issuer, verify: createTokenVerifier({ issuer, clientId: requireEnv('USER_POOL_CLIENT_ID') }) };
  return cached.verify;
}

const allow = (methodArn: string, userId: string, context: Record<string, string>): APIGatewayAuthorizerResult => ({
  principalId: userId,
  policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: methodArn }] },
  context: { userId, ...context },
});

/**
 * `$connect` authorizer: browsers cannot set headers on a WebSocket, so the token comes as `?token=`:
 * the user's Cognito ID token, or a voice session token from create-realtime-session (bound to one
 * assistant and conversation, valid for a minute), or a visitor token from POST /chat: the widget's
 * socket, which only receives the business's replies in that visitor's conversations. Throwing 'Unauthorized' makes API Gateway answer 401.
 */
export const handler = observed(async (event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
  const token = event.queryStringParameters?.token;
  if (!token) throw new Error('Unauthorized');
  if (looksLikeVisitorToken(token)) {
    const visitor = await visitorOfToken(token);
    if (!visitor) {
      log.warn('Refused WebSocket connection', { reason: 'expired or foreign visitor token' });
      throw new Error('Unauthorized');
    }
    return allow(event.methodArn, visitorSocketKey(visitor.chatbotId, visitor.contactId), { email: '', chatbotId: visitor.chatbotId, visitor: 'true' });
  }
  if (looksLikeVoiceSessionToken(token)) {
    const claims = await verifyVoiceSessionToken(token);
    if (!claims) {
      log.warn('Refused WebSocket connection', { reason: 'expired or foreign voice session token' });
      throw new Error('Unauthorized');
    }
    return allow(event.methodArn, claims.userId, { email: claims.email, chatbotId: claims.chatbotId, voiceSession: claims.session });
  }
  try {
    const claims = await verifier()(token);
    return allow(event.methodArn, claims.sub, { email: typeof claims.email === 'string' ? claims.email : '' });
  } catch (error) {
    log.warn('Refused WebSocket connection', { reason: (error as Error).message });
    throw new Error('Unauthorized');
  }
});
