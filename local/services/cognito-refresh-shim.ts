import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { passwordProblems } from '../../functions/contracts/password-policy.js';
import { readBody } from '../read-body.js';

export interface CognitoShim {
  /** What the browser uses as Amplify's `userPoolEndpoint`. */
  endpoint: string;
  stop(): Promise<void>;
}

export interface CognitoShimOptions {
  /** How long a sign-up code is accepted: Cognito's 24 hours unless a test says otherwise. */
  codeLifetimeMs?: number;
  now?: () => number;
  /**
   * Called with the user name (the e-mail address) once a sign-up code was issued (sign-up, resend).
   * cognito-local prints the code's box, but its logger can hold a line back until the next request
   * logs, so the runtime mails these codes from here rather than waiting on that output.
   */
  onCodeIssued?: (userName: string) => void;
}

const TARGET = 'AWSCognitoIdentityProviderService.';
const REFRESH_TARGET = `${TARGET}GetTokensFromRefreshToken`;

/** Calls that set a password, and the field holding it: checked against the pool's policy as Cognito does. */
const PASSWORD_FIELDS: Record<string, string> = {
  [`${TARGET}SignUp`]: 'Password',
  [`${TARGET}ChangePassword`]: 'ProposedPassword',
  [`${TARGET}ConfirmForgotPassword`]: 'Password',
  [`${TARGET}AdminSetUserPassword`]: 'Password',
};

/**
 * What cognito-local answers a failed sign-in with, which tells an unknown (or deleted) account
 * ("User not authorized") from a wrong password ("Invalid password"). Cognito with
 * PreventUserExistenceErrors (lib/constructs/auth.ts) answers all of them alike, as this shim does.
 */
const ACCOUNT_REVEALING_ERRORS = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);
export const SIGN_IN_FAILED = { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
export const CODE_EXPIRED = { __type: 'ExpiredCodeException', message: 'Invalid code provided, please request a code again.' };

const DAY_MS = 24 * 60 * 60 * 1000;


/** An error answered by the shim itself; with cognito-local's CORS header, or the browser sees only a network error. */
function answer(res: ServerResponse, status: number, body: { __type: string; message: string }) {
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.1',
    'x-amzn-errortype': body.__type,
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'x-amzn-errortype',
  });
  res.end(JSON.stringify(body));
}

const errorTypeOf = (status: number, body: Buffer): string | undefined => {
  if (status < 400) return undefined;
  try {
    return String((JSON.parse(body.toString('utf8')) as { __type?: unknown }).__type ?? '').split('#').pop();
  } catch {
    return undefined;
  }
};

/**
 * What cognito-local does differently from Cognito, made right in front of it for the browser and the
 * tests: Amplify v6 refreshes tokens with `GetTokensFromRefreshToken`, which cognito-local lacks (answered
 * with `InitiateAuth` + `REFRESH_TOKEN_AUTH`); passwords the pool's policy refuses are refused (cognito-local
 * enforces none); a failed sign-in does not say whether the account exists; `ResendConfirmationCode`,
 * which cognito-local lacks, issues and mails a new code (its `ForgotPassword` does exactly that); and a
 * sign-up code expires after a day. Everything else passes through.
 */
export async function startCognitoRefreshShim(port: number, cognitoEndpoint: string, options: CognitoShimOptions = {}): Promise<CognitoShim> {
  const upstream = new URL(cognitoEndpoint);
  const codeLifetimeMs = options.codeLifetimeMs ?? DAY_MS;
  const now = options.now ?? Date.now;
  /** When each user's sign-up code was issued (by lower-cased user name); forgotten on restart. */
  const codeIssuedAt = new Map<string, number>();

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req, 1024 * 1024).catch(() => Buffer.alloc(0));
    const target = typeof req.headers['x-amz-target'] === 'string' ? req.headers['x-amz-target'] : '';
    let forwardHeaders: Record<string, string | string[] | undefined> = { ...req.headers, host: upstream.host };
    let forwardBody = body;
    const input = (): Record<string, unknown> => {
      try {
        return JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        return {};
      }
    };
    const passwordField = PASSWORD_FIELDS[target];
    if (passwordField) {
      const problems = passwordProblems(String(input()[passwordField] ?? ''));
      if (problems.length) return answer(res, 400, { __type: 'InvalidPasswordException', message: `Password does not conform to policy: ${problems[0]}` });
    }
    const userName = String(input().Username ?? '').toLowerCase();
    if (target === `${TARGET}ConfirmSignUp`) {
      const issuedAt = codeIssuedAt.get(userName);
      if (issuedAt !== undefined && now() - issuedAt > codeLifetimeMs) return answer(res, 400, CODE_EXPIRED);
    }
    const retarget = (newTarget: string, newBody: unknown) => {
      forwardBody = Buffer.from(JSON.stringify(newBody));
      forwardHeaders = { ...forwardHeaders, 'x-amz-target': `${TARGET}${newTarget}` };
    };
    if (target === REFRESH_TARGET) {
      const { RefreshToken, ClientId } = input();
      retarget('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId, AuthParameters: { REFRESH_TOKEN: RefreshToken } });
    }
    if (target === `${TARGET}ResendConfirmationCode`) {
      const { ClientId, Username, ClientMetadata } = input();
      retarget('ForgotPassword', { ClientId, Username, ClientMetadata });
    }
    forwardHeaders['content-length'] = String(forwardBody.length);
    const proxied = request(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: forwardHeaders },
      async (upstreamRes) => {
        const status = upstreamRes.statusCode ?? 502;
        const chunks: Buffer[] = [];
        for await (const chunk of upstreamRes) chunks.push(chunk as Buffer);
        const answered = Buffer.concat(chunks);
        const errorType = errorTypeOf(status, answered);
        if (target === `${TARGET}InitiateAuth` && errorType && ACCOUNT_REVEALING_ERRORS.has(errorType)) return answer(res, 400, SIGN_IN_FAILED);
        if ((target === `${TARGET}SignUp` || target === `${TARGET}ResendConfirmationCode`) && status < 400) {
          codeIssuedAt.set(userName, now());
          options.onCodeIssued?.(userName);
        }
        if (target === `${TARGET}ConfirmSignUp` && status < 400) codeIssuedAt.delete(userName);
        const headers = { ...upstreamRes.headers, 'content-length': String(answered.length) };
        delete headers['transfer-encoding'];
        res.writeHead(status, headers);
        res.end(answered);
      },
    );
    proxied.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `cognito-local unreachable: ${error.message}` }));
    });
    proxied.end(forwardBody);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
