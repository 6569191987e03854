import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import middy from '@middy/core';
import { logger, withLogKeys } from './log.js';

/**
 * Business and health figures as CloudWatch Embedded Metric Format lines (Powertools Metrics): no API
 * call per request, CloudWatch reads them from the logs. The local runtime and tests turn them off
 * with POWERTOOLS_METRICS_DISABLED.
 */
export const metrics = new Metrics({ namespace: 'Assistly', serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'assistly' });

/** The figures the functions publish: health (errors, outages, refusals by limit) and answer quality. */
export type MetricName = 'ServerErrors' | 'DependencyOutages' | 'RateLimited' | 'ChatAnswers' | 'FallbackAnswers';

export const countMetric = (name: MetricName) => metrics.addMetric(name, MetricUnit.Count, 1);

type AnyHandler<E, R> = (event: E, context?: unknown) => Promise<R>;

interface InvocationContext {
  awsRequestId?: string;
  functionName?: string;
}

/**
 * Every function's outer layer: the Lambda context (request id, cold start, function name) on each log
 * line, keys of the previous request dropped, metrics flushed once per invocation. The request id and
 * function name also travel with the invocation's own asynchronous work (runtime/log.ts), so what it
 * logs after answering is not put down to the next request.
 */
export function observed<E, R>(handler: AnyHandler<E, R>): AnyHandler<E, R> {
  const wrapped = middy(handler)
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(flushMetrics()) as unknown as AnyHandler<E, R>;
  return (event, context) => {
    const { awsRequestId, functionName } = (context ?? {}) as InvocationContext;
    const keys = { ...(awsRequestId && { function_request_id: awsRequestId }), ...(functionName && { function_name: functionName }) };
    return withLogKeys(keys, () => wrapped(event, context));
  };
}

/**
 * Publishes what the invocation counted, also when it failed. Unlike Powertools' logMetrics, an
 * invocation that counted nothing (most) writes nothing, rather than a warning line per request.
 */
const flushMetrics = (): middy.MiddlewareObj => {
  const flush = async () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return { after: flush, onError: flush };
};
