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

async function send(apiUrl: string, chatbotId: string, visitor: LoadVisitor, i: number): Promise<boolean> {
  const res = await fetch(`${apiUrl}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor.source },
    body: JSON.stringify({ message: `Question ${i}: what are your opening hours?`, chatbotId, visitorToken: visitor.token }),
  });
  const body = (await res.json()) as { message?: string };
  return res.status === 200 && typeof body.message === 'string';
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
 * flight). Then every visitor's conversations are read back: errors are non-200 answers, lost are
 * answered messages (or their replies) not stored, split are visitors with more than one conversation.
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
  const started = performance.now();
  await inParallel(visitorCount, LOAD_CONCURRENCY / MESSAGES_PER_VISITOR, async (v) => {
    const visitor = visitors[v]!;
    const results = await Promise.all(
      Array.from({ length: MESSAGES_PER_VISITOR }, (_, m) => send(apiUrl, chatbotId, visitor, m).catch(() => false)),
    );
    visitor.accepted = results.filter(Boolean).length;
    errors += results.length - visitor.accepted;
  });
  const seconds = (performance.now() - started) / 1000;

  let lost = 0;
  let split = 0;
  await inParallel(visitorCount, 50, async (v) => {
    const visitor = visitors[v]!;
    const { data: conversations } = await db()
      .entities.conversation.query.byContact({ chatbot_id: chatbotId, contact_id: visitor.contactId })
      .go({ pages: 'all' });
    if (conversations.length > 1) split++;
    let stored = 0;
    for (const conversation of conversations) {
      const { data } = await db()
        .entities.message.query.byConversation({ conversation_id: conversation.conversation_id })
        .go({ pages: 'all', attributes: ['message_id'] });
      stored += data.length;
    }
    lost += Math.max(0, 2 * visitor.accepted - stored);
  });
  const total = visitorCount * MESSAGES_PER_VISITOR;
  return `load ${total} chats at ${LOAD_CONCURRENCY} concurrency: ${(total / seconds).toFixed(0)} req/s, errors ${errors}, lost ${lost}, split conversations ${split}`;
}
