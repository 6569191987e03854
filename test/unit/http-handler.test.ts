import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEFAULT_MAX_BODY_BYTES } from '../../lib/routes.js';
import { httpHandler, timeLimitMessage } from '../../functions/core/http/http-handler.js';
import { badRequest } from '../../functions/core/http/http-error.js';

const bodySchema = z.object({ websiteUrl: z.string().url(), pages: z.number().int().min(1).max(50) });

function event(body: string | undefined, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return {
    version: '2.0',
    routeKey: 'POST /account/subscription/refresh',
    rawPath: '/account/subscription/refresh',
    rawQueryString: '',
    headers,
    body,
    isBase64Encoded: false,
    requestContext: {
      http: { method: 'POST', path: '/account/subscription/refresh' },
      authorizer: { jwt: { claims: { sub: 'user-1', email: 'a@example.com', 'cognito:groups': '[admin editors]' }, scopes: [] } },
    },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

async function call(handler: ReturnType<typeof httpHandler>, e: APIGatewayProxyEventV2WithJWTAuthorizer) {
  const result = (await handler(e, {})) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: JSON.parse(result.body ?? 'null') };
}

describe('httpHandler', () => {
  const impl = vi.fn(async ({ body, identity }) => ({ echoed: body, user: identity.userId, groups: identity.groups }));
  const handler = httpHandler({ route: 'refresh-subscription', body: bodySchema }, impl);

  it('passes the validated body and the caller identity to the domain', async () => {
    const res = await call(handler, event(JSON.stringify({ websiteUrl: 'https://example.com', pages: 3 })));
    expect(res).toEqual({
      status: 200,
      body: { echoed: { websiteUrl: 'https://example.com', pages: 3 }, user: 'user-1', groups: ['admin', 'editors'] },
    });
  });

  it('400 for malformed JSON, without calling the domain', async () => {
    impl.mockClear();
    expect(await call(handler, event('{"websiteUrl":'))).toEqual({ status: 400, body: { error: 'Malformed JSON body' } });
    expect(impl).not.toHaveBeenCalled();
  });

  it('400 for a body nested 20,000 levels deep, before the domain works on it (where it would overflow the stack)', async () => {
    // The domain stores what it is given: the SDKs marshal it recursively, as JSON.stringify does here.
    const stored = vi.fn(async ({ body }: { body: unknown }) => ({ bytes: JSON.stringify(body).length }));
    const storing = httpHandler({ route: 'refresh-subscription', body: z.object({ data: z.unknown() }) }, stored);
    const nested = (levels: number) => `{"data":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    expect(await call(storing, event(nested(20_000)))).toEqual({ status: 400, body: { error: 'The request body is nested more than 64 levels deep' } });
    expect(stored).not.toHaveBeenCalled();
    expect((await call(storing, event(nested(63)))).status).toBe(200);
  });

  it('400 naming a missing field', async () => {
    const res = await call(handler, event(JSON.stringify({ pages: 3 })));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Invalid request: websiteUrl: /);
  });

  it('400 naming a field of the wrong type', async () => {
    const res = await call(handler, event(JSON.stringify({ websiteUrl: 'https://example.com', pages: 'three' })));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/pages: /);
  });

  it('400 for a missing body', async () => {
    expect((await call(handler, event(undefined))).status).toBe(400);
  });

  it('413 above the route body limit', async () => {
    const big = JSON.stringify({ websiteUrl: 'https://example.com', pages: 1, pad: 'x'.repeat(DEFAULT_MAX_BODY_BYTES) });
    const res = await call(handler, event(big));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(`Request body too large: the limit is ${DEFAULT_MAX_BODY_BYTES} bytes`);
  });

  it('415 for a body that is not JSON', async () => {
    const res = await call(handler, event('websiteUrl=x', { 'content-type': 'application/x-www-form-urlencoded' }));
    expect(res.status).toBe(415);
  });

  it('decodes base64 bodies as API Gateway may deliver them', async () => {
    const e = event(Buffer.from(JSON.stringify({ websiteUrl: 'https://example.com', pages: 2 })).toString('base64'));
    e.isBase64Encoded = true;
    expect((await call(handler, e)).status).toBe(200);
  });

  it('401 when the authorizer passed no subject', async () => {
    const e = event(JSON.stringify({ websiteUrl: 'https://example.com', pages: 1 }));
    e.requestContext.authorizer.jwt.claims = {};
    expect((await call(handler, e)).status).toBe(401);
  });

  it('shows a domain 4xx message and hides an unexpected error behind a 500 without details', async () => {
    const refusing = httpHandler({ route: 'health' }, async () => {
      throw badRequest('That website address cannot be reached');
    });
    expect(await call(refusing, event(undefined))).toEqual({ status: 400, body: { error: 'That website address cannot be reached' } });
    const crashing = httpHandler({ route: 'health' }, async () => {
      throw new Error('secret connection string in stack');
    });
    process.env.LOG_LEVEL = 'silent';
    expect(await call(crashing, event(undefined))).toEqual({ status: 500, body: { error: 'Internal server error' } });
  });

  it("answers 503 at the route's time limit and aborts the work's signal, so it stops writing", async () => {
    vi.useFakeTimers();
    try {
      let signal: AbortSignal | undefined;
      const slow = httpHandler({ route: 'delete-knowledge-entry' }, (request) => {
        signal = request.signal;
        return new Promise(() => undefined);
      });
      const answer = call(slow, event(undefined, {}));
      await vi.advanceTimersByTimeAsync(27_900);
      expect(signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(signal?.aborted).toBe(true);
      expect(await answer).toEqual({ status: 503, body: { error: timeLimitMessage(29) } });
    } finally {
      vi.useRealTimers();
    }
  });
});
