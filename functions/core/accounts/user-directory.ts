import { AdminUpdateUserAttributesCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
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

/** The user's `custom:business_name`, which new ID tokens then carry. */
export async function setBusinessNameAttribute(username: string, businessName: string): Promise<void> {
  await userDirectoryClient().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: requireEnv('ACCOUNT_USER_POOL_ID'),
      Username: username,
      UserAttributes: [{ Name: 'custom:business_name', Value: businessName }],
    }),
  );
}
