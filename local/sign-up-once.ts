import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { UserPoolIds } from './bootstrap-user-pool.js';

export interface SeedAccount {
  email: string;
  password: string;
  businessName: string;
}

/**
 * Signs a seeded account up through the pool (the pre-sign-up trigger runs as for a real visitor) and
 * confirms it as an operator would, so `npm run dev` signs in without a code; an account that exists
 * already (a later start) is left as it is.
 */
export async function signUpOnce(client: CognitoIdentityProviderClient, pool: UserPoolIds, account: SeedAccount): Promise<void> {
  try {
    await client.send(
      new SignUpCommand({
        ClientId: pool.userPoolClientId,
        Username: account.email,
        Password: account.password,
        UserAttributes: [
          { Name: 'email', Value: account.email },
          { Name: 'custom:business_name', Value: account.businessName },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
    return;
  }
  await client.send(new AdminConfirmSignUpCommand({ UserPoolId: pool.userPoolId, Username: account.email }));
}
