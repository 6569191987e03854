import { DEFAULT_CONVERSATION_SETTINGS, conversationSettingsSchema, type ConversationSettings } from '../../contracts/chatbot.js';

/** A stored assistant's conversation settings with defaults filled; an unreadable record gets the defaults. */
export function conversationSettingsOf(stored: { conversation_settings?: unknown }): ConversationSettings {
  const parsed = conversationSettingsSchema.safeParse({
    ...DEFAULT_CONVERSATION_SETTINGS,
    ...((stored.conversation_settings as object | undefined) ?? {}),
  });
  return parsed.success ? parsed.data : DEFAULT_CONVERSATION_SETTINGS;
}
