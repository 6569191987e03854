/**
 * `npm run bench:answers`: answer quality on real small-business sites (../shared/answer-eval) and the
 * project's own fixture sites (bench/answer-sites). Each site is served on a loopback port, an owner
 * signs up and creates an assistant from its URL through the API (as the creator does), the real crawl
 * runs, and every question is asked through POST /chat by a new visitor. Prints:
 *   answers correct offline: N%      answerable questions whose reply matches every expected pattern
 *   refusals correct offline: N%     unanswerable questions refused without a forbidden fact
 *   invented facts offline: N        replies matching a forbidden pattern
 *   retrieval recall@5: N%           answerable questions whose expected facts are all in the top 5 passages
 * With OPENAI_API_KEY set the same figures are printed again for the model ("... model").
 * `--verbose` prints every failure with the reply (and the passages when the expected facts were not among
 * them; with ALL_PASSAGES=1 for every failure). `--site name` runs one site, `--site a,b,c` several.
 */
import './silent-logs.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { conversationSettingsOf } from '../functions/core/chat/bot-settings.js';
import { db } from '../functions/core/data/db.js';
import { searchKnowledge } from '../functions/core/knowledge/index-knowledge.js';
import { freePorts } from '../local/ports.js';
import { startLocalRuntime } from '../local/runtime.js';
import { signUpAndSignIn } from '../test/support/accounts.js';
import { apiClient, waitForCrawl } from '../test/support/api-client.js';
import { loadEvalSets, serveSiteFolder, type EvalSite } from './answer-eval-sites.js';

type Asked = { site: string; q: string; reply: string; passages: string; ms: number };
type Tally = { answerable: number; correct: number; unanswerable: number; refused: number; invented: number; recalled: number };

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const onlySites = args.includes('--site') ? args[args.indexOf('--site') + 1]?.split(',') : undefined;

const withoutUrls = (text: string) => text.replace(/https?:\/\/\S+/g, ' ');
const matches = (patterns: readonly string[] | undefined, text: string) =>
  (patterns ?? []).filter((p) => new RegExp(p, 'i').test(text));

/** The answer-eval README's refusal rule: the fallback, the off-topic reply, or an honest "I don't know" opening. */
function isRefusal(reply: string, fallback: string): boolean {
  const text = reply.trim();
  return (
    text.startsWith(fallback.trim()) ||
    /^I'm sorry, I can only help with questions about/i.test(text) ||
    /^\W*(I don't know|I do not know|I'm not sure|I am not sure|I don't have (any )?information|I do not have (any )?information)/i.test(text)
  );
}

async function createAssistant(apiUrl: string, config: Parameters<typeof signUpAndSignIn>[0], siteUrl: string) {
  const owner = apiClient(apiUrl, (await signUpAndSignIn(config, 'Answer Eval')).idToken);
  const created = await owner.post('/chatbots', { websiteUrl: siteUrl });
  if (created.status !== 201) throw new Error(`create-chatbot answered ${created.status}: ${JSON.stringify(created.body)}`);
  const chatbotId = created.body.chatbot.id as string;
  const crawl = await waitForCrawl(owner, chatbotId, 120_000);
  const { data: bot } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
  if (verbose) {
    const { data: learned } = await db().entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' });
    for (const page of learned) console.log(`  page learned: ${new URL(page.url).pathname}`);
  }
  return { chatbotId, pages: crawl.progress.pages_indexed as number, bot: bot! };
}

/** Asks as a new visitor: no visitor token, so the server starts a new conversation. */
async function ask(apiUrl: string, chatbotId: string, message: string): Promise<{ reply: string; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${apiUrl}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chatbotId, message }),
  });
  const body = (await res.json()) as { message?: string; error?: string };
  if (res.status !== 200 || body.message === undefined) throw new Error(`chat answered ${res.status}: ${JSON.stringify(body)}`);
  return { reply: body.message, ms: performance.now() - started };
}

const newTally = (): Tally => ({ answerable: 0, correct: 0, unanswerable: 0, refused: 0, invented: 0, recalled: 0 });
const addTally = (into: Tally, from: Tally) => {
  for (const key of Object.keys(into) as (keyof Tally)[]) into[key] += from[key];
};

async function evaluateSite(apiUrl: string, config: Parameters<typeof signUpAndSignIn>[0], site: EvalSite, mode: string, tally: Tally, failures: string[]) {
  const served = await serveSiteFolder(site.dir, site.start);
  try {
    const { chatbotId, bot, pages } = await createAssistant(apiUrl, config, served.url);
    const fallback = conversationSettingsOf(bot).fallbackMessage;
    const times: number[] = [];
    const check = async (q: string) => {
      const { reply, ms } = await ask(apiUrl, chatbotId, q);
      times.push(ms);
      const hits = bot.index_version ? await searchKnowledge(chatbotId, bot.index_version, q, 5) : [];
      const passages = hits.map((h) => `${h.heading ?? ''}\n${h.text}`).join('\n---\n');
      return { site: site.name, q, reply, passages, ms } satisfies Asked;
    };
    for (const item of site.answerable) {
      const asked = await check(item.q);
      tally.answerable++;
      const text = withoutUrls(asked.reply);
      const ok = item.expect.every((p) => new RegExp(p, 'i').test(text));
      const invented = matches([...(item.forbid ?? []), ...(item.contradict ?? [])], text);
      if (ok && !invented.length) tally.correct++;
      if (invented.length) tally.invented++;
      const recalled = item.expect.every((p) => new RegExp(p, 'i').test(withoutUrls(asked.passages)));
      if (recalled) tally.recalled++;
      if (!ok || invented.length) {
        failures.push(`[${mode}] ${site.name} ANSWERABLE${recalled ? '' : ' (not retrieved)'}: ${item.q}\n  expect ${item.expect.join(' & ')}\n  reply: ${asked.reply.replace(/\n/g, '\n         ')}${verbose && (!recalled || process.env.ALL_PASSAGES) ? `\n  passages:\n${asked.passages.slice(0, 1500)}` : ''}`);
      }
    }
    for (const item of site.unanswerable) {
      const asked = await check(item.q);
      tally.unanswerable++;
      const text = withoutUrls(asked.reply);
      const invented = matches(item.forbid, text);
      if (invented.length) tally.invented++;
      if (isRefusal(asked.reply, fallback) && !invented.length) tally.refused++;
      else failures.push(`[${mode}] ${site.name} UNANSWERABLE: ${item.q}\n  reply: ${asked.reply.replace(/\n/g, '\n         ')}${invented.length ? `\n  INVENTED: ${invented.join(', ')}` : ''}`);
    }
    times.sort((a, b) => a - b);
    console.error(
      `  ${mode} ${site.set}/${site.name}: ${pages} pages, answers ${tally.correct}/${tally.answerable}, refusals ${tally.refused}/${tally.unanswerable}, invented ${tally.invented}, median ${times[Math.floor(times.length / 2)]?.toFixed(0)} ms`,
    );
  } finally {
    await served.stop();
  }
}

const pct = (n: number, of: number) => (of ? ((100 * n) / of).toFixed(1) : 'n/a');

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.CHAT_LIMIT_PER_ASSISTANT_PER_MINUTE = String(1e9);
  process.env.CHAT_LIMIT_PER_SOURCE_PER_MINUTE = String(1e9);
  const modelKey = process.env.OPENAI_API_KEY;
  const sites = loadEvalSets().filter((s) => !onlySites || onlySites.includes(s.name));
  const dataDir = mkdtempSync(join(tmpdir(), 'assistants-answers-'));
  const runtime = await startLocalRuntime({ dataDir, ports: await freePorts(), web: 'none' });
  try {
    for (const mode of modelKey ? ['offline', 'model'] : ['offline']) {
      if (mode === 'offline') delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = modelKey;
      const tally = newTally();
      const bySet = new Map<string, Tally>();
      const unseen = newTally();
      const failures: string[] = [];
      for (const site of sites) {
        const siteTally = newTally();
        await evaluateSite(runtime.apiUrl, runtime.config, site, mode, siteTally, failures);
        addTally(tally, siteTally);
        if (!bySet.has(site.set)) bySet.set(site.set, newTally());
        addTally(bySet.get(site.set)!, siteTally);
        if (site.unseen) addTally(unseen, siteTally);
      }
      if (verbose) for (const failure of failures) console.error(`${failure}\n`);
      const report = (label: string, t: Tally) => {
        console.log(`answers correct ${label}: ${pct(t.correct, t.answerable)}% (${t.correct}/${t.answerable})`);
        console.log(`refusals correct ${label}: ${pct(t.refused, t.unanswerable)}% (${t.refused}/${t.unanswerable})`);
        console.log(`invented facts ${label}: ${t.invented}`);
        if (mode === 'offline') console.log(`retrieval recall@5${label === mode ? '' : ` ${label}`}: ${pct(t.recalled, t.answerable)}% (${t.recalled}/${t.answerable})`);
      };
      report(mode, tally);
      for (const [set, t] of bySet) report(`${mode} [${set}]`, t);
      // Sites whose questions were written before the answering code was read: the figure that says how answers generalise.
      if (unseen.answerable) report(`${mode} [unseen sites]`, unseen);
    }
  } finally {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
