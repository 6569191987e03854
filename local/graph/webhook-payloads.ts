import type { StandInAccount, StandInCustomer } from './stand-in-state.js';

/** WhatsApp's envelope: one change of field 'messages' for the phone number, under its business account. */
function whatsappChange(account: StandInAccount, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: `1${account.account_id.slice(1)}0`,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: account.handle.replace(/\D/g, ''), phone_number_id: account.account_id },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/**
 * The webhook bodies Meta sends, per platform (Meta's documented examples): WhatsApp's
 * whatsapp_business_account changes, Messenger's page messaging events, Instagram's messaging events.
 */
export function inboundPayload(account: StandInAccount, customer: StandInCustomer, messageId: string, text: string, at: Date): unknown {
  const seconds = Math.floor(at.getTime() / 1000);
  if (account.platform === 'whatsapp') {
    return whatsappChange(account, {
      contacts: [{ profile: { name: customer.name }, wa_id: customer.id }],
      messages: [{ from: customer.id, id: messageId, timestamp: String(seconds), type: 'text', text: { body: text } }],
    });
  }
  return {
    object: account.platform === 'messenger' ? 'page' : 'instagram',
    entry: [
      {
        id: account.account_id,
        time: at.getTime(),
        messaging: [
          { sender: { id: customer.id }, recipient: { id: account.account_id }, timestamp: at.getTime(), message: { mid: messageId, text } },
        ],
      },
    ],
  };
}

/** What Meta reports once a sent message reached the customer's device (or was read). */
export function statusPayload(account: StandInAccount, to: string, messageId: string, status: 'delivered' | 'read', at: Date): unknown {
  if (account.platform === 'whatsapp') {
    return whatsappChange(account, {
      statuses: [{ id: messageId, status, timestamp: String(Math.floor(at.getTime() / 1000)), recipient_id: to }],
    });
  }
  // Messenger's read receipt names no message, only a time up to which all are read; Instagram's names it.
  const read = account.platform === 'messenger' ? { watermark: at.getTime() } : { mid: messageId };
  const event = status === 'delivered' ? { delivery: { mids: [messageId], watermark: at.getTime() } } : { read };
  return {
    object: account.platform === 'messenger' ? 'page' : 'instagram',
    entry: [{ id: account.account_id, time: at.getTime(), messaging: [{ sender: { id: to }, recipient: { id: account.account_id }, timestamp: at.getTime(), ...event }] }],
  };
}
