import type { Server } from 'node:http';

export interface LocalSes {
  endpoint: string;
  stop(): Promise<void>;
}

/** aws-ses-v2-local: SESv2 API; its web page lists the mail that was sent. */
export async function startSes(port: number): Promise<LocalSes> {
  const mod = (await import('aws-ses-v2-local')) as unknown as { default: ((c: { host: string; port: number }) => Promise<Server>) | { default: (c: { host: string; port: number }) => Promise<Server> } };
  const start = typeof mod.default === 'function' ? mod.default : mod.default.default;
  const server = await start({ host: '127.0.0.1', port });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
