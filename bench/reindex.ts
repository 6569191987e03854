/**
 * Re-index figures: one assistant with 500 knowledge entries (FAQs, notes, policies and a few long
 * documents, about 92,000 words) re-indexed as every Knowledge change does it: read the pages and
 * entries, chunk, build the full-text index, store the version, publish it, recompute quality, clean up.
 * The assistant is created through the local runtime like an owner's, on a 5-page site, so the entries
 * are nearly all of what is indexed.
 */
import { performance } from 'node:perf_hooks';
import type { KnowledgeType } from '../functions/contracts/knowledge.js';
import { createKnowledgeEntries, updateKnowledgeEntry, type NewKnowledgeEntry } from '../functions/core/knowledge/knowledge-entries.js';
import { rebuildChatbotIndex } from '../functions/core/knowledge/rebuild-index.js';
import type { RuntimeConfig } from '../functions/contracts/runtime-config.js';
import { signUpAndSignIn } from '../test/support/accounts.js';
import { apiClient, waitForCrawl } from '../test/support/api-client.js';
import { startFixtureSite } from '../local/sample-site.js';
import type { EmbeddingProvider } from '../functions/core/knowledge/embedding-provider.js';
import { DEFAULT_EMBEDDING_DIMENSIONS } from '../functions/core/knowledge/openai-embeddings.js';
import { median } from './cold-start.js';

const ENTRIES = 500;
const RUNS = 3;

const products = ['sourdough loaf', 'rye bread', 'croissant', 'cinnamon roll', 'birthday cake', 'baguette', 'scone', 'focaccia',
  'lemon tart', 'brioche', 'spelt loaf', 'carrot cake', 'macaron box', 'bagel', 'pretzel', 'fruit loaf'];
const topics = ['Opening hours', 'Delivery area', 'Allergens', 'Catering', 'Payment methods', 'Refunds', 'Loyalty card',
  'Wholesale orders', 'Gift cards', 'Parking', 'Events', 'Custom cakes', 'Storage advice', 'Ingredients', 'Staff training',
  'Cleaning routine', 'Supplier terms', 'Packaging', 'Pickup', 'Seasonal menu'];
const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const places = ['Harbor Street', 'the riverside district', 'Old Town', 'the university quarter', 'Mill Lane', 'the train station'];
const sentenceTemplates: ((pick: Picker) => string)[] = [
  (p) => `Our ${p(products)} is baked fresh every ${p(days)} morning and usually sells out by noon.`,
  (p) => `Orders for ${p(places)} are delivered between 8 am and 2 pm; delivery costs ${p(['4', '6', '8'])} dollars.`,
  (p) => `The ${p(products)} contains wheat, eggs and milk, and is made in a kitchen that also handles nuts.`,
  (p) => `Customers who ask about ${p(topics).toLowerCase()} should be told that the manager answers within one working day.`,
  (p) => `We accept cards, cash and mobile payments at the counter; invoices for ${p(['cafes', 'offices', 'schools'])} are due in 30 days.`,
  (p) => `Keep the ${p(products)} in a paper bag at room temperature for two days, or freeze it for up to a month.`,
  (p) => `On ${p(days)}s the shop opens at ${p(['7', '8', '9'])} am and closes at ${p(['4', '6', '7'])} pm, except on public holidays.`,
  (p) => `A ${p(products)} for a party of ${p(['10', '20', '40'])} needs to be ordered ${p(['two', 'three', 'five'])} days ahead.`,
  (p) => `Staff check the ovens at ${p(['5', '6'])} am, record the temperatures and clean the trays before the first bake.`,
  (p) => `Returns are accepted on the day of purchase with the receipt; a damaged ${p(products)} is always replaced.`,
];

type Picker = <T>(items: readonly T[]) => T;

function picker(seed: number): Picker {
  let state = seed >>> 0;
  return (items) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return items[state % items.length]!;
  };
}

function paragraph(pick: Picker, sentences: number): string {
  return Array.from({ length: sentences }, () => pick(sentenceTemplates)(pick)).join(' ');
}

/** Mostly FAQs and short notes, some longer policies, a few documents of several pages. */
export function realisticEntries(chatbotId: string): NewKnowledgeEntry[] {
  const pick = picker(500);
  return Array.from({ length: ENTRIES }, (_, i): NewKnowledgeEntry => {
    const topic = pick(topics);
    const kind: KnowledgeType = i % 50 === 0 ? 'document' : i % 2 === 0 ? 'faq' : i % 5 === 0 ? 'link' : 'context';
    if (kind === 'faq') {
      const title = `What should I know about ${topic.toLowerCase()} for the ${pick(products)}?`;
      return { type: kind, chatbot_id: chatbotId, title, content: paragraph(pick, 3) };
    }
    if (kind === 'document') {
      const sections = Array.from({ length: 12 }, (_, s) => `## ${pick(topics)} ${s + 1}\n\n${paragraph(pick, 6)}\n\n${paragraph(pick, 6)}`);
      return { type: kind, chatbot_id: chatbotId, title: `${topic} handbook ${i}.pdf`, content: sections.join('\n\n') };
    }
    if (kind === 'link') {
      const content = `https://maple-rye.example/${topic.toLowerCase().replace(/\s+/g, '-')}/${i}`;
      return { type: kind, chatbot_id: chatbotId, title: `${topic} page`, content };
    }
    const content = `${paragraph(pick, 8)}\n\n${paragraph(pick, 8)}`;
    return { type: kind, chatbot_id: chatbotId, title: `${topic}: ${pick(products)}`, content };
  });
}

/** Instant embeddings of the default size: the figure shows our cost of storing vectors, not a model's. */
const instantEmbeddings: EmbeddingProvider = {
  model: 'bench-instant',
  embed: async (texts) =>
    texts.map((text, i) => Float32Array.from({ length: DEFAULT_EMBEDDING_DIMENSIONS }, (_, d) => Math.sin(i + d + text.length))),
};

type Timed = { seconds: number; chunks: number; embedded: number };

/** Median of RUNS rebuilds, each after `change` (untimed), following a warm-up rebuild. */
async function timedRebuilds(
  chatbotId: string,
  options: Parameters<typeof rebuildChatbotIndex>[1],
  change: (run: number) => Promise<unknown> = async () => undefined,
): Promise<Timed> {
  let chunks = 0;
  let embedded = 0;
  await rebuildChatbotIndex(chatbotId, options); // warm-up: loads, caches and JIT (and embeds every chunk once)
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await change(run);
    const started = performance.now();
    const result = await rebuildChatbotIndex(chatbotId, options);
    times.push((performance.now() - started) / 1000);
    if (!('version' in result)) throw new Error(`The benchmark re-index was ${result.skipped}`);
    chunks = result.chunks;
    embedded = result.vectors?.embedded ?? 0;
  }
  return { seconds: median(times), chunks, embedded };
}

/**
 * `reindex 500 entries`, full text (no AI key), and with vectors after one entry changed (the others'
 * vectors reused); the runtime's env must be in process.env.
 */
export async function benchReindex(apiUrl: string, config: RuntimeConfig): Promise<string[]> {
  const site = await startFixtureSite({ pages: 5, hangingPage: false });
  const user = await signUpAndSignIn(config, 'Reindex Bakery');
  const api = apiClient(apiUrl, user.idToken);
  let chatbotId: string;
  try {
    const created = await api.post('/chatbots', { websiteUrl: site.url });
    if (created.status !== 201) throw new Error(`Could not create the re-index assistant: ${JSON.stringify(created.body)}`);
    chatbotId = created.body.chatbot.id as string;
    await waitForCrawl(api, chatbotId);
  } finally {
    await site.stop();
  }
  const userId = JSON.parse(Buffer.from(user.idToken.split('.')[1]!, 'base64url').toString()).sub as string;
  const entries = realisticEntries(chatbotId);
  const stored = await createKnowledgeEntries(userId, entries);
  const words = entries.reduce((sum, entry) => sum + (entry.content.match(/\S+/g)?.length ?? 0), 0);

  const fullText = await timedRebuilds(chatbotId, { embeddings: null });
  // What a Knowledge change costs with vectors: the changed entry's chunk is embedded, every other chunk keeps its vector.
  const changed = stored.find((entry) => entry.type === 'context')!;
  const changeOne = (run: number) =>
    updateKnowledgeEntry(userId, changed.entry_id, { content: `${changed.content} Revised ${run + 1}.` });
  const hybrid = await timedRebuilds(chatbotId, { embeddings: instantEmbeddings }, changeOne);
  const size = `${words.toLocaleString('en')} words, ${fullText.chunks} chunks`;
  return [
    `reindex ${ENTRIES} entries: ${fullText.seconds.toFixed(2)} s`,
    `reindex ${ENTRIES} entries (${size}), one entry changed, with ${DEFAULT_EMBEDDING_DIMENSIONS}-dim vectors ` +
      `(${hybrid.embedded} of ${hybrid.chunks} chunks embedded, the rest reused; embedding time excluded): ${hybrid.seconds.toFixed(2)} s`,
  ];
}
