import { DEFAULT_TRANSFER_SETTINGS, transferSettingsSchema, type TransferSettings } from '../../contracts/transfers.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { db } from '../data/db.js';
import { log } from '../runtime/log.js';

/**
 * A stored assistant's transfer settings with the spec's defaults filled in. A record that no longer
 * reads (written before a rule existed) gets the defaults, which keep transfers off, rather than
 * failing every chat turn.
 */
export function transferSettingsOf(stored: { chatbot_id?: string; transfer_settings?: unknown }): TransferSettings {
  const parsed = transferSettingsSchema.safeParse({ ...DEFAULT_TRANSFER_SETTINGS, ...((stored.transfer_settings as object | undefined) ?? {}) });
  if (parsed.success) return parsed.data;
  log.warn('Stored transfer settings do not read; using the defaults', { chatbotId: stored.chatbot_id, issues: parsed.error.issues.length });
  return DEFAULT_TRANSFER_SETTINGS;
}

/** GET /chatbots/{id}/transfer-settings: anyone who may read the assistant. */
export async function getTransferSettings(caller: Caller, chatbotId: string): Promise<TransferSettings> {
  const { chatbot } = await chatbotFor(caller, chatbotId);
  return transferSettingsOf(chatbot);
}

/** PUT /chatbots/{id}/transfer-settings: the whole settings object, already validated by the contract. */
export async function updateTransferSettings(caller: Caller, chatbotId: string, settings: TransferSettings): Promise<TransferSettings> {
  await chatbotFor(caller, chatbotId);
  const { data } = await db()
    .entities.chatbot.patch({ chatbot_id: chatbotId })
    .set({ transfer_settings: settings, updated_at: new Date().toISOString() })
    .go({ response: 'all_new' });
  return transferSettingsOf(data);
}
