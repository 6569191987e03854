import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { readFileSync } from 'node:fs';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { repoPath } from '../../lib/constructs/repo-path.js';
import { CRAWL_DEFINITION_FILE, CRAWL_TASK_FUNCTION, crawlDefinitionSubstitutions } from '../../lib/crawl-definition.js';
import { WORKFLOW_DEFINITION_FILE, WORKFLOW_TASK_FUNCTION, workflowDefinitionSubstitutions } from '../../lib/workflow-definition.js';
import { log } from '../../functions/core/runtime/log.js';
import { localCredentials, LOCAL_REGION } from '../local-aws.js';
import { AwsApiError, startAwsJsonServer, stopServer } from './aws-json-api.js';
import { ExecutionJournal, type JournaledExecution, type Outcome } from './execution-journal.js';

const ACCOUNT = '000000000000';
const stateMachineArn = (name: string) => `arn:aws:states:${LOCAL_REGION}:${ACCOUNT}:stateMachine:${name}`;
const functionArn = (name: string) => `arn:aws:lambda:${LOCAL_REGION}:${ACCOUNT}:function:${name}`;
export const LOCAL_WORKFLOW_STATE_MACHINE_ARN = stateMachineArn('run-workflow');
export const LOCAL_CRAWL_STATE_MACHINE_ARN = stateMachineArn('crawl-site');
const LAMBDA_INVOKE = 'arn:aws:states:::lambda:invoke';
/** The stand-in's own task that does what a Wait state does (waitsAsLocalTasks). */
const LOCAL_WAIT = 'arn:aws:states:::local:wait';

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
  /** The workflow state machine. */
  stateMachineArn: string;
  /** The crawl state machine. */
  crawlStateMachineArn: string;
  stop(): Promise<void>;
}

/**
 * The state machines the stack deploys, from the same files with the same substitutions. `replay`:
 * a restarted execution answers the steps it had done from its journal (the workflow machine: a
 * delay or an escalation timeout keeps its time). The crawl machine keeps its state in the table and
 * each of its steps is idempotent, so a restarted execution simply runs again from its input and
 * carries on where the frontier says (its Map runs batches in parallel, which a journal in order cannot follow).
 */
const machineFiles = [
  { arn: LOCAL_WORKFLOW_STATE_MACHINE_ARN, file: WORKFLOW_DEFINITION_FILE, substitutions: workflowDefinitionSubstitutions(functionArn(WORKFLOW_TASK_FUNCTION)), replay: true },
  { arn: LOCAL_CRAWL_STATE_MACHINE_ARN, file: CRAWL_DEFINITION_FILE, substitutions: crawlDefinitionSubstitutions(functionArn(CRAWL_TASK_FUNCTION)), replay: false },
];

/** The definition with its substitutions, as CloudFormation would deploy it. */
function loadDefinition(file: string, substitutions: Record<string, string>): StateMachineDefinition {
  let text = readFileSync(repoPath(file), 'utf8');
  for (const [key, value] of Object.entries(substitutions)) text = text.replaceAll(`\${${key}}`, value);
  return JSON.parse(text) as StateMachineDefinition;
}

type States = StateMachineDefinition['States'];

/** Names of the Task states (Map processors included) whose Resource is `resource`. */
function taskStates(states: States, resource: string): string[] {
  return Object.entries(states).flatMap(([name, state]) => {
    const nested = 'ItemProcessor' in state && state.ItemProcessor ? taskStates(state.ItemProcessor.States, resource) : [];
    return state.Type === 'Task' && state.Resource === resource ? [name, ...nested] : nested;
  });
}

/** What a Wait state waits for, as the Parameters of the task that stands in for it. */
interface WaitParameters {
  input: unknown;
  seconds?: number;
  timestamp?: string;
}

/**
 * The states with every Wait state (Map processors included) made a Task state of the stand-in's
 * own, given the time the Wait's fields name: the stand-in then does the waiting and knows when each
 * wait ends, which resuming after a restart needs (aws-local-stepfunctions cannot resume a wait).
 * Its output is its input, as a Wait state's.
 */
function waitsAsLocalTasks(states: States): States {
  return Object.fromEntries(
    Object.entries(states).map(([name, state]) => {
      if (state.Type === 'Wait') {
        const { Type: _wait, Seconds, SecondsPath, Timestamp, TimestampPath, ...rest } = state as typeof state & Record<string, unknown>;
        const Parameters = {
          'input.$': '$',
          ...(Seconds !== undefined && { seconds: Seconds }),
          ...(SecondsPath !== undefined && { 'seconds.$': SecondsPath }),
          ...(Timestamp !== undefined && { timestamp: Timestamp }),
          ...(TimestampPath !== undefined && { 'timestamp.$': TimestampPath }),
        };
        return [name, { ...rest, Type: 'Task', Resource: LOCAL_WAIT, Parameters }];
      }
      if ('ItemProcessor' in state && state.ItemProcessor) {
        return [name, { ...state, ItemProcessor: { ...state.ItemProcessor, States: waitsAsLocalTasks(state.ItemProcessor.States) } }];
      }
      return [name, state];
    }),
  ) as States;
}

/** A journaled outcome given back as the task gave it: Retry and Catch see the same error again. */
function replayed(outcome: Outcome): unknown {
  if ('output' in outcome) return outcome.output;
  throw Object.assign(new Error(outcome.error.message, { cause: outcome.error.cause }), { name: outcome.error.name });
}

/**
 * Step Functions for the local runtime: StartExecution and DescribeExecution of the workflow state
 * machine, run by aws-local-stepfunctions from workflows/run-workflow.asl.json. Its Lambda tasks go
 * through the Lambda Invoke API of the local runtime, so the handlers run as on AWS, and a function
 * error reaches Retry and Catch with Lambda's error name and cause. Waits and retries wait for real.
 * Running executions are journaled in `stateFile` and resume on the next start (execution-journal.ts):
 * a workflow's delay or a transfer's escalation timeout still ends when it was due after a restart,
 * and the steps it had done are not done again.
 */
export async function startStepFunctions(port: number, lambdaEndpoint: string, stateFile: string): Promise<LocalStepFunctions> {
  const machines = new Map(
    machineFiles.map(({ arn, file, substitutions, replay }) => {
      const loaded = loadDefinition(file, substitutions);
      const definition = { ...loaded, States: waitsAsLocalTasks(loaded.States) };
      return [arn, { definition, replay, stateMachine: new StateMachine(definition, { validationOptions: { checkArn: false } }) }];
    }),
  );
  const lambda = new LambdaClient({ endpoint: lambdaEndpoint, region: LOCAL_REGION, credentials: localCredentials, maxAttempts: 1 });
  const executions = new Map<string, Execution>();
  const journal = new ExecutionJournal(stateFile);
  const timers = new Set<NodeJS.Timeout>();
  // Once stopping, what fails is the stop's doing, not the execution's: nothing more is journaled.
  let stopping = false;

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
    return { StatusCode: result.StatusCode ?? 200, Payload: payload };
  };
  // Cleared on stop: a wait cut short by a stop is waited out after the restart.
  const sleepUntil = (at: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, Math.max(0, at - Date.now()));
      timers.add(timer);
    });

  const launch = (journaled: JournaledExecution) => {
    const machineArn = journaled.executionArn.replace(/:execution:([^:]+):[^:]+$/, ':stateMachine:$1');
    const machine = machines.get(machineArn);
    if (!machine) return journal.finish(journaled.executionArn);
    const { definition, replay: replays, stateMachine } = machine;
    const replay = journal.replay(journaled);
    const lambdaTask = async (state: string, input: unknown) => {
      if (!replays) return invoke(input);
      const step = replay.step(state);
      if (step.outcome) return replayed(step.outcome);
      try {
        const output = await invoke(input);
        if (!stopping) replay.record(step, { outcome: { output } });
        return output;
      } catch (error) {
        const failure = error as Error;
        if (!stopping) replay.record(step, { outcome: { error: { name: failure.name, message: failure.message, cause: failure.cause } } });
        throw error;
      }
    };
    const wait = async (state: string, { input, seconds = 0, timestamp }: WaitParameters) => {
      const step = replay.step(state);
      const dueAt = step.dueAt ?? (timestamp === undefined ? Date.now() + seconds * 1000 : Date.parse(timestamp));
      if (step.dueAt === undefined) replay.record(step, { dueAt });
      await sleepUntil(dueAt);
      return input;
    };
    const taskResourceLocalHandlers = Object.fromEntries([
      ...taskStates(definition.States, LAMBDA_INVOKE).map((state) => [state, (input: unknown) => lambdaTask(state, input)]),
      ...taskStates(definition.States, LOCAL_WAIT).map((state) => [state, (input: unknown) => wait(state, input as WaitParameters)]),
    ]);
    const { executionArn, name, startDate, input } = journaled;
    const context = { Execution: { Id: executionArn, Name: name, Input: JSON.parse(input) as never, StartTime: new Date(startDate * 1000).toISOString() } };
    const run = stateMachine.run(JSON.parse(input) as never, { overrides: { taskResourceLocalHandlers }, noThrowOnAbort: true, context });
    const execution: Execution = { executionArn, name, status: 'RUNNING', startDate, input, abort: run.abort };
    executions.set(executionArn, execution);
    run.result.then(
      (output) => Object.assign(execution, { status: output === null ? 'ABORTED' : 'SUCCEEDED', output: JSON.stringify(output), stopDate: Date.now() / 1000 }),
      (error: unknown) => {
        const failure = error as { name?: string; message?: string; cause?: unknown };
        Object.assign(execution, { status: 'FAILED', error: failure.name, cause: String(failure.cause ?? failure.message ?? ''), stopDate: Date.now() / 1000 });
        log.info('Local workflow execution failed', { executionArn, error: failure.name });
      },
    ).finally(() => {
      if (!stopping) journal.finish(executionArn);
    });
  };

  const startExecution = (request: Record<string, unknown>) => {
    const machineArn = String(request.stateMachineArn);
    if (!machines.has(machineArn)) {
      throw new AwsApiError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${machineArn}'`);
    }
    const name = typeof request.name === 'string' && request.name ? request.name : crypto.randomUUID();
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw new AwsApiError('InvalidName', `Invalid Name: '${name}'`);
    const executionArn = `${machineArn.replace(':stateMachine:', ':execution:')}:${name}`;
    if (executions.has(executionArn)) throw new AwsApiError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    const input = typeof request.input === 'string' ? request.input : '{}';
    try {
      JSON.parse(input);
    } catch {
      throw new AwsApiError('InvalidExecutionInput', 'Invalid State Machine Execution Input: the input is not JSON');
    }
    const journaled: JournaledExecution = { executionArn, name, startDate: Date.now() / 1000, input, steps: [] };
    journal.begin(journaled);
    launch(journaled);
    return { executionArn, startDate: journaled.startDate };
  };

  const describeExecution = (request: Record<string, unknown>) => {
    const execution = executions.get(String(request.executionArn));
    if (!execution) throw new AwsApiError('ExecutionDoesNotExist', `Execution Does Not Exist: '${String(request.executionArn)}'`);
    const { abort: _abort, ...description } = execution;
    return { ...description, stateMachineArn: execution.executionArn.replace(/:execution:([^:]+):[^:]+$/, ':stateMachine:$1') };
  };

  for (const unfinished of journal.unfinished()) launch(unfinished);
  const server = await startAwsJsonServer(port, { StartExecution: startExecution, DescribeExecution: describeExecution });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stateMachineArn: LOCAL_WORKFLOW_STATE_MACHINE_ARN,
    crawlStateMachineArn: LOCAL_CRAWL_STATE_MACHINE_ARN,
    stop: async () => {
      stopping = true;
      for (const execution of executions.values()) if (execution.status === 'RUNNING') execution.abort();
      for (const timer of timers) clearTimeout(timer);
      lambda.destroy();
      await stopServer(server);
    },
  };
}
