import { platformLabels, type SocialPlatform } from '../../contracts/deployment.js';
import { chat } from '../chat/chat-engine.js';
import { channelText } from '../chat/surface-text.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { prepareInboxAnnouncement } from '../realtime/inbox-updates.js';
import { log } from '../runtime/log.js';
import { announceNewTransfer } from '../transfers/new-transfer.js';
import { workflowTriggers } from '../workflows/chat-triggers.js';
import { openChannelSecrets } from './credential-vault.js';
import type { ChannelWebhookWork } from './channel-webhook.js';
import type { GraphCredentials } from './graph-api.js';
import { keptCustomerName } from './customer-names.js';
import { customerProfileName, sendChannelText } from './graph-send.js';
import { showMessageSeen, stopTyping } from './graph-sender-actions.js';
import { typedConfirmation } from './typed-confirmation.js';
import { channelEvents, type DeliveryStatus, type InboundText } from './webhook-events.js';

/** Meta retries a webhook for up to a day or so; a message id is remembered a week. */
const REMEMBER_EVENTS_S = 7 * 24 * 3600;

/** The contact a channel customer is in the inbox: their platform and Meta's id of them. */
export const channelContactId = (platform: SocialPlatform, senderId: string) => `${platform}:${senderId}`;

interface Connection {
  connection_id: string;
  chatbot_id: string;
  platform: SocialPlatform;
  account_id: string;
}

/** Takes a message id the first time only (conditional create): a retry or duplicate of Meta's is dropped. */
async function firstDelivery(connectionId: string, eventId: string, now: Date): Promise<boolean> {
  try {
    await db()
      .entities.channelEvent.create({
        connection_id: connectionId,
        event_id: eventId,
        received_at: now.toISOString(),
        ttl: Math.floor(now.getTime() / 1000) + REMEMBER_EVENTS_S,
      })
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/**
 * Forgets a message id whose turn failed, so that Meta's redelivery of it runs the turn again (the
 * engine's claim of the id stores the message once: core/chat/turn-claim.ts).
 */
async function forgetDelivery(connectionId: string, eventId: string): Promise<void> {
  await db().entities.channelEvent.delete({ connection_id: connectionId, event_id: eventId }).go({ response: 'none' });
}

/**
 * Sends a text to a channel customer through the Graph API and remembers Meta's message id, so the
 * delivery and read statuses Meta reports later find the inbox message. Meta's error text, if it refused.
 */
export async function deliverToCustomer(
  connection: Connection,
  credentials: GraphCredentials,
  to: string,
  /** `messageId`: the stored message this is (its delivery statuses are recorded); none for a text that is not stored. */
  sent: { conversationId: string; messageId?: string; text: string },
): Promise<{ ok: true } | { ok: false; error: string }> {
  // Messaging apps show text as sent: no markdown, links as `Title: URL` (the inbox renders the stored text).
  const result = await sendChannelText(connection.platform, connection.account_id, credentials, to, channelText(sent.text, connection.platform));
  if (!result.ok || sent.messageId === undefined) return result.ok ? { ok: true } : result;
  await db()
    .entities.channelMessage.put({
      connection_id: connection.connection_id,
      external_id: result.externalId,
      conversation_id: sent.conversationId,
      message_id: sent.messageId,
      created_at: new Date().toISOString(),
    })
    .go({ response: 'none' });
  return { ok: true };
}

/** The channel's credentials, or null once it was disconnected: read while the first message is under way. */
type ChannelCredentials = Promise<GraphCredentials | null>;

/** A message that is not to be answered after all: a retry of Meta's already taken, or the channel is gone. */
class NotToAnswer extends Error {}

/** One customer message: through the chat engine as the platform's channel, into the inbox, and the answer sent back. */
async function answerMessage(connection: Connection, credentials: ChannelCredentials, message: InboundText): Promise<void> {
  const now = new Date();
  // Started at once, awaited by the engine before it stores anything (countTurn below).
  const claimed = firstDelivery(connection.connection_id, message.messageId, now);
  claimed.catch(() => undefined);
  const contactName = message.profileName ?? (await customerName(connection, credentials, message.senderId));
  // Read receipt / seen and typing, sent while the answer is worked out; awaited before the answer goes out.
  let seen: Promise<void> = Promise.resolve();
  let outcome;
  try {
    outcome = await chat(
      {
        chatbotId: connection.chatbot_id,
        contactId: channelContactId(connection.platform, message.senderId),
        contactName,
        message: message.text,
        // Meta's id of the message: a redelivery after a failed turn stores it once (core/chat/turn-claim.ts).
        clientMessageId: message.messageId,
        channel: connection.platform,
        confirm: typedConfirmation(message.text),
        // A customer asking for a person is a transfer like the web chat's: the agents are e-mailed, its timer starts.
        notifyAgents: announceNewTransfer,
        // The owner's open inboxes are told of the turn by the engine, with the assistant it read already.
        announceToInbox: prepareInboxAnnouncement,
        // A WhatsApp id is the customer's phone number in international form: stored (and searchable)
        // with the conversation when it starts.
        ...(connection.platform === 'whatsapp' && { contactPhone: `+${message.senderId}` }),
        // The same trigger check as the website chat: a customer's keyword on WhatsApp starts the workflow too.
        workflows: workflowTriggers,
        // Every call is signed by Meta with the business's app secret, and Meta limits its own senders. The
        // engine runs this with its first reads and stores nothing if it throws: the message id and the
        // channel are checked there instead of one round trip after the other before the engine starts.
        countTurn: async () => {
          const [first, open] = await Promise.all([claimed, credentials]);
          if (!first || !open) throw new NotToAnswer();
          seen = showMessageSeen(connection.platform, connection.account_id, open, message).catch((error: unknown) => {
            log.warn('Read receipt not sent', { platform: connection.platform, error });
          });
        },
      },
      now,
    );
  } catch (error) {
    if (error instanceof NotToAnswer) return;
    await forgetDelivery(connection.connection_id, message.messageId).catch((forgetError: unknown) =>
      log.warn('A failed message id could not be forgotten; a redelivery of it is dropped', { error: forgetError }),
    );
    throw error;
  }
  await seen;
  if ('error' in outcome || !outcome.message) {
    // No answer from the assistant: the typing indicator stops (Messenger, Instagram).
    await stopTyping(connection.platform, connection.account_id, (await credentials)!, message.senderId);
  }
  if ('error' in outcome) {
    // The AI provider failed: the customer's message is kept in the inbox for the owner to answer.
    log.warn('Channel message not answered', { platform: connection.platform, chatbotId: connection.chatbot_id, reason: outcome.error });
    return;
  }
  if (!outcome.message) return;
  // A person answers (or is awaited): the customer is told their message is with the team, which is not
  // stored; the person answers from the inbox (core/channels/channel-reply.ts).
  const sent = await deliverToCustomer(connection, (await credentials)!, message.senderId, {
    conversationId: outcome.conversationId,
    ...(!outcome.personAnswering && { messageId: outcome.messageId }),
    text: outcome.message,
  });
  if (!sent.ok) log.warn(`${platformLabels[connection.platform]} refused the answer`, { chatbotId: connection.chatbot_id, error: sent.error });
}

/** Messenger and Instagram name their customers only through the User Profile API (with the channel's token). */
async function customerName(connection: Connection, credentials: ChannelCredentials, senderId: string): Promise<string | undefined> {
  return keptCustomerName(connection.account_id, senderId, async () => {
    const open = await credentials;
    return open ? customerProfileName(connection.platform, senderId, open) : undefined;
  });
}

/** A status Meta reported of a sent message; statuses of messages the product did not send are ignored. */
async function recordStatus(connection: Connection, status: DeliveryStatus): Promise<void> {
  if (status.status === 'sent') return;
  const field = `${status.status}_at` as 'delivered_at' | 'read_at' | 'failed_at';
  const at = new Date(status.at || Date.now()).toISOString();
  await Promise.all(
    status.messageIds.map(async (externalId) => {
      try {
        await db()
          .entities.channelMessage.patch({ connection_id: connection.connection_id, external_id: externalId })
          .set({ [field]: at })
          .go({ response: 'none' });
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
      }
    }),
  );
}

/**
 * process-channel-webhook: the work behind a webhook call that was already verified and acknowledged.
 * Messages in the order Meta listed them (one customer's messages answer in turn), then statuses. The
 * channel is read again for its credentials (and whether it is still connected) while the first
 * message goes into the engine.
 */
export async function processChannelWebhook(work: ChannelWebhookWork): Promise<void> {
  const connection: Connection = { connection_id: work.connectionId, chatbot_id: work.chatbotId, platform: work.platform, account_id: work.accountId };
  const events = channelEvents(connection.platform, work.payload, connection.account_id);
  if (events.length === 0) return;
  const credentials: ChannelCredentials = db()
    .entities.channelConnection.get({ connection_id: work.connectionId })
    .go()
    // Disconnected since the call arrived: its credentials are gone with it.
    .then(({ data }) => (data ? openChannelSecrets(data.connection_id, data.sealed_credentials) : null));
  credentials.catch(() => undefined);
  for (const event of events) {
    try {
      if (event.kind === 'message') await answerMessage(connection, credentials, event);
      else if (await credentials) await recordStatus(connection, event);
    } catch (error) {
      // One event's failure (an inactive assistant, a store outage) must not lose the others of the call.
      log.error('Channel event not processed', { platform: connection.platform, chatbotId: connection.chatbot_id, kind: event.kind, error });
    }
  }
}
