import { describe, expect, it } from 'vitest';
import { allFunctionNames } from '../../lib/routes.js';
import { functionIdsByName, logicalIdOf, resourcesOfType, synthStack } from './app-template.js';

const { template, stack } = synthStack();
const alarms = Object.values(resourcesOfType(template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties as Record<string, unknown>);
const functionIds = functionIdsByName(template);

/** The alarms on a metric of the function `name`. */
function alarmsOf(name: string, metric: string) {
  const ids = functionIds.get(name) ?? [];
  return alarms.filter(
    (a) => a.MetricName === metric && a.Namespace === 'AWS/Lambda' && ids.some((id) => JSON.stringify(a.Dimensions).includes(`"${id}"`)),
  );
}

describe('CloudWatch alarms', () => {
  it.each(allFunctionNames.map((n) => [n]))('%s raises an alarm on any error and any throttle in 5 minutes', (name) => {
    for (const metric of ['Errors', 'Throttles']) {
      expect(alarmsOf(name, metric)).toEqual([
        expect.objectContaining({ Statistic: 'Sum', Period: 300, Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' }),
      ]);
    }
  });

  it('a failed asynchronous invocation waiting in the failures queue raises an alarm', () => {
    const queueId = logicalIdOf(stack.asyncFunctions.failures);
    const onQueue = alarms.filter((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible' && JSON.stringify(a.Dimensions).includes(queueId));
    expect(onQueue).toEqual([expect.objectContaining({ Namespace: 'AWS/SQS', Threshold: 1, Statistic: 'Maximum' })]);
  });

  it.each(['ExecutionsFailed', 'ExecutionsTimedOut'])('a crawl execution counted in %s raises an alarm within 5 minutes', (metric) => {
    const machineId = logicalIdOf(stack.crawlEngine.stateMachine);
    const onMachine = alarms.filter((a) => a.MetricName === metric && JSON.stringify(a.Dimensions).includes(machineId));
    expect(onMachine).toEqual([
      expect.objectContaining({ Namespace: 'AWS/States', Statistic: 'Sum', Period: 300, Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' }),
    ]);
  });

});

describe('X-Ray tracing', () => {
  const functions = resourcesOfType(template, 'AWS::Lambda::Function');
  // Active tracing on the function, set by AppFunction: Lambda records each invocation's segment
  // (initialization, invocation, errors) without a tracing SDK in the bundle.
  it.each(allFunctionNames.map((n) => [n]))('%s is traced by X-Ray on every invocation', (name) => {
    const ids = functionIds.get(name) ?? [];
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(functions[id]?.Properties?.TracingConfig).toEqual({ Mode: 'Active' });
  });
});
