import { buildKnowledgeIndex } from '../functions/core/knowledge/index-knowledge.js';
import { saveIndex } from '../functions/core/knowledge/index-store.js';
import { chunkDocuments } from '../functions/core/knowledge/chunk.js';
import type { KnowledgeDocument } from '../functions/core/knowledge/knowledge-document.js';
import { db } from '../functions/core/data/db.js';
import { issueVisitorToken, newContactId } from '../functions/core/chat/visitor-token.js';
import { nextLine, startBenchChild } from './child-process.js';

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

/** Visitors holding a token as /chat issues it, each asking in turn (continuing their conversations). */
const VISITORS = 50;

/**
 * `chat server p50/p99` over 1,000 sequential requests and `chat throughput` with 50 in flight,
 * against the local runtime (the caller points the AI provider at an instant fake in another process).
 * The visitors run in a child process, so their HTTP client does not share the server's event loop.
 */
export async function benchChat(apiUrl: string, chatbotId: string): Promise<string[]> {
  const tokens = await Promise.all(Array.from({ length: VISITORS }, () => issueVisitorToken({ chatbotId, contactId: newContactId() })));
  const visitors = startBenchChild('./chat-visitors.ts', [apiUrl, chatbotId, JSON.stringify(tokens)]);
  const { times, perSecond } = JSON.parse(await nextLine(visitors)) as { times: number[]; perSecond: number };
  times.sort((a, b) => a - b);
  return [
    `chat server p50: ${percentile(times, 50).toFixed(1)} ms`,
    `chat server p99: ${percentile(times, 99).toFixed(1)} ms`,
    `chat throughput: ${perSecond.toFixed(0)} req/s`,
  ];
}
