import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOpenAi {
  /** What to give as the API's base URL (`OPENAI_BASE_URL`). */
  baseURL: string;
  /** Bodies of the chat completion requests received. */
  chatRequests: Record<string, unknown>[];
  /** The next completions answer with this text, or fail with this HTTP status. */
  reply: { text: string } | { status: number };
  /** Every text the embeddings endpoint was asked to embed, in order. */
  embeddedTexts: string[];
  /** Embeddings answer after this long (a slow provider); 0 answers at once. */
  embeddingDelayMs: number;
  stop(): Promise<void>;
}

/**
 * A local stand-in for the OpenAI API (chat completions and embeddings), so tests exercise the real
 * client (functions/core/runtime/openai-api.ts), with its request shapes, through `OPENAI_BASE_URL`.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake: Omit<FakeOpenAi, 'baseURL' | 'stop'> = { chatRequests: [], reply: { text: 'OK' }, embeddedTexts: [], embeddingDelayMs: 0 };
  const delayed = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.url?.endsWith('/embeddings')) {
        const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
        fake.embeddedTexts.push(...inputs);
        const dims = body.dimensions ?? 8;
        const vector = (text: string) => {
          const v = new Float32Array(dims);
          for (let i = 0; i < text.length; i++) v[text.charCodeAt(i) % dims]! += 1;
          return v;
        };
        const data = inputs.map((text, index) => {
          const v = vector(text);
          const embedding = body.encoding_format === 'base64' ? Buffer.from(v.buffer).toString('base64') : Array.from(v);
          return { object: 'embedding', index, embedding };
        });
        const answer = () => send(200, { object: 'list', data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } });
        if (!fake.embeddingDelayMs) return answer();
        const timer = setTimeout(() => {
          delayed.delete(timer);
          if (!res.destroyed) answer();
        }, fake.embeddingDelayMs);
        delayed.add(timer);
        return;
      }
      if (req.url?.endsWith('/chat/completions')) {
        fake.chatRequests.push(body);
        if ('status' in fake.reply) return send(fake.reply.status, { error: { message: 'fake provider failure', type: 'server_error' } });
        return send(200, {
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: fake.reply.text }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
      }
      send(404, { error: { message: `no fake for ${req.url}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseURL: `http://127.0.0.1:${port}/v1`,
    stop: () => {
      for (const timer of delayed) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
