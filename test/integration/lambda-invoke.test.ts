import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { describe, expect, inject, it } from 'vitest';

const { env } = inject('runtime');

describe('the local Lambda Invoke API', () => {
  const lambda = new LambdaClient({
    endpoint: env.AWS_ENDPOINT_URL_LAMBDA,
    region: env.AWS_REGION,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });

  it('runs the pre-sign-up trigger, which confirms the user and verifies the e-mail', async () => {
    const event = {
      triggerSource: 'PreSignUp_SignUp',
      request: { userAttributes: { email: 'new@example.com' } },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    };
    const result = await lambda.send(new InvokeCommand({ FunctionName: 'pre-sign-up', Payload: JSON.stringify(event) }));
    expect(result.StatusCode).toBe(200);
    const payload = JSON.parse(Buffer.from(result.Payload!).toString());
    expect(payload.response).toMatchObject({ autoConfirmUser: true, autoVerifyEmail: true });
  });

  it('accepts asynchronous invocations with 202', async () => {
    const result = await lambda.send(
      new InvokeCommand({ FunctionName: 'health', InvocationType: 'Event', Payload: JSON.stringify({}) }),
    );
    expect(result.StatusCode).toBe(202);
  });

  it('answers 404 for a function that does not exist', async () => {
    await expect(lambda.send(new InvokeCommand({ FunctionName: 'no-such-function' }))).rejects.toThrow(/not found/i);
  });
});
