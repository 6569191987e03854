import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { awsClientConfig } from '../runtime/aws-client-config.js';
import { labelDependencyErrors } from '../runtime/dependency-outage.js';
import { requireEnv } from '../runtime/env.js';

let cached: { endpoint: string | undefined; client: SFNClient } | undefined;

/** One Step Functions client per warm Lambda; locally `AWS_ENDPOINT_URL_SFN` points it at local/services/step-functions.ts. */
export function sfnClient(): SFNClient {
  const endpoint = process.env.AWS_ENDPOINT_URL_SFN;
  if (!cached || cached.endpoint !== endpoint) {
    cached = { endpoint, client: labelDependencyErrors(new SFNClient(awsClientConfig('workflow engine')), 'workflow engine') };
  }
  return cached.client;
}

/**
 * Starts the workflow state machine (WORKFLOW_STATE_MACHINE_ARN). The execution is named after the
 * execution record, so a start repeated by a retry is refused by Step Functions instead of run twice.
 */
export async function startStateMachine(name: string, input: unknown): Promise<string> {
  const { executionArn } = await sfnClient().send(
    new StartExecutionCommand({ stateMachineArn: requireEnv('WORKFLOW_STATE_MACHINE_ARN'), name, input: JSON.stringify(input) }),
  );
  return executionArn ?? '';
}
