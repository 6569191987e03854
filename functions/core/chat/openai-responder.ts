import { chatCompletionText, type ChatMessage } from '../runtime/openai-api.js';
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

/** One chat completion grounded by the system prompt; any provider error becomes a ProviderFailure. */
export async function openAiAnswer(args: {
  system: string;
  history: readonly StoredMessage[];
  question: string;
  temperature: number;
  maxCharacters: number;
}): Promise<string> {
  const messages: ChatMessage[] = [
    { role: 'system', content: args.system },
    ...args.history
      .filter((m) => m.sender_type !== 'system')
      .map((m): ChatMessage => ({ role: m.sender_type === 'user' ? 'user' : 'assistant', content: m.content })),
    { role: 'user', content: args.question },
  ];
  try {
    const completion = await chatCompletionText(
      {
        model: process.env.OPENAI_MODEL || 'gpt-4o-mini',
        temperature: args.temperature,
        max_tokens: Math.ceil(args.maxCharacters / 3),
        messages,
      },
      { apiKey: process.env.OPENAI_API_KEY!, baseURL: process.env.OPENAI_BASE_URL, ...ANSWER_TIME_LIMITS },
    );
    const text = completion?.trim();
    if (!text) throw new Error('The model returned no text');
    return text;
  } catch (error) {
    throw new ProviderFailure((error as Error).message);
  }
}
