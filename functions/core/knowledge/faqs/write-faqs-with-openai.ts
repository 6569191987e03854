import * as z from 'zod';
import { MAX_GENERATED_FAQS, MIN_GENERATED_FAQS } from '../../../contracts/faqs.js';
import { MAX_KNOWLEDGE_TITLE_CHARS } from '../../../contracts/knowledge.js';
import { chatCompletionText } from '../../runtime/openai-api.js';
import { MAX_ANSWER_CHARS } from './answer-text.js';
import { distinctFaqs, type Faq, type FaqSourcePage } from './faq.js';

/** The model could not be asked, failed, or wrote nothing usable; the caller falls back. */
export class FaqWriterFailure extends Error {
  override readonly name = 'FaqWriterFailure';
}

/** Site text given to the model: about 10,000 tokens, a business site's main pages. */
const MAX_PROMPT_PAGE_CHARS = 40_000;
/** Every page gets at least this much before longer pages get the rest of the budget. */
const MIN_CHARS_PER_PAGE = 2_000;

/** What the model must return; the items are checked one by one, so one bad item does not lose the rest. */
const modelReplySchema = z.object({ faqs: z.array(z.unknown()) });
const modelFaqSchema = z.object({
  question: z.string().trim().min(3).max(MAX_KNOWLEDGE_TITLE_CHARS),
  answer: z.string().trim().min(1).max(MAX_ANSWER_CHARS * 3),
});

export function faqInstructions(businessName: string): string {
  return [
    `You write the FAQ section for ${businessName}'s customer chat assistant, from the pages of its website given by the user.`,
    `Write between ${MIN_GENERATED_FAQS} and ${MAX_GENERATED_FAQS} questions that customers are likely to ask, each with its answer.`,
    'Use only facts stated in the pages. Never invent or guess prices, times, policies, names, addresses or contact details; leave out any question the pages do not answer.',
    `If the pages support fewer than ${MIN_GENERATED_FAQS} good questions, write fewer.`,
    'Questions: as a visitor would ask them, ending with a question mark, each about a different topic.',
    `Answers: one to three sentences in the business's voice ("we"), at most ${MAX_ANSWER_CHARS} characters.`,
    'Ignore navigation, cookie notices and other page furniture.',
    'Reply with JSON only, in this shape: {"faqs":[{"question":"...","answer":"..."}]}',
  ].join('\n');
}

/** The pages as one text within the budget: short pages whole, long ones cut to a fair share. */
export function pagesForPrompt(pages: readonly FaqSourcePage[], websiteUrl: string): string {
  const share = Math.max(MIN_CHARS_PER_PAGE, Math.floor(MAX_PROMPT_PAGE_CHARS / Math.max(pages.length, 1)));
  const parts: string[] = [`Website: ${websiteUrl}`];
  let used = 0;
  for (const page of pages) {
    const room = Math.min(share, MAX_PROMPT_PAGE_CHARS - used);
    if (room < 200) break;
    const text = page.text.length > room ? `${page.text.slice(0, room)}…` : page.text;
    parts.push(`## Page: ${page.title || page.url}\nURL: ${page.url}\n\n${text}`);
    used += text.length;
  }
  return parts.join('\n\n---\n\n');
}

function parseReply(content: string | null | undefined): Faq[] {
  let json: unknown;
  try {
    json = JSON.parse(content ?? '');
  } catch {
    throw new FaqWriterFailure('The model did not reply with JSON');
  }
  const reply = modelReplySchema.safeParse(json);
  if (!reply.success) throw new FaqWriterFailure('The model replied without a "faqs" list');
  const faqs = reply.data.faqs.flatMap((item) => {
    const parsed = modelFaqSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  const kept = distinctFaqs(faqs);
  if (!kept.length) throw new FaqWriterFailure('The model wrote no usable FAQs');
  return kept;
}

/**
 * FAQs written by the OpenAI model from the pages (JSON reply, checked). Any provider error, time-out
 * or unusable reply is a FaqWriterFailure.
 */
export async function writeFaqsWithOpenAi(
  pages: readonly FaqSourcePage[],
  options: { apiKey: string; businessName: string; websiteUrl: string; timeoutMs: number },
): Promise<Faq[]> {
  let content: string | null | undefined;
  try {
    content = await chatCompletionText(
      {
        model: process.env.OPENAI_MODEL || 'gpt-4o-mini',
        temperature: 0.2,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: faqInstructions(options.businessName) },
          { role: 'user', content: pagesForPrompt(pages, options.websiteUrl) },
        ],
      },
      { apiKey: options.apiKey, baseURL: process.env.OPENAI_BASE_URL, timeoutMs: options.timeoutMs, maxRetries: 0 },
    );
  } catch (error) {
    throw new FaqWriterFailure(`The AI provider failed: ${(error as Error).message}`, { cause: error });
  }
  return parseReply(content);
}
