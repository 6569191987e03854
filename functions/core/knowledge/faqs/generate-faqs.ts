import type * as z from 'zod';
import { httpRoutes } from '../../../../lib/routes.js';
import type { GenerateFaqsResponse, generateFaqsRequestSchema } from '../../../contracts/faqs.js';
import { ownedChatbot } from '../../chatbots/owned-chatbot.js';
import { HttpError } from '../../http/http-error.js';
import { log } from '../../runtime/log.js';
import { loadProviderKeys } from '../../runtime/provider-keys.js';
import { addKnowledgeEntries } from '../manage-knowledge.js';
import { extractFaqs } from './extract-faqs.js';
import type { Faq, FaqSourcePage } from './faq.js';
import { readSitePages } from './read-site-pages.js';
import { FaqWriterFailure, writeFaqsWithOpenAi } from './write-faqs-with-openai.js';

/**
 * The request must answer within the route's limit (API Gateway stops at 30 s): reading the site may
 * use 40 % of it, the model must be done by 80 %, and the rest stores the FAQs and re-indexes.
 */
const route = httpRoutes.find(
  (r): r is Extract<(typeof httpRoutes)[number], { name: 'generate-faqs-from-website' }> => r.name === 'generate-faqs-from-website',
)!;
const routeMs = route.timeoutSeconds * 1000;
const crawlLimits = { totalTimeoutMs: routeMs * 0.4, pageTimeoutMs: routeMs * 0.2 };
const modelDoneBy = routeMs * 0.8;
/** Less time than this left for the model: the pages' own FAQs are used instead of a hurried call. */
const MIN_MODEL_MS = 3_000;

type Writer = 'openai' | 'extractive';

async function writeFaqs(
  pages: readonly FaqSourcePage[],
  request: z.output<typeof generateFaqsRequestSchema>,
  startedAt: number,
): Promise<{ faqs: Faq[]; writer: Writer }> {
  await loadProviderKeys();
  const apiKey = process.env.OPENAI_API_KEY;
  const timeoutMs = startedAt + modelDoneBy - Date.now();
  if (apiKey && timeoutMs >= MIN_MODEL_MS) {
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
      timeoutMs,
    });
  }
  return { faqs: extractFaqs(pages, { businessName: request.businessName }), writer: 'extractive' };
}

/**
 * `generate-faqs-from-website`: reads the site, writes 8-15 FAQs from it (the model with an OpenAI key,
 * else the pages' own questions and headings) and stores them as `faq` knowledge entries in one batch,
 * re-indexing the assistants they are for once.
 */
export async function generateFaqsFromWebsite(
  userId: string,
  request: z.output<typeof generateFaqsRequestSchema>,
): Promise<GenerateFaqsResponse> {
  const startedAt = Date.now();
  // Checked before the site is read: someone else's assistant is a 404 that costs no crawl.
  const bot = request.chatbotId ? await ownedChatbot(userId, request.chatbotId) : undefined;
  const pages = await readSitePages(request.websiteUrl, bot, crawlLimits);
  const { faqs, writer } = await writeFaqs(pages, request, startedAt);
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
    ms: Date.now() - startedAt,
  });
  return { success: true, faqsGenerated: entries.length, entries };
}
