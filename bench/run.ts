/**
 * `npm run bench`: prints one figure per line as `<figure>: <value> <unit>`.
 * Budgets (ARCHITECTURE.md section 8): bundle <= 1024 KB, cold <= 300 ms, dashboard initial JS gzip <= 200 KB,
 * crawl + index of a 100-page local site <= 15 s, of a 1,000-page one through the crawl engine <= 120 s, a re-sync
 * of it with 10 pages changed <= 30 s re-indexing exactly 10, retrieval top 5 of 10,000 chunks <= 10 ms,
 * first answer of a 10,000-chunk assistant on a cold function <= 300 ms, top 5 of 50,000 chunks <= 20 ms,
 * workflow trigger check of 50 workflows <= 2 ms per message.
 */
import './silent-logs.js';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../local/ports.js';
import { startLocalRuntime } from '../local/runtime.js';
import { siteBuildDir } from '../local/web-server.js';
import { claimsAsApiGatewayPasses } from '../local/jwt-claims.js';
import { signUpAndSignIn } from '../test/support/accounts.js';
import { apiClient, waitForCrawl } from '../test/support/api-client.js';
import { benchChat, useThousandChunkIndex } from './chat.js';
import { benchChatLoad, LOAD_CHATS } from './chat-load.js';
import { benchStream } from './stream.js';
import { loadavg } from 'node:os';
import { startFakeOpenAiProcess } from './child-process.js';
import { issueVisitorToken } from '../functions/core/chat/visitor-token.js';
import { startFixtureSite } from '../local/sample-site.js';
import { crawlAndIndexSeconds } from './crawl.js';
import { benchCrawlEngine } from './crawl-engine.js';
import { benchKnowledge } from './knowledge.js';
import { benchIndexScale } from './index-scale.js';
import { benchReindex } from './reindex.js';
import { buildLambdas } from './build-lambdas.js';
import { coldStart, median, type ColdStart } from './cold-start.js';
import { sampleEvents } from './sample-events.js';
import { dashboardFirstViewJs } from './web-size.js';
import { embedJsGzipBytes } from './embed-size.js';
import { benchDocuments } from './documents.js';
import { benchTriggerCheck, benchWorkflowExecution } from './workflows.js';

const RUNS = 5;
/** `tsx bench/run.ts --only=chat`: only the chat figures (chat server, load), for work on the chat turn. */
/** `tsx bench/run.ts --only=stream`: only the streamed answer's figure, with the load average. */
const onlyStream = process.argv.includes('--only=stream');
const onlyChat = process.argv.includes('--only=chat') || onlyStream;
/**
 * `tsx bench/run.ts --only=cold`: only the bundle sizes and cold starts, for work on what a function loads;
 * `--only=cold=name,name`: of those functions only.
 */
const coldArg = process.argv.find((arg) => arg.startsWith('--only=cold'));
const onlyCold = coldArg !== undefined;
const coldNames = coldArg?.split('=')[2]?.split(',');
/** `--cold-runs=N`: fresh processes per cold start (default 5), more for a median on a busy shared machine. */
const coldRuns = Number(process.argv.find((arg) => arg.startsWith('--cold-runs='))?.split('=')[1]) || RUNS;
/**
 * `--cold-against=dir[,dir]`: bundles built elsewhere (`buildLambdas(names, dir)` run in another checkout, as
 * dir/<name>/index.mjs) measured in alternation with this checkout's, one fresh process each per run, so all
 * see the same load: on a shared machine only such rounds compare two versions.
 */
const coldAgainst = process.argv.find((arg) => arg.startsWith('--cold-against='))?.split('=')[1]?.split(',') ?? [];
/** `--load-chats=N`: a smaller load run (the line names its size), for a shared machine where 10,000 chats take too long. */
const loadChats = Number(process.argv.find((arg) => arg.startsWith('--load-chats='))?.split('=')[1]) || LOAD_CHATS;

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const built = onlyChat ? [] : await buildLambdas(coldNames);
  for (const lambda of built) {
    console.log(`bundle ${lambda.name}: ${(lambda.bytes / 1024).toFixed(1)} KB`);
    for (const side of lambda.sideEntries) console.log(`bundle ${lambda.name} ${side.name}: ${(side.bytes / 1024).toFixed(1)} KB`);
  }

  const embedBytes = onlyChat ? undefined : embedJsGzipBytes();
  if (embedBytes !== undefined) console.log(`embed.js gzip: ${(embedBytes / 1024).toFixed(1)} KB`);

  // Cold starts serve a real request: the functions talk to the local stand-ins, like Lambda to AWS.
  const dataDir = mkdtempSync(join(tmpdir(), 'assistants-bench-'));
  // An instant fake of the AI provider in its own process, so chat figures measure our server work, not a model.
  const fakeAi = await startFakeOpenAiProcess('We are open Tuesday to Sunday.');
  process.env.OPENAI_API_KEY = 'sk-bench';
  process.env.OPENAI_BASE_URL = fakeAi.baseURL;
  process.env.CHAT_LIMIT_PER_ASSISTANT_PER_MINUTE = String(1e9);
  process.env.CHAT_LIMIT_PER_SOURCE_PER_MINUTE = String(1e9);
  // The production build (npm run bench builds it first) is served for the dashboard's first view.
  const web = !onlyChat && existsSync(join(siteBuildDir, 'index.html')) ? 'static' : 'none';
  // Load visitors come from many addresses (X-Forwarded-For), as the limits count per address. The
  // database's tables are in memory, as in the tests (local/runtime.ts): DynamoDB Local's disk syncs
  // are neither our work nor DynamoDB's; `--database-on-disk` keeps them on disk, as `npm run dev` does.
  const databaseInMemory = !process.argv.includes('--database-on-disk');
  console.log(`database: DynamoDB Local ${databaseInMemory ? 'in memory' : 'on disk'}`);
  const runtime = await startLocalRuntime({ dataDir, ports: await freePorts(), web, trustForwardedFor: true, databaseInMemory });
  const site = await startFixtureSite({ pages: 100, hangingPage: false });
  try {
    if (!onlyChat && !onlyCold) {
      console.log(`crawl 100 pages single invocation (FAQ generation): ${(await crawlAndIndexSeconds(site.url)).toFixed(2)} s`);
      for (const line of await benchCrawlEngine(runtime.apiUrl, runtime.config, runtime.env)) console.log(line);
      for (const line of await benchKnowledge()) console.log(line);
      for (const line of await benchIndexScale(runtime.env)) console.log(line);
      for (const line of await benchReindex(runtime.apiUrl, runtime.config)) console.log(line);
    }

    const user = await signUpAndSignIn(runtime.config, 'Bench Bistro');
    const claims = claimsAsApiGatewayPasses(JSON.parse(Buffer.from(user.idToken.split('.')[1]!, 'base64url').toString()));
    const created = await apiClient(runtime.apiUrl, user.idToken).post('/chatbots', { websiteUrl: site.url });
    if (created.status !== 201) throw new Error(`Could not create the benchmark assistant: ${JSON.stringify(created.body)}`);
    const chatbotId = created.body.chatbot.id as string;
    const visitorToken = await issueVisitorToken({ chatbotId, contactId: 'bench' });
    const ctx = { claims, idToken: user.idToken, chatbotId, websiteUrl: site.url, visitorToken };
    await waitForCrawl(apiClient(runtime.apiUrl, user.idToken), ctx.chatbotId);
    const firstView = web === 'static' ? await dashboardFirstViewJs(runtime.webUrl, user) : undefined;
    if (firstView) console.log(`dashboard initial js gzip: ${(firstView.gzipBytes / 1024).toFixed(1)} KB`);
    await useThousandChunkIndex(ctx.chatbotId);
    if (!onlyStream && !onlyCold) {
      for (const line of await benchChat(runtime.apiUrl, ctx.chatbotId, runtime.databasePid, runtime.tableStream)) console.log(line);
      console.log(await benchChatLoad(runtime.apiUrl, ctx.chatbotId, loadChats));
    }
    if (!onlyCold) console.log(await benchStream(runtime.apiUrl, runtime.realtimeUrl, ctx.chatbotId));
    console.log(`load average: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    if (onlyChat) return;
    if (!onlyCold) {
      console.log(benchTriggerCheck());
      console.log(await benchWorkflowExecution(runtime.apiUrl, ctx.idToken, ctx.chatbotId));
    }
    for (const lambda of built) {
      const event = sampleEvents[lambda.name](ctx);
      const runs: ColdStart[] = [];
      const against = coldAgainst.map(() => [] as ColdStart[]);
      for (let run = 0; run < coldRuns; run++) {
        for (const [index, dir] of coldAgainst.entries()) against[index]!.push(await coldStart(lambda.name, join(dir, lambda.name, 'index.mjs'), event, runtime.env));
        runs.push(await coldStart(lambda.name, lambda.file, event, runtime.env));
      }
      for (const [index, dir] of coldAgainst.entries()) console.log(coldLine(`cold ${lambda.name} (${dir})`, against[index]!));
      console.log(coldLine(`cold ${lambda.name}`, runs));
    }
    console.log(`load average: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    if (onlyCold) return;
    // Last: re-indexing the assistant with the document replaces the chat benchmark's index.
    for (const line of await benchDocuments(runtime.apiUrl, ctx.idToken, ctx.chatbotId)) console.log(line);
  } finally {
    fakeAi.stop();
    await site.stop();
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Medians, and the CPU time's quartiles: a single fresh process here varies by a factor of two. */
function coldLine(label: string, runs: ColdStart[]) {
  const cpu = runs.map((r) => r.cpuMs).sort((a, b) => a - b);
  const quartile = (q: number) => Math.round(cpu[Math.round((cpu.length - 1) * q)]!);
  const ms = (values: number[]) => Math.round(median(values));
  return `${label}: ${ms(runs.map((r) => r.ms))} ms (cpu ${ms(cpu)} ms, quartiles ${quartile(0.25)}-${quartile(0.75)}; import cpu ${ms(runs.map((r) => r.importCpuMs))} ms)`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
