import { AdminUpdateUserAttributesCommand, CognitoIdentityProviderClient, NotAuthorizedException, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { unauthorized } from '../http/http-error.js';
import { awsClientConfig } from '../runtime/aws-client-config.js';
import { labelDependencyErrors } from '../runtime/dependency-outage.js';
import { requireEnv } from '../runtime/env.js';

let cached: { endpoint: string | undefined; client: CognitoIdentityProviderClient } | undefined;

/** One Cognito client per warm Lambda (locally `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER` points at cognito-local). */
export function userDirectoryClient(): CognitoIdentityProviderClient {
  const endpoint = process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER;
  if (!cached || cached.endpoint !== endpoint) {
    cached = { endpoint, client: labelDependencyErrors(new CognitoIdentityProviderClient(awsClientConfig('user directory')), 'user directory') };
  }
  return cached.client;
}

export const GONE_USER_MESSAGE = 'This account no longer exists. Please sign in again.';

/**
 * The user's `custom:business_name`, which new ID tokens then carry. Found by `sub`, which every token
 * names (an access token carries no e-mail address). A user deleted since the token was issued is the
 * caller's problem to sign in again (401), not a server error: Cognito says UserNotFoundException,
 * cognito-local NotAuthorizedException.
 */
export async function setBusinessNameAttribute(userId: string, businessName: string): Promise<void> {
  try {
    await userDirectoryClient().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: requireEnv('ACCOUNT_USER_POOL_ID'),
        Username: userId,
        UserAttributes: [{ Name: 'custom:business_name', Value: businessName }],
      }),
    );
  } catch (error) {
    if (error instanceof UserNotFoundException || error instanceof NotAuthorizedException) throw unauthorized(GONE_USER_MESSAGE);
    throw error;
  }
}
