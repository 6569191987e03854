import type { SocialPlatform } from '../../contracts/deployment.js';

/** A customer's text message, whatever platform it came through. */
export interface InboundText {
  kind: 'message';
  /** Meta's message id (wamid... or m_...): what makes a retry or duplicate the same message. */
  messageId: string;
  /** wa_id (WhatsApp, the phone number), PSID (Messenger) or IGSID (Instagram). */
  senderId: string;
  /** WhatsApp sends the profile name with the message; Messenger and Instagram are asked (User Profile API). */
  profileName?: string;
  text: string;
  /** When the customer sent it (ms). */
  sentAt: number;
}

/** What became of a message the product sent. */
export interface DeliveryStatus {
  kind: 'status';
  /** Meta's ids of the messages the status is about. */
  messageIds: string[];
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: number;
  /** Messenger's read receipts name no message: everything sent before this time is read. */
  watermark?: number;
}

export type ChannelEvent = InboundText | DeliveryStatus;

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : typeof value === 'string' && value ? Number(value) : undefined);

/** The object field of each platform's webhook (anything else is not for this route). */
const OBJECT: Record<SocialPlatform, string> = { whatsapp: 'whatsapp_business_account', messenger: 'page', instagram: 'instagram' };

/**
 * WhatsApp Cloud API: entry[].changes[] with field 'messages'; value.metadata.phone_number_id names the
 * number, value.contacts[] the senders' profiles, value.messages[] the messages, value.statuses[] the
 * statuses of sent messages. Only text messages are answered; other types are acknowledged and left.
 */
function whatsappEvents(payload: Json, accountId: string): ChannelEvent[] {
  const events: ChannelEvent[] = [];
  for (const entry of arr(payload.entry)) {
    for (const change of arr(obj(entry).changes)) {
      const value = obj(obj(change).value);
      if (obj(change).field !== 'messages' || str(obj(value.metadata).phone_number_id) !== accountId) continue;
      const names = new Map(arr(value.contacts).map((c) => [str(obj(c).wa_id), str(obj(obj(c).profile).name)]));
      for (const message of arr(value.messages).map(obj)) {
        const text = str(obj(message.text).body);
        const [id, from] = [str(message.id), str(message.from)];
        if (message.type !== 'text' || !text || !id || !from) continue;
        events.push({ kind: 'message', messageId: id, senderId: from, profileName: names.get(from), text, sentAt: (num(message.timestamp) ?? 0) * 1000 });
      }
      for (const status of arr(value.statuses).map(obj)) {
        const [id, state] = [str(status.id), str(status.status)];
        if (!id || !['sent', 'delivered', 'read', 'failed'].includes(state ?? '')) continue;
        events.push({ kind: 'status', messageIds: [id], status: state as DeliveryStatus['status'], at: (num(status.timestamp) ?? 0) * 1000 });
      }
    }
  }
  return events;
}

/**
 * Messenger and Instagram Messaging: entry[].messaging[] of sender, recipient, timestamp and one of
 * message (echoes of the page's own messages skipped), delivery (mids) or read (watermark, or mid on Instagram).
 */
function messagingEvents(payload: Json, accountId: string): ChannelEvent[] {
  const events: ChannelEvent[] = [];
  for (const entry of arr(payload.entry)) {
    for (const item of arr(obj(entry).messaging).map(obj)) {
      if (str(obj(item.recipient).id) !== accountId) continue;
      const sender = str(obj(item.sender).id);
      const at = num(item.timestamp) ?? 0;
      const message = obj(item.message);
      const [id, text] = [str(message.mid), str(message.text)];
      if (sender && id && text && message.is_echo !== true) events.push({ kind: 'message', messageId: id, senderId: sender, text, sentAt: at });
      const delivery = obj(item.delivery);
      const mids = arr(delivery.mids).flatMap((m) => str(m) ?? []);
      if (mids.length) events.push({ kind: 'status', messageIds: mids, status: 'delivered', at });
      const read = obj(item.read);
      const readMid = str(read.mid);
      if (readMid) events.push({ kind: 'status', messageIds: [readMid], status: 'read', at });
      else if (num(read.watermark)) events.push({ kind: 'status', messageIds: [], status: 'read', at, watermark: num(read.watermark) });
    }
  }
  return events;
}

/** The events of one webhook call for the connected account; nothing for another platform's or account's. */
export function channelEvents(platform: SocialPlatform, payload: unknown, accountId: string): ChannelEvent[] {
  const body = obj(payload);
  if (body.object !== OBJECT[platform]) return [];
  return platform === 'whatsapp' ? whatsappEvents(body, accountId) : messagingEvents(body, accountId);
}
