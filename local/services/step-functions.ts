import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { readFileSync } from 'node:fs';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { repoPath } from '../../lib/constructs/repo-path.js';
import { WORKFLOW_DEFINITION_FILE, WORKFLOW_TASK_FUNCTION, workflowDefinitionSubstitutions } from '../../lib/workflow-definition.js';
import { log } from '../../functions/core/runtime/log.js';
import { localCredentials, LOCAL_REGION } from '../local-aws.js';
import { AwsApiError, startAwsJsonServer, stopServer } from './aws-json-api.js';

const ACCOUNT = '000000000000';
export const LOCAL_WORKFLOW_STATE_MACHINE_ARN = `arn:aws:states:${LOCAL_REGION}:${ACCOUNT}:stateMachine:run-workflow`;
const LAMBDA_INVOKE = 'arn:aws:states:::lambda:invoke';

// aws-local-stepfunctions 3 calls Promise.withResolvers (Node 22); on Node 20 every Task state fails without it.
const promiseStatics = Promise as unknown as Record<string, unknown>;
if (typeof promiseStatics.withResolvers !== 'function') {
  promiseStatics.withResolvers = function withResolvers<T>() {
    let resolve!: (value: T) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

interface Execution {
  executionArn: string;
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';
  startDate: number;
  stopDate?: number;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  abort: () => void;
}

export interface LocalStepFunctions {
  endpoint: string;
  stateMachineArn: string;
  stop(): Promise<void>;
}

/** The definition with its substitutions, as CloudFormation would deploy it. */
function loadDefinition(taskFunctionArn: string): StateMachineDefinition {
  let text = readFileSync(repoPath(WORKFLOW_DEFINITION_FILE), 'utf8');
  for (const [key, value] of Object.entries(workflowDefinitionSubstitutions(taskFunctionArn))) text = text.replaceAll(`\${${key}}`, value);
  return JSON.parse(text) as StateMachineDefinition;
}

/** Names of the Task states (Map processors included) that invoke a Lambda function. */
function lambdaTaskStates(definition: Pick<StateMachineDefinition, 'States'>): string[] {
  return Object.entries(definition.States).flatMap(([name, state]) => {
    const nested = 'ItemProcessor' in state && state.ItemProcessor ? lambdaTaskStates(state.ItemProcessor) : [];
    return state.Type === 'Task' && state.Resource === LAMBDA_INVOKE ? [name, ...nested] : nested;
  });
}

/**
 * Step Functions for the local runtime: StartExecution and DescribeExecution of the workflow state
 * machine, run by aws-local-stepfunctions from workflows/run-workflow.asl.json. Its Lambda tasks go
 * through the Lambda Invoke API of the local runtime, so the handlers run as on AWS, and a function
 * error reaches Retry and Catch with Lambda's error name and cause. Waits and retries wait for real.
 */
export async function startStepFunctions(port: number, lambdaEndpoint: string): Promise<LocalStepFunctions> {
  const taskArn = `arn:aws:lambda:${LOCAL_REGION}:${ACCOUNT}:function:${WORKFLOW_TASK_FUNCTION}`;
  const definition = loadDefinition(taskArn);
  const stateMachine = new StateMachine(definition, { validationOptions: { checkArn: false } });
  const lambda = new LambdaClient({ endpoint: lambdaEndpoint, region: LOCAL_REGION, credentials: localCredentials, maxAttempts: 1 });
  const executions = new Map<string, Execution>();

  const invoke = async (input: unknown) => {
    const { FunctionName, Payload } = input as { FunctionName: string; Payload: unknown };
    const result = await lambda.send(new InvokeCommand({ FunctionName, Payload: JSON.stringify(Payload) }));
    const payload: unknown = result.Payload?.length ? JSON.parse(Buffer.from(result.Payload).toString('utf8')) : null;
    if (result.FunctionError) {
      // As Step Functions reports a Lambda function error: Error is its type, Cause Lambda's JSON of it.
      const { errorType = 'Error', errorMessage = '' } = (payload ?? {}) as { errorType?: string; errorMessage?: string };
      const cause = JSON.stringify({ errorType, errorMessage });
      throw Object.assign(new Error(cause, { cause }), { name: errorType });
    }
    return { StatusCode: result.StatusCode ?? 200, Payload: payload } as never;
  };
  const taskResourceLocalHandlers = Object.fromEntries(lambdaTaskStates(definition).map((name) => [name, invoke]));

  const startExecution = (request: Record<string, unknown>) => {
    if (request.stateMachineArn !== LOCAL_WORKFLOW_STATE_MACHINE_ARN) {
      throw new AwsApiError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${String(request.stateMachineArn)}'`);
    }
    const name = typeof request.name === 'string' && request.name ? request.name : crypto.randomUUID();
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw new AwsApiError('InvalidName', `Invalid Name: '${name}'`);
    const executionArn = `arn:aws:states:${LOCAL_REGION}:${ACCOUNT}:execution:run-workflow:${name}`;
    if (executions.has(executionArn)) throw new AwsApiError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    const inputText = typeof request.input === 'string' ? request.input : '{}';
    let input: never;
    try {
      input = JSON.parse(inputText) as never;
    } catch {
      throw new AwsApiError('InvalidExecutionInput', 'Invalid State Machine Execution Input: the input is not JSON');
    }
    const run = stateMachine.run(input, { overrides: { taskResourceLocalHandlers }, noThrowOnAbort: true });
    const execution: Execution = { executionArn, name, status: 'RUNNING', startDate: Date.now() / 1000, input: inputText, abort: run.abort };
    executions.set(executionArn, execution);
    run.result.then(
      (output) => Object.assign(execution, { status: output === null ? 'ABORTED' : 'SUCCEEDED', output: JSON.stringify(output), stopDate: Date.now() / 1000 }),
      (error: unknown) => {
        const failure = error as { name?: string; message?: string; cause?: unknown };
        Object.assign(execution, { status: 'FAILED', error: failure.name, cause: String(failure.cause ?? failure.message ?? ''), stopDate: Date.now() / 1000 });
        log.info('Local workflow execution failed', { executionArn, error: failure.name });
      },
    );
    return { executionArn, startDate: execution.startDate };
  };

  const describeExecution = (request: Record<string, unknown>) => {
    const execution = executions.get(String(request.executionArn));
    if (!execution) throw new AwsApiError('ExecutionDoesNotExist', `Execution Does Not Exist: '${String(request.executionArn)}'`);
    const { abort: _abort, ...description } = execution;
    return { ...description, stateMachineArn: LOCAL_WORKFLOW_STATE_MACHINE_ARN };
  };

  const server = await startAwsJsonServer(port, { StartExecution: startExecution, DescribeExecution: describeExecution });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stateMachineArn: LOCAL_WORKFLOW_STATE_MACHINE_ARN,
    stop: async () => {
      for (const execution of executions.values()) if (execution.status === 'RUNNING') execution.abort();
      lambda.destroy();
      await stopServer(server);
    },
  };
}
