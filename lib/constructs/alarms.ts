import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';

/** Alarms look at five-minute windows: long enough to be cheap, short enough to be told quickly. */
const PERIOD = Duration.minutes(5);

/** A long job raises its alarm when one run takes this share of its time limit. */
export const DURATION_ALARM_SHARE = 0.8;

/** Raised by one occurrence in a window; quiet while nothing happens (no data is not a failure). */
function alarmOnAny(scope: Construct, id: string, metric: IMetric, description: string): Alarm {
  return new Alarm(scope, id, {
    metric,
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
    alarmDescription: description,
  });
}

/**
 * A function's errors (an unhandled exception, a time-out, a crash: never a 4xx or 503 it answered
 * on purpose) and its throttles (Lambda refused to run it for lack of concurrency). Every AppFunction
 * has them.
 */
export class FunctionAlarms extends Construct {
  readonly errors: Alarm;
  readonly throttles: Alarm;

  constructor(scope: Construct, id: string, fn: IFunction, name: string) {
    super(scope, id);
    this.errors = alarmOnAny(
      this,
      'Errors',
      fn.metricErrors({ period: PERIOD, statistic: 'Sum' }),
      `${name} failed (unhandled error, time-out or crash) at least once in 5 minutes`,
    );
    this.throttles = alarmOnAny(
      this,
      'Throttles',
      fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }),
      `${name} was throttled (no concurrency left) at least once in 5 minutes`,
    );
  }
}

export interface AsyncWorkAlarmsProps {
  /** Where Lambda leaves the record of an async invocation that failed for good. */
  readonly failures: IQueue;
  /** Each async function with its time limit. */
  readonly functions: readonly { fn: IFunction; name: string; timeoutSeconds: number }[];
}

/**
 * Asynchronous work (the crawl): a failed invocation waiting in the failures queue, and a run that
 * used most of its time limit, before it starts being cut off by it.
 */
export class AsyncWorkAlarms extends Construct {
  readonly failedInvocations: Alarm;
  readonly nearTimeLimit: readonly Alarm[];

  constructor(scope: Construct, id: string, props: AsyncWorkAlarmsProps) {
    super(scope, id);
    this.failedInvocations = alarmOnAny(
      this,
      'FailedInvocations',
      props.failures.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' }),
      'An asynchronous invocation (a crawl) failed for good: its record waits in the failures queue',
    );
    this.nearTimeLimit = props.functions.map(({ fn, name, timeoutSeconds }) => {
      const limitMs = timeoutSeconds * 1000;
      return new Alarm(this, `${fn.node.id}NearTimeLimit`, {
        metric: fn.metricDuration({ period: PERIOD, statistic: 'Maximum' }),
        threshold: Math.round(limitMs * DURATION_ALARM_SHARE),
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: `A run of ${name} took ${DURATION_ALARM_SHARE * 100}% or more of its ${timeoutSeconds} s limit`,
      });
    });
  }
}

/**
 * A state machine's executions that ended failed or timed out. The crawl machine ends failed (its
 * ReadingFailed state) only after a step failed past its retries and the failure was recorded on the
 * assistant: the owner sees a failed reading, the operator is told here.
 */
export class StateMachineAlarms extends Construct {
  readonly failedExecutions: Alarm;
  readonly timedOutExecutions: Alarm;

  constructor(scope: Construct, id: string, stateMachine: IStateMachine, name: string) {
    super(scope, id);
    const onExecutions = (metric: 'ExecutionsFailed' | 'ExecutionsTimedOut', what: string) =>
      alarmOnAny(this, metric, stateMachine.metric(metric, { period: PERIOD, statistic: 'Sum' }), `An execution of the ${name} state machine ${what} at least once in 5 minutes`);
    this.failedExecutions = onExecutions('ExecutionsFailed', 'failed');
    this.timedOutExecutions = onExecutions('ExecutionsTimedOut', 'ran past its time limit');
  }
}
