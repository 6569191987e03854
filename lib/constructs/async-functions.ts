import { Duration } from 'aws-cdk-lib';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { asyncFunctions, type AsyncFunction, type FunctionName } from '../routes.js';
import { AsyncWorkAlarms } from './alarms.js';
import { AppFunction, applyUses, type FunctionResources } from './app-function.js';
import { constructId } from './construct-id.js';
import { acknowledge } from './nag.js';

/** The async function behind the `channelProcessor` resource (env CHANNEL_PROCESSOR_FUNCTION_NAME + invoke permission). */
export const CHANNEL_PROCESSOR_FUNCTION_NAME = 'process-channel-webhook' satisfies FunctionName;
/** The async function behind the `knowledgeIndexer` resource (env KNOWLEDGE_INDEXER_FUNCTION_NAME + invoke permission). */
export const KNOWLEDGE_INDEXER_FUNCTION_NAME = 'reindex-knowledge' satisfies FunctionName;

/** Failed invocation records stay this long: the longest SQS allows, time for someone to look. */
const FAILURE_RETENTION = Duration.days(14);

export interface AsyncFunctionsProps {
  /** What the functions may use, handed out according to each entry's `uses`. They cannot invoke each other. */
  readonly resources: Omit<FunctionResources, 'channelProcessor' | 'knowledgeIndexer'>;
}

/**
 * Functions other functions invoke asynchronously (lib/routes.ts `asyncFunctions`), never API
 * Gateway: one per entry, with its timeout and memory. Lambda does not retry them, and an
 * invocation that still fails (crash, timeout, out of memory, event too old) leaves its record in
 * the `failures` queue.
 */
export class AsyncFunctions extends Construct {
  readonly functions: ReadonlyMap<FunctionName, AppFunction>;
  /** On-failure destination of every async function: the invocation record with the error. */
  readonly failures: IQueue;
  /** The process-channel-webhook function. */
  readonly channelProcessor: AppFunction;
  /** The reindex-knowledge function. */
  readonly knowledgeIndexer: AppFunction;

  constructor(scope: Construct, id: string, props: AsyncFunctionsProps) {
    super(scope, id);

    const failures = new Queue(this, 'Failures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: FAILURE_RETENTION,
    });
    acknowledge(
      failures,
      'AwsSolutions-SQS3',
      'This queue is itself the dead-letter destination (Lambda on-failure destination) of the async functions; ' +
        'nothing consumes it automatically, so it needs no dead-letter queue of its own.',
    );
    this.failures = failures;

    const entries: readonly AsyncFunction[] = asyncFunctions;
    const functions = new Map<FunctionName, AppFunction>();
    for (const entry of entries) {
      const name = entry.name as FunctionName;
      const fn = new AppFunction(this, constructId(name), {
        name,
        timeout: Duration.seconds(entry.timeoutSeconds),
        memorySize: entry.memoryMb,
        description: `${name} (invoked asynchronously)`,
      });
      // No automatic retry: the function records its own failure on the item it works on, and a retry
      // would start the whole job again, twice the cost, for a failure that is usually the same the
      // second time. What it cannot record goes to `failures`.
      fn.configureAsyncInvoke({ retryAttempts: 0, onFailure: new SqsDestination(failures) });
      applyUses(fn, entry.uses, props.resources);
      functions.set(name, fn);
    }
    this.functions = functions;

    new AsyncWorkAlarms(this, 'Alarms', {
      failures,
      functions: entries.map((entry) => ({ fn: functions.get(entry.name as FunctionName)!, name: entry.name, timeoutSeconds: entry.timeoutSeconds })),
    });

    const channelProcessor = functions.get(CHANNEL_PROCESSOR_FUNCTION_NAME);
    if (!channelProcessor) throw new Error(`lib/routes.ts asyncFunctions has no ${CHANNEL_PROCESSOR_FUNCTION_NAME}`);
    this.channelProcessor = channelProcessor;
    const knowledgeIndexer = functions.get(KNOWLEDGE_INDEXER_FUNCTION_NAME);
    if (!knowledgeIndexer) throw new Error(`lib/routes.ts asyncFunctions has no ${KNOWLEDGE_INDEXER_FUNCTION_NAME}`);
    this.knowledgeIndexer = knowledgeIndexer;
  }
}
