import type { SocialPlatform } from '../../contracts/deployment.js';
import { db } from '../data/db.js';
import { openChannelSecrets } from './credential-vault.js';

/** What checking a channel's webhook signature needs: whose channel it is and its app secret. */
export interface WebhookChannel {
  connectionId: string;
  chatbotId: string;
  platform: SocialPlatform;
  accountId: string;
  appSecret: string;
}

/**
 * App secrets already opened by this warm function, by the sealed value they came from: the channel is
 * read for every call (a changed or removed secret counts at once), but not decrypted again.
 */
const opened = new Map<string, string>();
const MAX_KEPT = 500;

/** The channel behind a webhook address, null when there is none. */
export async function webhookChannel(connectionId: string): Promise<WebhookChannel | null> {
  const { data } = await db().entities.channelConnection.get({ connection_id: connectionId }).go();
  if (!data) return null;
  let appSecret = opened.get(data.sealed_credentials);
  if (appSecret === undefined) {
    appSecret = (await openChannelSecrets(data.connection_id, data.sealed_credentials)).app_secret;
    if (opened.size >= MAX_KEPT) opened.clear();
    opened.set(data.sealed_credentials, appSecret);
  }
  return { connectionId: data.connection_id, chatbotId: data.chatbot_id, platform: data.platform, accountId: data.account_id, appSecret };
}
