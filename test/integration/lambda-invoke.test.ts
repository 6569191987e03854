import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { describe, expect, inject, it } from 'vitest';

const { env } = inject('runtime');

describe('the local Lambda Invoke API', () => {
  const lambda = new LambdaClient({
    endpoint: env.AWS_ENDPOINT_URL_LAMBDA,
    region: env.AWS_REGION,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });

  it('runs the pre-sign-up trigger, which leaves the user to confirm the mailed code', async () => {
    const event = {
      triggerSource: 'PreSignUp_SignUp',
      request: { userAttributes: { email: 'new@example.com', 'custom:business_name': 'Harbour Cafe' } },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    };
    const result = await lambda.send(new InvokeCommand({ FunctionName: 'pre-sign-up', Payload: JSON.stringify(event) }));
    expect(result.StatusCode).toBe(200);
    const payload = JSON.parse(Buffer.from(result.Payload!).toString());
    expect(payload.response).toEqual({ autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false });
  });

  it('reports a trigger that refuses (a business name with a line break) as a function error', async () => {
    const event = {
      triggerSource: 'PreSignUp_SignUp',
      request: { userAttributes: { email: 'new@example.com', 'custom:business_name': '=1+1\nJane' } },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    };
    const result = await lambda.send(new InvokeCommand({ FunctionName: 'pre-sign-up', Payload: JSON.stringify(event) }));
    expect(result.FunctionError).toBe('Unhandled');
    expect(JSON.parse(Buffer.from(result.Payload!).toString()).errorMessage).toMatch(/control characters/);
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
