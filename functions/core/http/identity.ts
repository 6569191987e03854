import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { unauthorized } from './http-error.js';

export interface Identity {
  userId: string;
  email: string;
  businessName: string;
  groups: string[];
}

/**
 * API Gateway's JWT authorizer passes claims as strings; list claims arrive as "[a b]".
 * The local gateway produces the same shape.
 */
function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string' || raw === '') return [];
  return raw.replace(/^\[|\]$/g, '').split(/[\s,]+/).filter(Boolean);
}

export function identityFromEvent(event: APIGatewayProxyEventV2WithJWTAuthorizer): Identity {
  const claims = event.requestContext.authorizer?.jwt?.claims ?? {};
  const userId = claims.sub;
  if (typeof userId !== 'string' || userId === '') throw unauthorized();
  return {
    userId,
    email: typeof claims.email === 'string' ? claims.email : '',
    businessName: typeof claims['custom:business_name'] === 'string' ? claims['custom:business_name'] : '',
    groups: parseGroups(claims['cognito:groups']),
  };
}
