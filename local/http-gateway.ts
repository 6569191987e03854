import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { fallbackRoute, httpRoutes, isSignedIn, type FunctionName } from '../lib/routes.js';
import { createTokenVerifier } from '../functions/core/auth/verify-token.js';
import { log } from '../functions/core/runtime/log.js';
import { lambdaContext, loadHandler } from './handlers.js';
import { claimsAsApiGatewayPasses } from './jwt-claims.js';
import { BodyTooLargeError, readBody } from './read-body.js';
import { createRouteMatcher, MalformedPathError, type RouteMatch } from './route-matcher.js';

export interface HttpGatewayOptions {
  port: number;
  tokenIssuer: string;
  userPoolClientId: string;
  /** Client address from the first X-Forwarded-For entry (local/runtime.ts `trustForwardedFor`). */
  trustForwardedFor?: boolean;
}

export interface HttpGateway {
  url: string;
  stop(): Promise<void>;
}

/** HTTP API's hard payload limit; routes set their own smaller limits in their handlers. */
const API_GATEWAY_MAX_BODY = 10 * 1024 * 1024;

const TEXT_TYPES = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript))|\+json|\+xml/i;

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** 500 if nothing was sent yet; otherwise the response is cut off, as a crashed integration's would be. */
function answerInternalError(res: ServerResponse, cors: Record<string, string>) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // Headers a function set before failing must not leak into the error answer.
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  sendJson(res, 500, { message: 'Internal Server Error' }, cors);
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-headers': 'authorization,content-type,idempotency-key',
    'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
    'access-control-max-age': '600',
    vary: 'origin',
  };
}

function singleValueHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[key.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

/** The caller's address as API Gateway reports it in `sourceIp`. */
function sourceIp(req: IncomingMessage, trustForwardedFor: boolean | undefined): string {
  const forwarded = trustForwardedFor ? String(req.headers['x-forwarded-for'] ?? '').split(',')[0]?.trim() : '';
  return forwarded || req.socket.remoteAddress || '127.0.0.1';
}

function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return header.replace(/^Bearer\s+/i, '').trim() || undefined;
}

/**
 * The local HTTP API: routes from lib/routes.ts, the JWT authorizer on user/admin routes (jose),
 * payload format 2.0 events, CORS like the deployed API's configuration.
 */
export async function startHttpGateway(options: HttpGatewayOptions): Promise<HttpGateway> {
  const matchRoute = createRouteMatcher(httpRoutes);
  const verify = createTokenVerifier({ issuer: options.tokenIssuer, clientId: options.userPoolClientId });

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const cors = corsHeaders(req);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const method = req.method ?? 'GET';
    let url: URL;
    let match: RouteMatch<(typeof httpRoutes)[number]> | undefined;
    try {
      url = new URL(req.url ?? '/', 'http://local');
      match = matchRoute(method, url.pathname);
    } catch (error) {
      // What API Gateway answers for a request line it cannot read, before any function runs.
      const reason = error instanceof MalformedPathError ? error.message : `Malformed request target ${JSON.stringify(req.url?.slice(0, 200))}`;
      return sendJson(res, 400, { message: `Bad Request: ${reason}` }, cors);
    }
    const functionName: FunctionName = match?.route.name ?? fallbackRoute.name;
    const routeKey = match ? `${match.route.method} ${match.route.path}` : '$default';

    let claims: Record<string, string> | undefined;
    if (match && isSignedIn(match.route.access)) {
      const token = bearerToken(req.headers.authorization);
      try {
        if (!token) throw new Error('missing token');
        claims = claimsAsApiGatewayPasses(await verify(token));
      } catch {
        // What API Gateway's JWT authorizer answers, before any function runs.
        sendJson(res, 401, { message: 'Unauthorized' }, cors);
        return;
      }
    }

    let raw: Buffer;
    try {
      raw = await readBody(req, API_GATEWAY_MAX_BODY);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendJson(res, 413, { error: error.message }, cors);
      // The client went away mid-body: nobody is left to answer.
      res.destroy();
      return;
    }
    const headers = singleValueHeaders(req);
    const isText = raw.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
    const now = new Date();
    const event: APIGatewayProxyEventV2WithJWTAuthorizer = {
      version: '2.0',
      routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      cookies: headers.cookie?.split(/;\s*/),
      headers,
      queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
      pathParameters: match && Object.keys(match.pathParameters).length ? match.pathParameters : undefined,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: claims ?? {}, scopes: [] } },
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'local',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: sourceIp(req, options.trustForwardedFor),
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: crypto.randomUUID(),
        routeKey,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
      },
      body: raw.length ? raw.toString(isText ? 'utf8' : 'base64') : undefined,
      isBase64Encoded: !isText,
    };
    if (!claims) delete (event.requestContext as { authorizer?: unknown }).authorizer;

    try {
      const handler = await loadHandler(functionName);
      const result = (await handler(event, lambdaContext(functionName))) as APIGatewayProxyStructuredResultV2 | string | object;
      if (typeof result === 'object' && result !== null && 'statusCode' in result) {
        const structured = result as APIGatewayProxyStructuredResultV2;
        const body = structured.isBase64Encoded && structured.body ? Buffer.from(structured.body, 'base64') : structured.body ?? '';
        const responseHeaders: Record<string, string> = { ...cors };
        for (const [k, v] of Object.entries(structured.headers ?? {})) responseHeaders[k] = String(v);
        if (structured.cookies?.length) res.setHeader('set-cookie', structured.cookies);
        res.writeHead(structured.statusCode ?? 200, responseHeaders);
        res.end(body);
      } else {
        sendJson(res, 200, result, cors);
      }
    } catch (error) {
      // A function that throws, or answers what is not an HTTP response: API Gateway answers 500
      // without details.
      log.error('Function failed', { functionName, error });
      answerInternalError(res, cors);
    }
  };

  // Whatever goes wrong with one request stays that request's failure: the runtime serves on.
  const server: Server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      log.error('Request failed in the local gateway', { url: req.url, error });
      answerInternalError(res, corsHeaders(req));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${options.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
