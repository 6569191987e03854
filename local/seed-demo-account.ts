import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { getAccount } from '../functions/core/accounts/account.js';
import type { UserPoolIds } from './bootstrap-user-pool.js';

export const demoAccount = {
  email: 'demo@example.com',
  password: 'Demo-password-1',
  businessName: 'Demo Bakery',
} as const;

/**
 * Signs the demo owner up through the pool (so the pre-sign-up trigger confirms them, exactly as for
 * a real visitor) and creates their profile and trial subscription.
 */
export async function seedDemoAccount(client: CognitoIdentityProviderClient, pool: UserPoolIds): Promise<void> {
  try {
    await client.send(
      new SignUpCommand({
        ClientId: pool.userPoolClientId,
        Username: demoAccount.email,
        Password: demoAccount.password,
        UserAttributes: [
          { Name: 'email', Value: demoAccount.email },
          { Name: 'custom:business_name', Value: demoAccount.businessName },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
  }
  const user = await client.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: demoAccount.email }));
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('Demo user has no sub');
  await getAccount({ userId: sub, email: demoAccount.email, businessName: demoAccount.businessName, groups: [] });
}
