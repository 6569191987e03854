import {
  AdminDeleteUserCommand,
  CodeMismatchException,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  UserNotConfirmedException,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { mailedCode, signIn, signUpAndSignIn, signUpUnconfirmed, uniqueEmail } from '../support/accounts.js';

const { apiUrl, config, env } = inject('runtime');
const ses = env.AWS_ENDPOINT_URL_SESV2!;
const PASSWORD = 'Verify-password-1';

// The endpoint the app talks to (config.userPoolEndpoint), as an anonymous browser does.
const cognito = new CognitoIdentityProviderClient({ region: config.region, endpoint: config.userPoolEndpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
afterAll(() => cognito.destroy());

const signInError = async (email: string, password: string) => {
  try {
    await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }));
    return undefined;
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
};
const confirm = (email: string, code: string) =>
  cognito.send(new ConfirmSignUpCommand({ ClientId: config.userPoolClientId, Username: email, ConfirmationCode: code }));

describe('e-mail addresses are verified before an account can be used', () => {
  it('a new account gets no session until the mailed code is entered; then it signs in and the API serves it', async () => {
    const email = uniqueEmail('verify');
    await signUpUnconfirmed(config, email, PASSWORD, 'Code Bakery');
    const code = await mailedCode(ses, email);
    expect(code).toMatch(/^\d{6}$/);

    // Unconfirmed: the right password leads to the code step only, with no token for the API.
    await expect(signIn(config, email, PASSWORD)).rejects.toBeInstanceOf(UserNotConfirmedException);
    expect((await fetch(`${apiUrl}/account`)).status).toBe(401);

    const wrong = code === '000000' ? '111111' : '000000';
    await expect(confirm(email, wrong)).rejects.toBeInstanceOf(CodeMismatchException);
    await confirm(email, code);
    const { idToken } = await signIn(config, email, PASSWORD);
    const res = await fetch(`${apiUrl}/account`, { headers: { authorization: `Bearer ${idToken}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).profile).toMatchObject({ email, business_name: 'Code Bakery' });
  });

  it('resending mails a new code, which confirms the account', async () => {
    const email = uniqueEmail('resend');
    await signUpUnconfirmed(config, email, PASSWORD);
    await mailedCode(ses, email);
    await cognito.send(new ResendConfirmationCodeCommand({ ClientId: config.userPoolClientId, Username: email }));
    const second = await mailedCode(ses, email, 1);
    await confirm(email, second);
    await expect(signIn(config, email, PASSWORD)).resolves.toHaveProperty('idToken');
  });

  it('a failed sign-in says the same whether the account does not exist, the password is wrong, or the account was deleted', async () => {
    const user = await signUpAndSignIn(config);
    const deleted = await signUpAndSignIn(config);
    const admin = new CognitoIdentityProviderClient({ region: config.region, endpoint: config.userPoolEndpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    await admin.send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: deleted.email }));
    admin.destroy();

    const answers = {
      unknown: await signInError(uniqueEmail('nobody'), PASSWORD),
      wrongPassword: await signInError(user.email, 'Not-the-password-1'),
      deleted: await signInError(deleted.email, deleted.password),
    };
    const same = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    expect(answers).toEqual({ unknown: same, wrongPassword: same, deleted: same });
  });
});
