import { AdminAddUserToGroupCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { UserPoolIds } from './bootstrap-user-pool.js';
import { signUpOnce } from './sign-up-once.js';

/** The local admin (Cognito group `admin`): opens /admin/waitlist. `npm run dev` prints it. */
export const adminAccount = {
  email: 'admin@example.com',
  password: 'Admin-password-1',
  businessName: 'Assistly Admin',
} as const;

/** Signs the admin up through the pool and puts them in the group, as ops do on AWS (README). */
export async function seedAdminAccount(client: CognitoIdentityProviderClient, pool: UserPoolIds): Promise<void> {
  await signUpOnce(client, pool, adminAccount);
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId: pool.userPoolId, Username: adminAccount.email, GroupName: 'admin' }));
}
