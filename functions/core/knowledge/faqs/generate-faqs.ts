import type * as z from 'zod';
import type { GenerateFaqsResponse, generateFaqsRequestSchema } from '../../../contracts/faqs.js';
import { chatbotFor, type Caller } from '../../access/authorize.js';
import { HttpError } from '../../http/http-error.js';
import { log } from '../../runtime/log.js';
import { loadProviderKeys } from '../../runtime/provider-keys.js';
import { addKnowledgeEntries } from '../manage-knowledge.js';
import { routeTimeoutMs } from '../reindex-deadline.js';
import { extractFaqs } from './extract-faqs.js';
import type { Faq, FaqSourcePage } from './faq.js';
import { faqCrawlLimits, faqModelTimeoutMs } from './faq-time-budget.js';
import { readSitePages } from './read-site-pages.js';
import { FaqWriterFailure, writeFaqsWithOpenAi } from './write-faqs-with-openai.js';

const ROUTE = 'generate-faqs-from-website';
const routeMs = routeTimeoutMs(ROUTE);

type Writer = 'openai' | 'extractive';

async function writeFaqs(
  pages: readonly FaqSourcePage[],
  request: z.output<typeof generateFaqsRequestSchema>,
  elapsedMs: number,
): Promise<{ faqs: Faq[]; writer: Writer }> {
  await loadProviderKeys();
  const apiKey = process.env.OPENAI_API_KEY;
  const timeoutMs = faqModelTimeoutMs(routeMs, elapsedMs);
  if (apiKey && timeoutMs !== undefined) {
    try {
      const faqs = await writeFaqsWithOpenAi(pages, {
        apiKey,
        businessName: request.businessName,
        websiteUrl: request.websiteUrl,
        timeoutMs,
      });
      return { faqs, writer: 'openai' };
    } catch (error) {
      if (!(error instanceof FaqWriterFailure)) throw error;
      // The owner still gets FAQs: the ones the pages themselves give.
      log.warn('Writing FAQs with the AI provider failed; extracting them from the pages', {
        websiteUrl: request.websiteUrl,
        error,
      });
    }
  } else if (apiKey) {
    log.warn('Too little time left to ask the AI provider for FAQs; extracting them from the pages', {
      websiteUrl: request.websiteUrl,
      elapsedMs,
    });
  }
  return { faqs: extractFaqs(pages, { businessName: request.businessName }), writer: 'extractive' };
}

/**
 * `generate-faqs-from-website`: reads the site, writes 8-15 FAQs from it (the model with an OpenAI key,
 * else the pages' own questions and headings) and stores them as `faq` knowledge entries in one batch,
 * re-indexing the assistants they are for once, within the time budget of faq-time-budget.ts.
 * `clock` is Date.now but in tests.
 */
export async function generateFaqsFromWebsite(
  caller: Caller,
  request: z.output<typeof generateFaqsRequestSchema>,
  { clock = Date.now }: { clock?: () => number } = {},
): Promise<GenerateFaqsResponse> {
  const startedAt = clock();
  // Checked before the site is read: someone else's assistant is a 404 that costs no crawl.
  const bot = request.chatbotId ? (await chatbotFor(caller, request.chatbotId)).chatbot : undefined;
  // The FAQs go to the knowledge of the assistant's owner (an editor's work on a shared assistant).
  const userId = bot ? bot.user_id : caller.userId;
  const pages = await readSitePages(request.websiteUrl, bot, faqCrawlLimits(routeMs));
  const { faqs, writer } = await writeFaqs(pages, request, clock() - startedAt);
  if (!faqs.length) throw new HttpError(422, 'No FAQs could be generated from this website');
  const entries = await addKnowledgeEntries(
    userId,
    faqs.map((faq) => ({ title: faq.question, content: faq.answer, type: 'faq' as const, chatbot_id: request.chatbotId })),
  );
  log.info('FAQs generated from a website', {
    websiteUrl: request.websiteUrl,
    chatbotId: request.chatbotId,
    pages: pages.length,
    faqs: entries.length,
    writer,
    ms: clock() - startedAt,
  });
  return { success: true, faqsGenerated: entries.length, entries };
}
