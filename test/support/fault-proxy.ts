import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An HTTP proxy in front of a local stand-in (s3rver, DynamoDB Local), through which the handlers
 * reach it, that a test can make fail for the requests it names: a request whose path or body
 * contains one of the `refuse` strings gets its connection reset, as a stopped service does; one that
 * contains a `freeze` string is held unanswered for ever, as a hung service does. Scoped by content
 * (an assistant's or an owner's id: in S3 paths, in DynamoDB request bodies), a test's outage does
 * not touch the other test files sharing the runtime.
 *
 * Control: `POST <proxy>/__faults` with `{ "refuse": ["<id>"], "freeze": [] }`; empty lists end it.
 */
export interface FaultProxy {
  endpoint: string;
  stop(): Promise<void>;
}

export const FAULTS_PATH = '/__faults';

interface Faults {
  refuse: string[];
  freeze: string[];
  /** Only the first `times` matching requests fail (a fault that passes); absent: all of them. */
  times?: number;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  let faults: Faults = { refuse: [], freeze: [] };
  const held = new Set<Socket>();
  const matches = (parts: string[], path: string, body: string) => parts.some((part) => path.includes(part) || body.includes(part));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (req.url === FAULTS_PATH && req.method === 'POST') {
        const asked = JSON.parse(raw.toString('utf8')) as Partial<Faults>;
        faults = { refuse: asked.refuse ?? [], freeze: asked.freeze ?? [], ...(asked.times !== undefined ? { times: asked.times } : {}) };
        res.writeHead(204).end();
        return;
      }
      let path = req.url ?? '';
      try {
        path = decodeURIComponent(path);
      } catch {
        // Matched as sent.
      }
      const body = raw.toString('utf8');
      if (matches(faults.refuse, path, body) && (faults.times === undefined || faults.times-- > 0)) return void req.socket.destroy();
      if (matches(faults.freeze, path, body)) {
        held.add(req.socket);
        req.socket.once('close', () => held.delete(req.socket));
        return;
      }
      const forwarded = http.request(
        { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers, agent },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forwarded.on('error', () => res.destroy());
      forwarded.end(raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of held) socket.destroy();
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function setFaults(proxy: string, faults: Faults): Promise<void> {
  const res = await fetch(`${proxy}${FAULTS_PATH}`, { method: 'POST', body: JSON.stringify(faults) });
  if (res.status !== 204) throw new Error(`The fault proxy answered ${res.status}`);
}

/** Makes the service behind `proxy` refuse every request whose path or body contains one of `parts` ([] to end). */
export const refuseRequests = (proxy: string, parts: string[]) => setFaults(proxy, { refuse: parts, freeze: [] });

/** Makes the service behind `proxy` refuse the next `times` requests whose path or body contains one of `parts`, then serve them again. */
export const refuseRequestsTimes = (proxy: string, parts: string[], times: number) => setFaults(proxy, { refuse: parts, freeze: [], times });

/** Makes the service behind `proxy` hang on every request whose path or body contains one of `parts` ([] to end). */
export const freezeRequests = (proxy: string, parts: string[]) => setFaults(proxy, { refuse: [], freeze: parts });
