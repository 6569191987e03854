import OpenAI from 'openai';
import type { StoredMessage } from './conversation-store.js';

export class ProviderFailure extends Error {}

let cached: { key: string; client: OpenAI } | undefined;

function client(apiKey: string): OpenAI {
  const key = `${apiKey}|${process.env.OPENAI_BASE_URL ?? ''}`;
  if (cached?.key !== key) {
    cached = {
      key,
      client: new OpenAI({ apiKey, baseURL: process.env.OPENAI_BASE_URL || undefined, timeout: 20_000, maxRetries: 1 }),
    };
  }
  return cached.client;
}

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
  try {
    const completion = await client(process.env.OPENAI_API_KEY!).chat.completions.create({
      model: process.env.OPENAI_MODEL || 'gpt-4o-mini',
      temperature: args.temperature,
      max_tokens: Math.ceil(args.maxCharacters / 3),
      messages: [
        { role: 'system', content: args.system },
        ...args.history
          .filter((m) => m.sender_type !== 'system')
          .map((m) => ({ role: m.sender_type === 'user' ? ('user' as const) : ('assistant' as const), content: m.content })),
        { role: 'user', content: args.question },
      ],
    });
    const text = completion.choices[0]?.message?.content?.trim();
    if (!text) throw new Error('The model returned no text');
    return text;
  } catch (error) {
    throw new ProviderFailure((error as Error).message);
  }
}
