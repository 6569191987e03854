import { describe, expect, it } from 'vitest';
import { claimsAsApiGatewayPasses } from '../../local/jwt-claims.js';
import { identityFromEvent } from '../../functions/core/http/identity.js';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

describe('JWT claims as the handlers receive them', () => {
  it('are strings, with lists in API Gateway brackets', () => {
    expect(claimsAsApiGatewayPasses({ sub: 'u1', exp: 1700000000, 'cognito:groups': ['admin', 'team'], email_verified: true })).toEqual({
      sub: 'u1',
      exp: '1700000000',
      'cognito:groups': '[admin team]',
      email_verified: 'true',
    });
  });

  it('give the identity: user, e-mail, business name and groups', () => {
    const claims = claimsAsApiGatewayPasses({ sub: 'u1', email: 'a@b.co', 'custom:business_name': 'Acme', 'cognito:groups': ['admin'] });
    const event = { requestContext: { authorizer: { jwt: { claims, scopes: [] } } } } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
    expect(identityFromEvent(event)).toEqual({ userId: 'u1', email: 'a@b.co', businessName: 'Acme', groups: ['admin'] });
  });
});
