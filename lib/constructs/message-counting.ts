import { Duration } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { resourceEnv } from '../../functions/core/runtime/env.js';
import { streamConsumers, type FunctionName, type Resource } from '../routes.js';
import { AppFunction } from './app-function.js';
import { constructId } from './construct-id.js';
import { acknowledge, acknowledgeWildcardResource } from './nag.js';

/** Records of batches given up stay this long: the longest SQS allows, time for someone to look. */
const FAILURE_RETENTION = Duration.days(14);

export interface MessageCountingProps {
  /** The table, with its stream (NEW_IMAGE). */
  readonly table: Table;
}

/**
 * The table stream's consumers (lib/routes.ts `streamConsumers`): count-chat-messages adds the messages
 * of visitors' turns to the analytics counters, off the chat turn. One event source mapping each,
 * filtered to what the consumer reads (so inserts of other items never invoke it), in batches; a
 * failed batch is tried again and bisected until the record that fails is alone, and a record given up
 * after its retries (or a day old) leaves its shard and sequence numbers in `failures`. The tumbling
 * window is there for the shard id it adds to every event (the counters' marks are per shard); the
 * function keeps no state in it. Its grants: read and update items of the table (no Scan, Query,
 * delete or batch writes), and the stream's read actions the mapping adds.
 */
export class MessageCounting extends Construct {
  readonly failures: IQueue;

  constructor(scope: Construct, id: string, props: MessageCountingProps) {
    super(scope, id);
    const { table } = props;
    const failures = new Queue(this, 'Failures', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: FAILURE_RETENTION });
    acknowledge(
      failures,
      'AwsSolutions-SQS3',
      'This queue is itself the on-failure destination of the table stream consumers (the shard and sequence ' +
        'numbers of batches given up); nothing consumes it automatically, so it needs no dead-letter queue of its own.',
    );
    this.failures = failures;
    for (const consumer of streamConsumers) {
      const fn = new AppFunction(this, constructId(consumer.name), {
        name: consumer.name as FunctionName,
        timeout: Duration.seconds(consumer.timeoutSeconds),
        memorySize: consumer.memoryMb,
        description: `${consumer.name} (table stream consumer)`,
      });
      for (const resource of consumer.uses as readonly Resource[]) {
        if (resource !== 'table') throw new Error(`${consumer.name}: a stream consumer may use the table only (its grants are this construct's)`);
        for (const name of resourceEnv.table) fn.addEnvironment(name, table.tableName);
      }
      fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], resources: [table.tableArn] }));
      fn.addEventSource(
        new DynamoEventSource(table, {
          startingPosition: StartingPosition.TRIM_HORIZON,
          batchSize: consumer.batchSize,
          maxBatchingWindow: Duration.seconds(consumer.batchingWindowSeconds),
          bisectBatchOnError: true,
          retryAttempts: 10,
          maxRecordAge: Duration.days(1),
          onFailure: new SqsDlq(failures),
          tumblingWindow: Duration.minutes(15),
          filters: [FilterCriteria.filter(consumer.filter)],
        }),
      );
      // The mapping's stream grant: dynamodb:ListStreams, which DynamoDB grants on no narrower resource than *.
      acknowledgeWildcardResource(
        fn.role ?? fn,
        '*',
        `${consumer.name} lists the table's streams (dynamodb:ListStreams) as its event source mapping requires; DynamoDB grants that action on * only.`,
      );
    }
  }
}
