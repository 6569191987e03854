import { createInterface } from 'node:readline';
import { randomUUID } from 'node:crypto';
/**
 * The chat benchmark's visitors, run as a process of their own (see child-process.ts). Arguments: the
 * API URL, the assistant's id and a JSON list of visitor tokens (each renewed by its replies, as the widget does). Prints a line as the sequential requests start and one as they end, then one JSON line: the sequential
 * request times in ms and the throughput with 50 requests in flight.
 */
import { Agent, request } from 'node:http';
import process from 'node:process';

const [apiUrl, chatbotId, tokensJson] = process.argv.slice(2) as [string, string, string];
const tokens = JSON.parse(tokensJson) as string[];

const QUESTIONS = [
  'What are your opening hours?',
  'How far ahead should I order a birthday cake?',
  'Do you have gluten-free products?',
  'Are your products vegan?',
  'Can I reserve bread for pickup?',
  'Do you take large orders for events?',
];
const WARM_UP = 500;
const SEQUENTIAL = 1000;
const THROUGHPUT_REQUESTS = 1000;
const IN_FLIGHT = 50;

// node:http with kept-alive sockets: the leanest client, so the times are the server's (fetch adds about a millisecond).
const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

function post(body: string, source: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${apiUrl}/chat`,
      // Each visitor its own address, as the limits count per source.
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': source } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function ask(i: number): Promise<number> {
  const visitor = i % tokens.length;
  const started = performance.now();
  const res = await post(JSON.stringify({ message: QUESTIONS[i % QUESTIONS.length], chatbotId, visitorToken: tokens[visitor], clientMessageId: randomUUID() }), `198.19.0.${visitor + 1}`);
  const body = JSON.parse(res.text) as { message?: string; visitorToken?: string };
  if (res.status !== 200 || !body.message || !body.visitorToken) throw new Error(`chat answered ${res.status}: ${res.text}`);
  // As the widget does: the next message carries the token this reply renewed.
  tokens[visitor] = body.visitorToken;
  return performance.now() - started;
}

// Steady state, as warm functions and DynamoDB serve: the JITs of Node and of DynamoDB Local's Java warm
// up over the first few hundred requests (the first 200 of a cold run had a p50 of 29 ms, later ones 16-17).
// Cold starts have a figure of their own.
for (let i = 0; i < WARM_UP; i++) await ask(i);
// The parent counts the server's and the database's CPU time between its two go-aheads, once the
// stream consumers have caught up with the turns before (and, at the end, with these).
const parent = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
console.log(JSON.stringify({ phase: 'sequential', turns: SEQUENTIAL }));
await parent.next();
const times: number[] = [];
for (let i = 0; i < SEQUENTIAL; i++) times.push(await ask(i));
console.log(JSON.stringify({ phase: 'done' }));
await parent.next();

let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    while (next < THROUGHPUT_REQUESTS) await ask(next++);
  }),
);
const perSecond = THROUGHPUT_REQUESTS / ((performance.now() - started) / 1000);
console.log(JSON.stringify({ times, perSecond }));
