import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { RuntimeConfig } from '../../functions/contracts/runtime-config.js';
import type { Caller } from '../../functions/core/access/authorize.js';
import type { RouteAction } from '../../lib/routes.js';

export interface TestUser {
  email: string;
  password: string;
  businessName: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** The signed-in user's id (the token's `sub`): whose connections and items the runtime keys by. */
export const subOf = (idToken: string): string => JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub;

let counter = 0;
export const uniqueEmail = (prefix = 'owner') => `${prefix}-${Date.now()}-${++counter}@example.com`;

function cognitoClient(config: RuntimeConfig) {
  return new CognitoIdentityProviderClient({
    region: config.region,
    endpoint: config.userPoolEndpoint,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
}

/** Signs up through the real user pool (pre-sign-up trigger included), then signs in like the app. */
export async function signUpAndSignIn(config: RuntimeConfig, businessName = 'Test Bakery', email = uniqueEmail()): Promise<TestUser> {
  const client = cognitoClient(config);
  const password = 'Test-password-1';
  await client.send(
    new SignUpCommand({
      ClientId: config.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'custom:business_name', Value: businessName },
      ],
    }),
  );
  const tokens = await signIn(config, email, password);
  client.destroy();
  return { email, password, businessName, ...tokens };
}

export async function signIn(config: RuntimeConfig, email: string, password: string) {
  const client = cognitoClient(config);
  const { AuthenticationResult: result } = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  client.destroy();
  if (!result?.IdToken || !result.AccessToken || !result.RefreshToken) throw new Error('Sign-in returned no tokens');
  return { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken: result.RefreshToken };
}

/** A signed-in caller as httpHandler builds it, for tests that call core functions in-process. */
export const callerOf = (userId: string, action: RouteAction = 'edit'): Caller => ({ userId, email: '', businessName: '', groups: [], action });
/**
 * A signed-in member of the Cognito group `admin` (what `npm run dev` seeds, and what ops do on AWS with
 * admin-add-user-to-group): signed up, added to the group, then signed in again so the token names it.
 */
export async function signUpAdmin(config: RuntimeConfig): Promise<TestUser> {
  const user = await signUpAndSignIn(config, 'Admin Co');
  const client = cognitoClient(config);
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId: config.userPoolId, Username: user.email, GroupName: 'admin' }));
  client.destroy();
  return { ...user, ...(await signIn(config, user.email, user.password)) };
}

/** Removes the user from the pool as an operator would (their tokens stay valid until they expire). */
export async function deleteUser(config: RuntimeConfig, email: string): Promise<void> {
  const client = cognitoClient(config);
  await client.send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: email }));
  client.destroy();
}
