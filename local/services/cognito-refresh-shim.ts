import { createServer, request, type Server } from 'node:http';
import { passwordProblems } from '../../functions/contracts/password-policy.js';
import { readBody } from '../read-body.js';

export interface CognitoShim {
  /** What the browser uses as Amplify's `userPoolEndpoint`. */
  endpoint: string;
  stop(): Promise<void>;
}

const REFRESH_TARGET = 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken';

/** Calls that set a password, and the field holding it: checked against the pool's policy as Cognito does. */
const PASSWORD_FIELDS: Record<string, string> = {
  'AWSCognitoIdentityProviderService.SignUp': 'Password',
  'AWSCognitoIdentityProviderService.ChangePassword': 'ProposedPassword',
  'AWSCognitoIdentityProviderService.ConfirmForgotPassword': 'Password',
  'AWSCognitoIdentityProviderService.AdminSetUserPassword': 'Password',
};

/**
 * Amplify v6 refreshes tokens with `GetTokensFromRefreshToken`, which cognito-local lacks. This proxy
 * answers that call with `InitiateAuth` + `REFRESH_TOKEN_AUTH`, refuses passwords the pool's policy
 * refuses (cognito-local enforces none), and passes everything else through.
 */
export async function startCognitoRefreshShim(port: number, cognitoEndpoint: string): Promise<CognitoShim> {
  const upstream = new URL(cognitoEndpoint);
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req, 1024 * 1024).catch(() => Buffer.alloc(0));
    const target = req.headers['x-amz-target'];
    let forwardHeaders: Record<string, string | string[] | undefined> = { ...req.headers, host: upstream.host };
    let forwardBody = body;
    const passwordField = typeof target === 'string' ? PASSWORD_FIELDS[target] : undefined;
    if (passwordField) {
      const input = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      const problems = passwordProblems(String(input[passwordField] ?? ''));
      if (problems.length) {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'InvalidPasswordException' });
        res.end(JSON.stringify({ __type: 'InvalidPasswordException', message: `Password does not conform to policy: ${problems[0]}` }));
        return;
      }
    }
    if (target === REFRESH_TARGET) {
      const input = JSON.parse(body.toString('utf8') || '{}') as { RefreshToken?: string; ClientId?: string };
      forwardBody = Buffer.from(
        JSON.stringify({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: input.ClientId,
          AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
        }),
      );
      forwardHeaders = { ...forwardHeaders, 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' };
    }
    forwardHeaders['content-length'] = String(forwardBody.length);
    const proxied = request(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: forwardHeaders },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
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
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
