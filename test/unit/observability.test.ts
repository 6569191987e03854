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

describe('log lines of work left running after the answer', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('carry their own request, also while another request runs, also while another request runs', async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    vi.resetModules();
    const { httpHandler } = await import('../../functions/core/http/http-handler.js');
    const { log } = await import('../../functions/core/runtime/log.js');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let backgroundDone!: Promise<void>;
    // The first request answers at once and leaves work behind (as a read receipt is sent after the
    // webhook is acknowledged); that work logs while the second request is being handled.
    const first = httpHandler({ route: 'health' }, async () => {
      backgroundDone = released.then(() => log.warn('WhatsApp refused the read receipt'));
      return { ok: true };
    });
    const second = httpHandler({ route: 'get-demo-stats' }, async () => {
      log.info('Second request working');
      release();
      await backgroundDone;
      return { ok: true };
    });
    const secondEvent = { ...event, requestContext: { ...event.requestContext, requestId: 'api-request-43' } } as typeof event;
    const lines = await linesWrittenBy(async () => {
      await first(event, lambdaContext);
      await second(secondEvent, { ...lambdaContext, functionName: 'get-demo-stats', awsRequestId: 'lambda-request-8' });
    });
    expect(lines.find((line) => line.message === 'Second request working')).toMatchObject({
      route: 'get-demo-stats',
      apiRequestId: 'api-request-43',
      function_request_id: 'lambda-request-8',
    });
    expect(lines.find((line) => line.message === 'WhatsApp refused the read receipt')).toMatchObject({
      route: 'health',
      apiRequestId: 'api-request-42',
      function_request_id: 'lambda-request-7',
      function_name: 'health',
    });
  });
});
