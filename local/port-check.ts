import { createServer } from 'node:net';
import type { RuntimePorts } from './ports.js';

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Names the ports another program holds, so the user knows what to stop. */
export async function busyPorts(ports: RuntimePorts): Promise<string[]> {
  const checks = await Promise.all(Object.entries(ports).map(async ([name, port]) => ((await isFree(port)) ? undefined : `${port} (${name})`)));
  return checks.filter((c): c is string => c !== undefined);
}
