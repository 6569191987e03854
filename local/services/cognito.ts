import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cognitoTriggers } from '../../lib/routes.js';
import { localCredentials, LOCAL_REGION } from '../local-aws.js';
import { waitFor } from '../wait-for.js';
import { takeCodeDeliveries, type CodeDelivery } from './cognito-code-mail.js';

export interface LocalCognito {
  /** cognito-local itself: the token issuer domain and the endpoint for server-side SDK calls. */
  endpoint: string;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

/**
 * cognito-local in its own process, its state in `<directory>/.cognito`. Its config points the
 * triggers of lib/routes.ts at our Lambda Invoke endpoint, so sign-up runs the real pre-sign-up handler.
 */
export async function startCognito(
  directory: string,
  port: number,
  lambdaEndpoint: string,
  onCodeDelivery: (delivery: CodeDelivery) => void = () => undefined,
): Promise<LocalCognito> {
  const configDir = join(directory, '.cognito');
  mkdirSync(configDir, { recursive: true });
  const endpoint = `http://127.0.0.1:${port}`;
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify(
      {
        LambdaClient: { endpoint: lambdaEndpoint, region: LOCAL_REGION, credentials: localCredentials },
        TriggerFunctions: cognitoTriggers,
        TokenConfig: { IssuerDomain: endpoint },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
      },
      null,
      2,
    ),
  );
  const entry = require.resolve('cognito-local/lib/bin/start.js');
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: directory,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEBUG: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  let pending = '';
  child.stdout?.on('data', (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
    const { deliveries, rest } = takeCodeDeliveries(pending + d.toString());
    pending = rest;
    deliveries.forEach(onCodeDelivery);
  });
  child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.once('exit', () => (exited = true));
  await waitFor('cognito-local', async () => {
    if (exited) throw new Error(`cognito-local exited:\n${output}`);
    const res = await fetch(`${endpoint}/health`);
    if (!res.ok) throw new Error(`health ${res.status}`);
  });
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
      }),
  };
}

interface StoredUser {
  Attributes?: { Name: string; Value: string }[];
  ConfirmationCode?: string;
}

/**
 * The code cognito-local holds for the user with this e-mail address, read from its data files (one
 * per pool under `<directory>/.cognito/db`, written on every change).
 */
export function storedConfirmationCode(directory: string, email: string): string | undefined {
  const dbDir = join(directory, '.cognito', 'db');
  for (const file of readdirSync(dbDir).filter((name) => name.endsWith('.json') && name !== 'clients.json')) {
    let Users: Record<string, StoredUser>;
    try {
      ({ Users = {} } = JSON.parse(readFileSync(join(dbDir, file), 'utf8')) as { Users?: Record<string, StoredUser> });
    } catch {
      // cognito-local rewrites the file in place: read while it writes, it is cut short. The caller asks again.
      continue;
    }
    const user = Object.values(Users).find((u) => u.Attributes?.some((a) => a.Name === 'email' && a.Value.toLowerCase() === email.toLowerCase()));
    if (user) return user.ConfirmationCode;
  }
  return undefined;
}
