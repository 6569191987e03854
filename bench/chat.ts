import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { buildKnowledgeIndex } from '../functions/core/knowledge/index-knowledge.js';
import { saveIndex } from '../functions/core/knowledge/index-store.js';
import { chunkDocuments } from '../functions/core/knowledge/chunk.js';
import type { KnowledgeDocument } from '../functions/core/knowledge/knowledge-document.js';
import { db } from '../functions/core/data/db.js';
import { getDocumentClient } from '../functions/core/data/client.js';
import { issueVisitorToken, newContactId } from '../functions/core/chat/visitor-token.js';
import { nextLine, startBenchChild } from './child-process.js';
import type { TableStream } from '../local/services/table-stream.js';

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

/** CPU time (user + system) a process has used so far, in ms: from /proc, where there is one. */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux); the name (field 2) may hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * `CHAT_BENCH_CPU_PROFILE=chat.cpuprofile`: a CPU profile of the server over the sequential requests
 * (open it in Chrome's DevTools), to see where a turn's time goes. Returns the function that stops it.
 */
async function startCpuProfile(): Promise<() => Promise<object>> {
  const session = new Session();
  session.connect();
  const post = (method: string) =>
    new Promise<{ profile?: object }>((resolve, reject) => session.post(method, (error, result) => (error ? reject(error) : resolve(result as { profile?: object }))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return async () => {
    const { profile } = await post('Profiler.stop');
    session.disconnect();
    return profile!;
  };
}

/** `9.24 (BatchGetCommand 1.00, QueryCommand 2.00, ...)`: the total and each command's share per turn. */
function perTurn(counts: Map<string, number>, turns: number): string {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const each = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([name, n]) => `${name.replace(/Command$/, '')} ${(n / turns).toFixed(2)}`);
  return `${(total / turns).toFixed(2)} (${each.join(', ')})`;
}

/**
 * Counts the DynamoDB commands this process sends, by command (the handlers run in this process and
 * share its one client): what a turn costs the database, independent of the machine's load.
 */
function countDatabaseCalls(): { counts: Map<string, number>; stop(): void } {
  const counts = new Map<string, number>();
  let counting = true;
  getDocumentClient().middlewareStack.add(
    (next, context) => (args) => {
      if (counting) counts.set(context.commandName ?? '?', (counts.get(context.commandName ?? '?') ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'benchCallCounter', override: true },
  );
  return { counts, stop: () => (counting = false) };
}

const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * `chat server p50/p99` over 1,000 sequential requests and `chat throughput` with 50 in flight,
 * against the local runtime (the caller points the AI provider at an instant fake in another process).
 * The visitors run in a child process, so their HTTP client does not share the server's event loop.
 * `chat server cpu per turn` is the CPU time this process (the API and its handlers) and DynamoDB Local
 * used over the sequential requests, per request: unlike the times, it hardly moves with the machine's
 * load, so it compares versions of the turn on a shared machine; so does `chat database calls per turn`.
 */
export async function benchChat(
  apiUrl: string,
  chatbotId: string,
  databasePid: number | undefined,
  tableStream: Pick<TableStream, 'caughtUp' | 'calls'>,
): Promise<string[]> {
  const tokens = await Promise.all(Array.from({ length: VISITORS }, () => issueVisitorToken({ chatbotId, contactId: newContactId() })));
  const visitors = startBenchChild('./chat-visitors.ts', [apiUrl, chatbotId, JSON.stringify(tokens)]);
  try {
    const { turns } = JSON.parse(await nextLine(visitors)) as { turns: number };
    await tableStream.caughtUp();
    const before = { server: ownCpuMs(), database: processCpuMs(databasePid) };
    const profiling = process.env.CHAT_BENCH_CPU_PROFILE ? await startCpuProfile() : undefined;
    const calls = countDatabaseCalls();
    const streamCallsBefore = tableStream.calls();
    visitors.send('go');
    await nextLine(visitors);
    // The analytics counters the turns left to the table stream's consumer are part of their cost.
    await tableStream.caughtUp();
    calls.stop();
    const streamCalls = tableStream.calls() - streamCallsBefore;
    if (profiling) writeFileSync(process.env.CHAT_BENCH_CPU_PROFILE!, JSON.stringify(await profiling()));
    const server = (ownCpuMs() - before.server) / turns;
    const databaseAfter = processCpuMs(databasePid);
    const database = before.database === undefined || databaseAfter === undefined ? undefined : (databaseAfter - before.database) / turns;
    visitors.send('go');
    const { times, perSecond } = JSON.parse(await nextLine(visitors)) as { times: number[]; perSecond: number };
    times.sort((a, b) => a - b);
    return [
      `chat server p50: ${percentile(times, 50).toFixed(1)} ms`,
      `chat server p99: ${percentile(times, 99).toFixed(1)} ms`,
      `chat server cpu per turn: ${server.toFixed(2)} ms${database === undefined ? '' : ` + database ${database.toFixed(2)} ms`}`,
      `chat database calls per turn: ${perTurn(calls.counts, turns)}, stream reads ${(streamCalls / turns).toFixed(2)}`,
      `chat throughput: ${perSecond.toFixed(0)} req/s`,
    ];
  } finally {
    // The visitors' process reads its standard input until it is stopped: without this the bench never exits.
    visitors.stop();
  }
}
