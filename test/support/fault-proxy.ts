import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy in front of a local stand-in (s3rver), through which the handlers reach it, that a test
 * can make fail for the requests it names: those whose path contains one of the `refuse` strings get
 * their connection reset, as a stopped service does. Scoped by path (an assistant's or an owner's
 * id), a test's outage does not touch the other test files sharing the runtime.
 *
 * Control: `POST <proxy>/__faults` with `{ "refuse": ["<id>"] }`; `{ "refuse": [] }` ends the outage.
 */
export interface FaultProxy {
  endpoint: string;
  stop(): Promise<void>;
}

export const FAULTS_PATH = '/__faults';

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let refuse: string[] = [];
  const server = http.createServer((req, res) => {
    if (req.url === FAULTS_PATH && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        refuse = (JSON.parse(body) as { refuse: string[] }).refuse;
        res.writeHead(204).end();
      });
      return;
    }
    const path = decodeURIComponent(req.url ?? '');
    if (refuse.some((part) => path.includes(part))) {
      req.socket.destroy();
      return;
    }
    const forwarded = http.request(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Makes the service behind `proxy` refuse every request whose path contains one of `parts` ([] to end). */
export async function refuseRequests(proxy: string, parts: string[]): Promise<void> {
  const res = await fetch(`${proxy}${FAULTS_PATH}`, { method: 'POST', body: JSON.stringify({ refuse: parts }) });
  if (res.status !== 204) throw new Error(`The fault proxy answered ${res.status}`);
}
