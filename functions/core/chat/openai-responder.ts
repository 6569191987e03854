import { chatCompletionText, type ChatCompletionRequest, type ChatMessage } from '../runtime/openai-api.js';
import { chatCompletionDeltas } from '../runtime/openai-stream.js';
import type { StoredMessage } from './conversation-store.js';

export class ProviderFailure extends Error {}

/**
 * The model's share of chat-with-emma's 29 s: at most 20 s for all attempts, leaving the rest for the
 * database, the query's embedding (openai-embeddings.ts: at most 6 s) and storing the reply. Past it
 * the visitor is told to try again and their message stays stored.
 */
export const ANSWER_TIME_LIMITS = { timeoutMs: 15_000, maxRetries: 1, totalTimeoutMs: 20_000 };

/** True when answers come from OpenAI (a key is configured); otherwise the offline responder answers. */
export const llmConfigured = () => Boolean(process.env.OPENAI_API_KEY);

export interface AnswerPrompt {
  system: string;
  history: readonly StoredMessage[];
  question: string;
  temperature: number;
  maxCharacters: number;
}

function completionRequest(args: AnswerPrompt): ChatCompletionRequest {
  const messages: ChatMessage[] = [
    { role: 'system', content: args.system },
    ...args.history
      .filter((m) => m.sender_type !== 'system')
      .map((m): ChatMessage => ({ role: m.sender_type === 'user' ? 'user' : 'assistant', content: m.content })),
    { role: 'user', content: args.question },
  ];
  return {
    model: process.env.OPENAI_MODEL || 'gpt-4o-mini',
    temperature: args.temperature,
    max_tokens: Math.ceil(args.maxCharacters / 3),
    messages,
  };
}

const connection = () => ({ apiKey: process.env.OPENAI_API_KEY!, baseURL: process.env.OPENAI_BASE_URL, ...ANSWER_TIME_LIMITS });

/** One chat completion grounded by the system prompt; any provider error becomes a ProviderFailure. */
export async function openAiAnswer(args: AnswerPrompt): Promise<string> {
  try {
    const completion = await chatCompletionText(completionRequest(args), connection());
    const text = completion?.trim();
    if (!text) throw new Error('The model returned no text');
    return text;
  } catch (error) {
    throw new ProviderFailure((error as Error).message);
  }
}

/** The same completion as it is written (streamed): its pieces of text; any provider error becomes a ProviderFailure. */
export async function* openAiAnswerDeltas(args: AnswerPrompt): AsyncGenerator<string> {
  try {
    yield* chatCompletionDeltas(completionRequest(args), connection());
  } catch (error) {
    throw new ProviderFailure((error as Error).message);
  }
}
