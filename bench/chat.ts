import { buildKnowledgeIndex } from '../functions/core/knowledge/index-knowledge.js';
import { saveIndex } from '../functions/core/knowledge/index-store.js';
import { chunkDocuments } from '../functions/core/knowledge/chunk.js';
import type { KnowledgeDocument } from '../functions/core/knowledge/knowledge-document.js';
import { db } from '../functions/core/data/db.js';
import { issueVisitorToken, newContactId } from '../functions/core/chat/visitor-token.js';

const QUESTIONS = [
  'What are your opening hours?',
  'How far ahead should I order a birthday cake?',
  'Do you have gluten-free products?',
  'Are your products vegan?',
  'Can I reserve bread for pickup?',
  'Do you take large orders for events?',
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Every line of a page's text marked with the copy's number, so no passage of a copy repeats another's. */
const markedCopy = (text: string, copy: number) => text.replace(/^(.*\S.*)$/gm, `$1 (${copy})`);

/**
 * Gives the assistant an index of at least 1,000 chunks made of its own crawled pages, repeated. Each
 * copy's lines are marked: chunking keeps a repeated passage once, so plain copies add no chunks.
 */
export async function useThousandChunkIndex(chatbotId: string): Promise<number> {
  const { data: pages } = await db().entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' });
  const base: KnowledgeDocument[] = pages.map((p) => ({ id: p.url, source: 'page', title: p.title, url: p.url, text: p.text }));
  const documents: KnowledgeDocument[] = [];
  for (let copy = 0, chunks = 0; chunks < 1000; copy++) {
    documents.push(...base.map((d) => ({ ...d, id: `${d.id}#copy${copy}`, text: markedCopy(d.text, copy) })));
    const added = chunkDocuments(documents).length - chunks;
    if (added <= 0) throw new Error('The crawled pages give no passages to index');
    chunks += added;
  }
  const built = await buildKnowledgeIndex(documents, { embeddings: null });
  const version = await saveIndex(chatbotId, built);
  await db().entities.chatbot.patch({ chatbot_id: chatbotId }).set({ index_version: version }).go();
  return built.chunkCount;
}

/** 50 visitors, each with a token as /chat issues it, asking in turn (continuing their conversations). */
const VISITORS = 50;
let tokens: string[] = [];

async function ask(apiUrl: string, chatbotId: string, i: number): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${apiUrl}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.19.0.${(i % VISITORS) + 1}` },
    body: JSON.stringify({ message: QUESTIONS[i % QUESTIONS.length], chatbotId, visitorToken: tokens[i % VISITORS] }),
  });
  const body = (await res.json()) as { message?: string };
  if (res.status !== 200 || !body.message) throw new Error(`chat answered ${res.status}: ${JSON.stringify(body)}`);
  return performance.now() - started;
}

/**
 * `chat server p50/p99` over 1,000 sequential requests and `chat throughput` with 50 in flight,
 * against the local runtime (the caller points the AI provider at an instant fake).
 */
export async function benchChat(apiUrl: string, chatbotId: string): Promise<string[]> {
  tokens = await Promise.all(Array.from({ length: VISITORS }, () => issueVisitorToken({ chatbotId, contactId: newContactId() })));
  for (let i = 0; i < 20; i++) await ask(apiUrl, chatbotId, i);
  const times: number[] = [];
  for (let i = 0; i < 1000; i++) times.push(await ask(apiUrl, chatbotId, i));
  times.sort((a, b) => a - b);

  const total = 1000;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < total) await ask(apiUrl, chatbotId, next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return [
    `chat server p50: ${percentile(times, 50).toFixed(1)} ms`,
    `chat server p99: ${percentile(times, 99).toFixed(1)} ms`,
    `chat throughput: ${(total / seconds).toFixed(0)} req/s`,
  ];
}
