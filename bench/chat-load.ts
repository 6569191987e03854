import { issueVisitorToken, newContactId } from '../functions/core/chat/visitor-token.js';
import { db } from '../functions/core/data/db.js';

export const LOAD_CHATS = 10_000;
export const LOAD_CONCURRENCY = 100;
/** Messages each visitor sends at once: concurrent messages of one visitor must share one conversation. */
const MESSAGES_PER_VISITOR = 5;

interface LoadVisitor {
  contactId: string;
  token: string;
  source: string;
  /** Messages the server answered 200 (each must be stored, with its reply). */
  accepted: number;
}

const sourceOf = (i: number) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** The message of one visitor's `i`th question: its words name it, so a stored copy of it can be counted. */
const questionOf = (i: number) => `Question ${i}: what are your opening hours?`;

/** How long a client that times out waits before it gives up on an answer (shorter than a turn takes, so the server is still at work). */
const CLIENT_TIMEOUT_MS = 10;

async function send(apiUrl: string, chatbotId: string, visitor: LoadVisitor, i: number, signal?: AbortSignal, counted = true): Promise<boolean> {
  const res = await fetch(`${apiUrl}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor.source },
    body: JSON.stringify({ message: questionOf(i), chatbotId, visitorToken: visitor.token, clientMessageId: `${visitor.contactId}-${i}` }),
    signal,
  });
  const body = (await res.json()) as { message?: string };
  const ok = res.status === 200 && typeof body.message === 'string';
  if (!ok && counted) failures.set(String(res.status), (failures.get(String(res.status)) ?? 0) + 1);
  return ok;
}

/** The errors of the run by kind (an HTTP status, or 'network'), so a non-zero count says what it was. */
const failures = new Map<string, number>();

/**
 * Sends a visitor's message as a client that retries does: every other one is sent twice at once (a
 * retry racing the first attempt), every fifth once more after its answer (a retry after a lost
 * answer), and the fourth of each five is first given up after CLIENT_TIMEOUT_MS (the client timed out
 * while the server worked on it) and then sent again, all with the same client message id. Answered
 * when any attempt was; the attempt given up is not an error (the client chose not to wait).
 */
async function sendWithRetries(apiUrl: string, chatbotId: string, visitor: LoadVisitor, i: number): Promise<{ answered: boolean; failed: number }> {
  const attempt = () =>
    send(apiUrl, chatbotId, visitor, i).catch(() => {
      failures.set('network', (failures.get('network') ?? 0) + 1);
      return false;
    });
  // Whatever this attempt got before the client gave up is not counted: the client did not wait for it.
  if (i % 5 === 3) await send(apiUrl, chatbotId, visitor, i, AbortSignal.timeout(CLIENT_TIMEOUT_MS), false).catch(() => false);
  const results = await Promise.all(i % 2 === 0 ? [attempt(), attempt()] : [attempt()]);
  if (i % 5 === 0) results.push(await attempt());
  return { answered: results.some(Boolean), failed: results.filter((ok) => !ok).length };
}

/** Runs `tasks` with at most `limit` in flight. */
async function inParallel(count: number, limit: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * `load 10000 chats at 100 concurrency`: 2,000 visitors (each its own address, a token as the server
 * issues it and no conversation yet) send 5 messages at once, 20 visitors at a time (100 requests in
 * flight), some of them again with the same client message id, some after a client timeout (sendWithRetries). Then every visitor's
 * conversations are read back: errors are non-200 answers, lost are answered messages (or their replies)
 * not stored, split are visitors with more than one conversation, duplicates are messages stored twice.
 */
export async function benchChatLoad(apiUrl: string, chatbotId: string, chats = LOAD_CHATS): Promise<string> {
  const visitorCount = Math.ceil(chats / MESSAGES_PER_VISITOR);
  const visitors: LoadVisitor[] = await Promise.all(
    Array.from({ length: visitorCount }, async (_, i) => {
      const contactId = newContactId();
      return { contactId, token: await issueVisitorToken({ chatbotId, contactId }), source: sourceOf(i), accepted: 0 };
    }),
  );
  let errors = 0;
  // Per visitor: messages 0, 2, 4 sent twice at once, message 0 once more after its answer, message 3 again after a client timeout.
  const retries = visitorCount * (Math.ceil(MESSAGES_PER_VISITOR / 2) + Math.ceil(MESSAGES_PER_VISITOR / 5) + Math.floor((MESSAGES_PER_VISITOR + 1) / 5));
  const started = performance.now();
  await inParallel(visitorCount, LOAD_CONCURRENCY / MESSAGES_PER_VISITOR, async (v) => {
    const visitor = visitors[v]!;
    const results = await Promise.all(Array.from({ length: MESSAGES_PER_VISITOR }, (_, m) => sendWithRetries(apiUrl, chatbotId, visitor, m)));
    visitor.accepted = results.filter((r) => r.answered).length;
    errors += results.reduce((sum, r) => sum + r.failed, 0);
  });
  const seconds = (performance.now() - started) / 1000;

  let lost = 0;
  let split = 0;
  let duplicates = 0;
  await inParallel(visitorCount, 50, async (v) => {
    const visitor = visitors[v]!;
    const { data: conversations } = await db()
      .entities.conversation.query.byContact({ chatbot_id: chatbotId, contact_id: visitor.contactId })
      .go({ pages: 'all' });
    if (conversations.length > 1) split++;
    let stored = 0;
    const copies = new Map<string, number>();
    for (const conversation of conversations) {
      const { data } = await db()
        .entities.message.query.byConversation({ conversation_id: conversation.conversation_id })
        .go({ pages: 'all', attributes: ['message_id', 'sender_type', 'content'] });
      stored += data.length;
      // Each client message id has its own words (questionOf): copies of a text are the stored messages of one id.
      for (const m of data) if (m.sender_type === 'user') copies.set(m.content, (copies.get(m.content) ?? 0) + 1);
    }
    // A message stored more than once, or more replies than messages.
    const extraCopies = [...copies.values()].reduce((sum, n) => sum + n - 1, 0);
    duplicates += Math.max(extraCopies, stored - 2 * copies.size);
    lost += Math.max(0, 2 * visitor.accepted - stored);
  });
  const total = visitorCount * MESSAGES_PER_VISITOR;
  const kinds = [...failures].map(([kind, n]) => `${kind}: ${n}`).join(', ');
  return `load ${total} chats at ${LOAD_CONCURRENCY} concurrency: ${(total / seconds).toFixed(0)} req/s, errors ${errors}${kinds ? ` (${kinds})` : ''}, lost ${lost}, split conversations ${split}, duplicates ${duplicates} (${retries} retried requests mixed in)`;
}
