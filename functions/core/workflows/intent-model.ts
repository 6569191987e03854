import { llmConfigured } from '../chat/openai-responder.js';
import { chatCompletionText } from '../runtime/openai-api.js';
import { log } from '../runtime/log.js';
import type { TriggerWorkflow } from './triggers.js';

/**
 * One short call inside a chat turn, made while the answer is written: a slow model must not hold
 * the visitor's reply, so it gets little time and no retry before the offline matching decides.
 */
const INTENT_TIME_LIMITS = { timeoutMs: 4_000, maxRetries: 0, totalTimeoutMs: 4_000 };
const NONE = 'NONE';

const SYSTEM = [
  "You classify a customer's message to a business's chat assistant.",
  'You are given the intents the business cares about, each with example phrases, and the message.',
  `Answer with the name of the one intent the message expresses, exactly as written, or ${NONE} if it expresses none of them.`,
  'Answer with nothing else.',
].join(' ');

/**
 * The model's reading of the message: the name of the intent it expresses, null for none of them, or
 * undefined when the model was not asked (no key, no intent workflow, no message) or failed or
 * answered something else (then the offline, meaning-based matching of triggers.ts decides).
 */
export async function modelIntentOf(workflows: readonly TriggerWorkflow[], message: string | undefined): Promise<string | null | undefined> {
  const intents = workflows.flatMap(({ intent }) => (intent ? [{ name: intent.name, examples: intent.phrases }] : []));
  if (!intents.length || !message?.trim() || !llmConfigured()) return undefined;
  try {
    const answer = await chatCompletionText(
      {
        model: process.env.OPENAI_MODEL || 'gpt-4o-mini',
        temperature: 0,
        max_tokens: 30,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: JSON.stringify({ intents, message }) },
        ],
      },
      { apiKey: process.env.OPENAI_API_KEY!, baseURL: process.env.OPENAI_BASE_URL, ...INTENT_TIME_LIMITS },
    );
    const said = (answer ?? '').trim().replace(/^["'“”]+|["'“”.]+$/g, '').toLowerCase();
    if (said === NONE.toLowerCase()) return null;
    const named = intents.find((intent) => intent.name.toLowerCase() === said);
    if (named) return named.name;
    log.warn('Intent model answered no intent it was given; offline matching decides', { answer });
  } catch (error) {
    log.warn('Intent model failed; offline matching decides', { error: (error as Error).message });
  }
  return undefined;
}
