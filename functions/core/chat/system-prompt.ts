import type { ConversationSettings } from '../../contracts/chatbot.js';
import type { SearchHit } from '../knowledge/search-index.js';
import { offTopicMessage } from './off-topic.js';
import { isLenient } from './offline-responder.js';
import { sourceTitle } from './source-link.js';

export interface PromptContext {
  businessName: string;
  agentName: string;
  personality: string;
  websiteUrl: string;
  settings: ConversationSettings;
  passages: readonly SearchHit[];
  /** The owner's corrected answer for this question, which the model must give. */
  requiredAnswer?: string;
}

function strictnessRule(level: number): string {
  if (level >= 8) return 'Answer ONLY with facts stated in the knowledge below. Never add facts, prices, dates or promises that are not there.';
  if (!isLenient(level)) return 'Base every factual statement on the knowledge below. You may phrase things naturally, but do not invent facts.';
  return 'Prefer the knowledge below; general, non-factual courtesy is fine, but never invent facts about the business.';
}

/** The system prompt: who the assistant is, how it must behave, and the only knowledge it may use. */
export function systemPrompt(ctx: PromptContext): string {
  const { settings } = ctx;
  const knowledge = ctx.passages.length
    ? ctx.passages
        .map((p, i) => `[${i + 1}] ${sourceTitle(p)}${p.heading ? ` - ${p.heading}` : ''}${p.url ? ` (${p.url})` : ''}\n${p.text}`)
        .join('\n\n')
    : '(nothing relevant was found)';
  return [
    `You are ${ctx.agentName}, the assistant of ${ctx.businessName} (${ctx.websiteUrl}). Personality: ${ctx.personality}.`,
    strictnessRule(settings.strictnessLevel),
    `If the knowledge does not answer the question, reply exactly: "${settings.fallbackMessage}"`,
    settings.allowOffTopic
      ? 'You may briefly answer general questions unrelated to the business.'
      : `If the question is unrelated to ${ctx.businessName}, do not answer it; reply exactly: "${offTopicMessage(ctx.businessName)}"`,
    `Keep the answer under ${settings.maxResponseLength} characters. Plain text. Answer exactly what was asked, from the knowledge only; every price, number, time, phone number and e-mail address you give must be written in the knowledge. When you use a passage that has a URL, cite it as a markdown link: [its title](its URL).`,
    ctx.requiredAnswer
      ? `The owner has set the answer to this question. Give this answer, in substance unchanged:\n${ctx.requiredAnswer}`
      : '',
    `Knowledge:\n${knowledge}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** Creativity 1-10 to a sampling temperature 0-1. */
export const temperatureFor = (creativityLevel: number) => Math.round(((creativityLevel - 1) / 9) * 100) / 100;
