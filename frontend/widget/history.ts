/**
 * The visitor's conversation with one assistant, kept in localStorage so a reload (or the next page of
 * the site, or a return visit) shows it and continues it: the visitor token the server issued with
 * its first reply (the only way back into this conversation), and the last messages. Storage can be missing or refuse (private modes, blocked third-party storage): the
 * widget then works for the current page only.
 */
export interface StoredMessage {
  /** 'notice': a person joined or the assistant answers again, shown as a line. */
  role: 'user' | 'assistant' | 'notice';
  text: string;
  /** The person of the business who wrote a reply, or who joined with a notice. */
  person?: string;
  /** That person's picture, if they set one (their initials are shown otherwise). */
  avatar?: string;
  /** An assistant reply's ids in the chat engine (what a thumbs up / down rates) and the rating given. */
  id?: string;
  conversationId?: string;
  rating?: 'up' | 'down';
}

export interface ConversationState {
  /** Absent until the visitor opens the chat (or their first reply); the server renews it with every reply. */
  visitorToken?: string;
  messages: StoredMessage[];
}

export const MAX_STORED_MESSAGES = 50;

export const storageKey = (chatbotId: string) => `assistant-widget:${chatbotId}`;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function loadConversation(chatbotId: string): ConversationState {
  try {
    const saved = JSON.parse(storage()?.getItem(storageKey(chatbotId)) ?? 'null') as Partial<ConversationState> | null;
    if (saved && Array.isArray(saved.messages)) {
      const messages = saved.messages.filter((m) => m && (m.role === 'user' || m.role === 'assistant' || m.role === 'notice') && typeof m.text === 'string');
      const visitorToken = typeof saved.visitorToken === 'string' && saved.visitorToken ? saved.visitorToken : undefined;
      return { visitorToken, messages: messages.slice(-MAX_STORED_MESSAGES) };
    }
  } catch {
    // Unreadable or not ours: start afresh.
  }
  return { messages: [] };
}

export function saveConversation(chatbotId: string, state: ConversationState): void {
  state.messages = state.messages.slice(-MAX_STORED_MESSAGES);
  try {
    storage()?.setItem(storageKey(chatbotId), JSON.stringify(state));
  } catch {
    // Full or refused: the conversation still works on this page.
  }
}
