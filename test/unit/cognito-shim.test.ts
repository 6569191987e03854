import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCognitoRefreshShim, type CognitoShim } from '../../local/services/cognito-refresh-shim.js';

const TARGET = 'AWSCognitoIdentityProviderService.';

/** cognito-local's answers to the calls the shim sees, and the targets that reached it. */
function fakeCognitoLocal(answers: Record<string, [number, object]>) {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    const target = String(req.headers['x-amz-target']).replace(TARGET, '');
    received.push(target);
    req.resume().on('end', () => {
      const [status, body] = answers[target] ?? [200, {}];
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(body));
    });
  });
  return { server, received };
}

describe('the local Cognito shim', () => {
  const upstream = fakeCognitoLocal({
    SignUp: [200, { UserConfirmed: false, UserSub: 'sub-1' }],
    ForgotPassword: [200, { CodeDeliveryDetails: { Destination: 'a@example.com', DeliveryMedium: 'EMAIL', AttributeName: 'email' } }],
    InitiateAuth: [400, { __type: 'CognitoLocal#InvalidPasswordException', message: 'Invalid password' }],
  });
  let clock = 0;
  const issued: string[] = [];
  let shim: CognitoShim;
  const call = async (target: string, body: object) => {
    const res = await fetch(shim.endpoint, { method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET}${target}` }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.server.address() as AddressInfo;
    shim = await startCognitoRefreshShim(0, `http://127.0.0.1:${port}`, { codeLifetimeMs: 60_000, now: () => clock, onCodeIssued: (name) => issued.push(name) });
  });
  afterAll(async () => {
    await shim.stop();
    upstream.server.close();
  });

  it('refuses a sign-up code older than its lifetime as expired, without asking cognito-local', async () => {
    await call('SignUp', { ClientId: 'c', Username: 'Late@Example.com', Password: 'Long-enough-pass-1' });
    clock += 60_001;
    const before = upstream.received.length;
    expect(await call('ConfirmSignUp', { ClientId: 'c', Username: 'late@example.com', ConfirmationCode: '123456' })).toEqual({
      status: 400,
      body: { __type: 'ExpiredCodeException', message: 'Invalid code provided, please request a code again.' },
    });
    expect(upstream.received.length).toBe(before);
  });

  it('resends by issuing a new code (cognito-local ForgotPassword), which starts a new lifetime', async () => {
    const resent = await call('ResendConfirmationCode', { ClientId: 'c', Username: 'late@example.com' });
    expect(resent.status).toBe(200);
    expect(upstream.received.at(-1)).toBe('ForgotPassword');
    expect(issued).toEqual(['late@example.com', 'late@example.com']);
    expect((await call('ConfirmSignUp', { ClientId: 'c', Username: 'late@example.com', ConfirmationCode: '123456' })).status).toBe(200);
  });

  it("answers a failed sign-in as Cognito does with PreventUserExistenceErrors, whatever cognito-local said", async () => {
    expect(await call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'c', AuthParameters: { USERNAME: 'a@example.com', PASSWORD: 'x' } })).toEqual({
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
    });
  });
});
