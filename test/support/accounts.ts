import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminDeleteUserCommand,
  ConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { RuntimeConfig } from '../../functions/contracts/runtime-config.js';
import type { Caller } from '../../functions/core/access/authorize.js';
import type { RouteAction } from '../../lib/routes.js';
import { eventually } from './eventually.js';
import { mailTo } from './sent-mail.js';

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

/**
 * Signs up through the real user pool (pre-sign-up trigger included), confirms the account as an
 * operator can (AdminConfirmSignUp: most tests are not about the e-mailed code, which
 * confirmWithMailedCode enters as the owner does), then signs in like the app.
 */
export async function signUpAndSignIn(config: RuntimeConfig, businessName = 'Test Bakery', email = uniqueEmail()): Promise<TestUser> {
  const password = 'Test-password-1';
  await signUpUnconfirmed(config, email, password, businessName);
  const client = cognitoClient(config);
  await client.send(new AdminConfirmSignUpCommand({ UserPoolId: config.userPoolId, Username: email }));
  client.destroy();
  const tokens = await signIn(config, email, password);
  return { email, password, businessName, ...tokens };
}

/** Signs up as the app does: the account waits for the code Cognito mails. */
export async function signUpUnconfirmed(config: RuntimeConfig, email: string, password: string, businessName = 'Test Bakery'): Promise<void> {
  const client = cognitoClient(config);
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
  client.destroy();
}

/** The code of the newest verification e-mail to `email` in the SES stand-in's store, once it is there. */
export async function mailedCode(sesEndpoint: string, email: string, after = 0): Promise<string> {
  const mails = await eventually(
    async () => (await mailTo(sesEndpoint, email)).filter((mail) => /verification code/i.test(mail.subject)),
    (list) => list.length > after,
    `verification e-mail number ${after + 1} to ${email}`,
  );
  const code = /\b(\d{6})\b/.exec(mails.at(-1)!.body.text ?? '')?.[1];
  if (!code) throw new Error(`No code in: ${mails.at(-1)!.body.text}`);
  return code;
}

/** Confirms the sign-up with the code from the e-mail, as the owner does on the code step. */
export async function confirmWithMailedCode(config: RuntimeConfig, sesEndpoint: string, email: string): Promise<void> {
  const client = cognitoClient(config);
  await client.send(new ConfirmSignUpCommand({ ClientId: config.userPoolClientId, Username: email, ConfirmationCode: await mailedCode(sesEndpoint, email) }));
  client.destroy();
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
