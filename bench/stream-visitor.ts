/**
 * The streamed-answer benchmark's visitor, a process of its own (see child-process.ts). Arguments: the
 * API URL, the realtime URL, the assistant's id and the number of questions. Starts a conversation,
 * opens the widget's socket with its token, then asks the questions one after another with `stream:
 * true`, noting when the first streamed piece of each answer reached the socket (ms since the epoch,
 * sub-millisecond). Prints one JSON line: those times, in order.
 */
import { randomUUID } from 'node:crypto';
import process from 'node:process';
import WebSocket from 'ws';

const [apiUrl, realtimeUrl, chatbotId, count] = process.argv.slice(2) as [string, string, string, string];
const source = '198.18.77.1';

async function ask(message: string, visitorToken?: string, clientMessageId?: string) {
  const res = await fetch(`${apiUrl}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': source },
    body: JSON.stringify({ chatbotId, message, visitorToken, clientMessageId, stream: Boolean(clientMessageId) }),
  });
  if (res.status !== 200) throw new Error(`POST /chat answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { visitorToken: string; message: string };
}

let token = (await ask('Hello')).visitorToken;
const socket = new WebSocket(`${realtimeUrl}?token=${encodeURIComponent(token)}`);
const firstPieces = new Map<string, number>();
socket.on('message', (data) => {
  const at = performance.timeOrigin + performance.now();
  const message = JSON.parse(data.toString()) as { type: string; client_message_id?: string; seq?: number };
  if (message.type === 'stream' && message.seq === 0 && message.client_message_id) firstPieces.set(message.client_message_id, at);
});
await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
// $connect registers the socket after the upgrade: the first questions must not come before it.
await new Promise((resolve) => setTimeout(resolve, 1000));

const times: number[] = [];
for (let i = 0; i < Number(count); i++) {
  const id = randomUUID();
  token = (await ask('When are you open?', token, id)).visitorToken;
  const at = firstPieces.get(id);
  if (at === undefined) throw new Error('An answer was not streamed to the socket');
  times.push(at);
}
socket.close();
console.log(JSON.stringify(times));
