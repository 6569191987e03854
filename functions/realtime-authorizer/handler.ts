import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { createTokenVerifier } from '../core/auth/verify-token.js';
import { requireEnv } from '../core/runtime/env.js';
import { log } from '../core/runtime/log.js';
import { observed } from '../core/runtime/observability.js';

let cached: { issuer: string; verify: ReturnType<typeof createTokenVerifier> } | undefined;

function verifier() {
  const issuer = requireEnv('TOKEN_ISSUER');
  if (cached?.issuer !== issuer) cached = { issuer, verify: createTokenVerifier({ issuer, clientId: requireEnv('USER_POOL_CLIENT_ID') }) };
  return cached.verify;
}

/**
 * `$connect` authorizer: browsers cannot set headers on a WebSocket, so the Cognito token comes as
 * `?token=`. Throwing 'Unauthorized' makes API Gateway answer 401.
 */
export const handler = observed(async (event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
  const token = event.queryStringParameters?.token;
  if (!token) throw new Error('Unauthorized');
  try {
    const claims = await verifier()(token);
    return {
      principalId: claims.sub,
      policyDocument: {
        Version: '2012-10-17',
        Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
      },
      context: { userId: claims.sub, email: typeof claims.email === 'string' ? claims.email : '' },
    };
  } catch (error) {
    log.warn('Refused WebSocket connection', { reason: (error as Error).message });
    throw new Error('Unauthorized');
  }
});
