import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { awsClientConfig } from '../runtime/aws-client-config.js';
import { labelDependencyErrors } from '../runtime/dependency-outage.js';

let cached: { endpoint: string | undefined; client: LambdaClient } | undefined;

function lambdaClient(): LambdaClient {
  const endpoint = process.env.AWS_ENDPOINT_URL_LAMBDA;
  if (!cached || cached.endpoint !== endpoint) {
    cached = { endpoint, client: labelDependencyErrors(new LambdaClient(awsClientConfig('function invocation')), 'function invocation') };
  }
  return cached.client;
}

/** Starts a function without waiting for it (InvocationType Event): work that outlives an API call. */
export async function invokeAsync(functionName: string, payload: unknown): Promise<void> {
  const result = await lambdaClient().send(
    new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: JSON.stringify(payload) }),
  );
  if (result.StatusCode !== 202) throw new Error(`Async invocation of ${functionName} answered ${result.StatusCode}`);
}
