import { Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';

/**
 * Issuer (`iss` claim) of the tokens a user pool signs: `https://cognito-idp.{region}.amazonaws.com/{poolId}`.
 * The HTTP API JWT authorizer and the functions that verify tokens themselves use the same value.
 */
export function cognitoIssuer(pool: IUserPool): string {
  const stack = Stack.of(pool);
  return `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${pool.userPoolId}`;
}
