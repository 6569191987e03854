import type { Chatbot } from '@contracts/chatbot';
import type { KnowledgeType } from '@contracts/knowledge';

export const KNOWLEDGE_TYPE_LABELS: Record<KnowledgeType, string> = {
  faq: 'FAQ',
  context: 'Context',
  document: 'Document',
  link: 'Link',
};

/** The form's value for "every assistant" (spec 000 section 5), stored as chatbot_id null. */
export const ALL_ASSISTANTS = 'all';

/** The name an assistant goes by in selects and badges. */
export function assistantName(chatbot: Pick<Chatbot, 'business_name' | 'agent_name'>): string {
  return chatbot.business_name || chatbot.agent_name;
}

/** The card's assistant badge: the assistant's name, or 'All assistants' for an unassigned entry. */
export function assistantBadgeLabel(chatbotId: string | null, chatbots: readonly Chatbot[] | undefined): string {
  if (chatbotId === null) return 'All assistants';
  const chatbot = chatbots?.find((item) => item.id === chatbotId);
  return chatbot ? assistantName(chatbot) : 'Unknown assistant';
}
