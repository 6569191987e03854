import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOpenAi {
  /** What to give as the API's base URL (`OPENAI_BASE_URL`). */
  baseURL: string;
  /** Bodies of the chat completion requests received. */
  chatRequests: Record<string, unknown>[];
  /** The next completions answer with this text, or fail with this HTTP status. */
  reply: { text: string } | { status: number };
  /** Answers some completions otherwise than `reply` (by what they ask): its reply, or undefined for `reply`. */
  replyFor?: (request: Record<string, unknown>) => { text: string } | { status: number } | undefined;
  /** Every text the embeddings endpoint was asked to embed, in order. */
  embeddedTexts: string[];
  /** Embeddings answer after this long (a slow provider); 0 answers at once. */
  embeddingDelayMs: number;
  /** Chat completions answer after this long (a slow model); 0 answers at once. */
  replyDelayMs: number;
  /** A streamed completion (`stream: true`) waits this long between its tokens (words); 0 sends them at once. */
  tokenDelayMs: number;
  /** A streamed completion stops after this many tokens until `open` resolves (a model caught mid-answer). */
  streamGate?: { afterTokens: number; open: Promise<void> };
  /** When each streamed completion wrote each of its tokens (ms since the epoch, sub-millisecond). */
  tokenTimes: number[][];
  /** Called with a streamed completion's token times once it has ended. */
  onStreamed?: (times: number[]) => void;
  /** Uploads to the transcription endpoint: the model named and the audio file's bytes. */
  transcriptionRequests: { model: string; file: Buffer; contentType: string }[];
  /** What the transcription endpoint hears, or the HTTP status it fails with. */
  transcript: { text: string } | { status: number };
  stop(): Promise<void>;
}

/**
 * A local stand-in for the OpenAI API (chat completions and embeddings), so tests exercise the real
 * client (functions/core/runtime/openai-api.ts), with its request shapes, through `OPENAI_BASE_URL`.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake: Omit<FakeOpenAi, 'baseURL' | 'stop'> = {
    chatRequests: [],
    reply: { text: 'OK' },
    embeddedTexts: [],
    embeddingDelayMs: 0,
    replyDelayMs: 0,
    tokenDelayMs: 0,
    tokenTimes: [],
    transcriptionRequests: [],
    transcript: { text: 'What are your opening hours?' },
  };
  const delayed = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    const bytes: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      bytes.push(chunk);
      raw += chunk;
    });
    req.on('end', () => {
      if (req.url?.endsWith('/audio/transcriptions')) return transcription(req.headers['content-type'] ?? '', Buffer.concat(bytes), res);
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
        const reply = fake.replyFor?.(body) ?? fake.reply;
        const answer = () => {
          if ('status' in reply) return send(reply.status, { error: { message: 'fake provider failure', type: 'server_error' } });
          if (body.stream === true) return void streamCompletion(reply.text, body.model, res);
          return send(200, {
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: reply.text }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          });
        };
        if (!fake.replyDelayMs) return answer();
        const timer = setTimeout(() => {
          delayed.delete(timer);
          if (!res.destroyed) answer();
        }, fake.replyDelayMs);
        delayed.add(timer);
        return;
      }
      send(404, { error: { message: `no fake for ${req.url}` } });
    });
  });
  /** The answer as server-sent events, one word (with the space before it) per chunk, as OpenAI streams. */
  async function streamCompletion(text: string, model: string, res: import('node:http').ServerResponse) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const event = (delta: Record<string, unknown>, finish: string | null = null) =>
      res.write(`data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    const tokens = text.match(/\s*\S+/g) ?? [];
    const times: number[] = [];
    fake.tokenTimes.push(times);
    event({ role: 'assistant', content: '' });
    for (const [index, token] of tokens.entries()) {
      if (res.destroyed) return;
      if (index > 0 && fake.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, fake.tokenDelayMs));
      if (fake.streamGate && index === fake.streamGate.afterTokens) await fake.streamGate.open;
      if (res.destroyed) return;
      times.push(performance.timeOrigin + performance.now());
      event({ content: token });
    }
    event({}, 'stop');
    res.end('data: [DONE]\n\n');
    fake.onStreamed?.(times);
  }
  /** A multipart upload as the SDK sends it: the `model` field and the `file` part. */
  function transcription(contentType: string, body: Buffer, res: import('node:http').ServerResponse) {
    const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
    const parts = boundary ? splitMultipart(body, boundary) : [];
    const model = parts.find((p) => p.name === 'model')?.data.toString('utf8') ?? '';
    const file = parts.find((p) => p.name === 'file')?.data ?? Buffer.alloc(0);
    fake.transcriptionRequests.push({ model, file, contentType });
    res.writeHead('status' in fake.transcript ? fake.transcript.status : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify('status' in fake.transcript ? { error: { message: 'fake transcription failure' } } : { text: fake.transcript.text }));
  }
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

function splitMultipart(body: Buffer, boundary: string): { name: string; data: Buffer }[] {
  const parts: { name: string; data: Buffer }[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const next = body.indexOf(delimiter, at + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(at + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const name = /name="([^"]+)"/.exec(part.subarray(0, split).toString('utf8'))?.[1] ?? '';
    parts.push({ name, data: part.subarray(split + 4) });
    at = next;
  }
  return parts;
}
