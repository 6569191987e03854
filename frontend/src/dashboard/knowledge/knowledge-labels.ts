import type { Chatbot } from '@contracts/chatbot';
import type { KnowledgeEntry, KnowledgeType } from '@contracts/knowledge';
import { isShared } from '@/chatbots/role-rights';

export const KNOWLEDGE_TYPE_LABELS: Record<KnowledgeType, string> = {
  faq: 'FAQ',
  context: 'Context',
  document: 'Document',
  link: 'Link',
};

/** The form's value for "every assistant" (spec 000 section 5), stored as chatbot_id null. */
export const ALL_ASSISTANTS = 'all';

/**
 * 'All assistants' means all of the caller's own (an entry in their own knowledge): offered when they
 * own one of the listed assistants, or none is listed yet; not to someone who only edits shared ones.
 */
export const offersAllAssistants = (chatbots: readonly Pick<Chatbot, 'role'>[]): boolean =>
  chatbots.length === 0 || chatbots.some((chatbot) => !isShared(chatbot));

/** A new entry's assistant field starts at 'All assistants' where offered, else at the first assistant. */
export const defaultAssistant = (chatbots: readonly Pick<Chatbot, 'role' | 'id'>[]): string =>
  offersAllAssistants(chatbots) ? ALL_ASSISTANTS : chatbots[0]!.id;

/** The name an assistant goes by in selects and badges. */
export function assistantName(chatbot: Pick<Chatbot, 'business_name' | 'agent_name'>): string {
  return chatbot.business_name || chatbot.agent_name;
}

/**
 * The card's assistant badge: the assistant's name, or 'All assistants' for an unassigned entry of the
 * caller's own. Someone else's unassigned entry (listed because a team of the caller's shares one of
 * that owner's assistants) names the shared assistants it answers on, not the caller's own.
 */
export function assistantBadgeLabel(
  entry: Pick<KnowledgeEntry, 'chatbot_id' | 'user_id'>,
  chatbots: readonly Pick<Chatbot, 'id' | 'user_id' | 'role' | 'business_name' | 'agent_name'>[] | undefined,
): string {
  const { chatbot_id: chatbotId } = entry;
  if (chatbotId === null) {
    const sharedOfItsOwner = (chatbots ?? []).filter((chatbot) => chatbot.user_id === entry.user_id && isShared(chatbot));
    if (sharedOfItsOwner.length === 0) return 'All assistants';
    return `All of its owner's assistants: ${sharedOfItsOwner.map(assistantName).join(', ')}`;
  }
  const chatbot = chatbots?.find((item) => item.id === chatbotId);
  return chatbot ? assistantName(chatbot) : 'Unknown assistant';
}
