import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Every line the function wrote to stdout and stderr while `run` ran, parsed as JSON where it is. */
async function linesWrittenBy(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  const capture = (chunk: unknown) => (written.push(String(chunk)), true);
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return written.flatMap((text) => text.split('\n')).filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
}

const event = {
  version: '2.0',
  routeKey: 'GET /health',
  rawPath: '/health',
  rawQueryString: '',
  headers: {},
  isBase64Encoded: false,
  requestContext: { requestId: 'api-request-42', http: { method: 'GET', path: '/health' } },
} as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;

const lambdaContext = {
  functionName: 'health',
  functionVersion: '$LATEST',
  awsRequestId: 'lambda-request-7',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-2:000000000000:function:health',
  memoryLimitInMB: '512',
  getRemainingTimeInMillis: () => 10_000,
};

/** A handler that fails as a bug would, built after the environment is set (the logger and metrics read it once). */
async function failingHandler() {
  vi.resetModules();
  const { httpHandler } = await import('../../functions/core/http/http-handler.js');
  return httpHandler({ route: 'health' }, async () => {
    throw new Error('database row had no id');
  });
}

describe('what operations see of a failed request', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('logs the error once, as JSON, with the route, the API request id and the Lambda request id', async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    const handler = await failingHandler();
    let status: number | undefined;
    const lines = await linesWrittenBy(async () => {
      status = ((await handler(event, lambdaContext)) as { statusCode: number }).statusCode;
    });
    expect(status).toBe(500);
    const errors = lines.filter((line) => line.level === 'ERROR');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      message: 'Unhandled error',
      route: 'health',
      apiRequestId: 'api-request-42',
      function_request_id: 'lambda-request-7',
      error: { message: 'database row had no id' },
    });
  });

  it('counts the failure as a ServerErrors metric (CloudWatch Embedded Metric Format)', async () => {
    vi.stubEnv('LOG_LEVEL', 'silent');
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    const handler = await failingHandler();
    const lines = await linesWrittenBy(() => handler(event, lambdaContext));
    const metric = lines.find((line) => '_aws' in line);
    expect(metric).toMatchObject({ ServerErrors: 1, _aws: { CloudWatchMetrics: [{ Namespace: 'Assistly' }] } });
  });

  it('keeps no request keys for the next request', async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    const handler = await failingHandler();
    await linesWrittenBy(() => handler(event, lambdaContext));
    const { log } = await import('../../functions/core/runtime/log.js');
    const [after] = await linesWrittenBy(async () => log.info('Between requests'));
    expect(after).not.toHaveProperty('apiRequestId');
  });
});
