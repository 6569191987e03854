import { createHmac } from 'node:crypto';
import type { ApiClient } from './api-client.js';

export type Platform = 'whatsapp' | 'messenger' | 'instagram';

export interface SentMessage {
  id: string;
  to: string;
  text: string;
  /** The send request's body as Meta received it. */
  body: Record<string, unknown>;
  /** Order among the account's sends and sender actions. */
  seq: number;
  /** When the send call arrived (ISO, to the millisecond). */
  at: string;
}

/** A read receipt or sender action the product sent (the send endpoint's body as Meta received it). */
export interface SentAction {
  to: string;
  body: Record<string, unknown>;
  seq: number;
}

export interface StandInAccount {
  platform: Platform;
  account_id: string;
  name: string;
  handle: string;
  access_token: string;
  app_secret: string;
}

/** The Graph stand-in's own controls (local/graph): its pages live at the API URL's origin. */
export function graphStandIn(env: Record<string, string | undefined>) {
  const apiUrl = env.GRAPH_API_URL!;
  const base = new URL(apiUrl).origin;
  const api = {
    /** A new business account as Meta would give it: id, access token, app secret. */
    async newAccount(platform: Platform, name?: string): Promise<StandInAccount> {
      return control('POST', '/accounts', { platform, name }) as Promise<StandInAccount>;
    },
    /** Meta's "Verify and save" of a callback URL: the GET handshake, kept when the challenge comes back. */
    subscribe: (accountId: string, callbackUrl: string, verifyToken: string) =>
      control('POST', `/accounts/${accountId}/webhook`, { callback_url: callbackUrl, verify_token: verifyToken }) as Promise<{ verified: boolean; status: number }>,
    /** A customer writes: delivered to the webhook signed like Meta's; the payload as delivered. */
    customerWrites: (accountId: string, message: { from: string; name: string; text: string }) =>
      control('POST', `/accounts/${accountId}/inbound`, message) as Promise<{ message_id: string; webhook_status: number; payload: unknown }>,
    /** What the product sent to a customer through the send endpoints, oldest first. */
    async sentTo(accountId: string, to: string): Promise<SentMessage[]> {
      return ((await control('GET', `/sent?account_id=${accountId}&to=${encodeURIComponent(to)}`)) as { data: SentMessage[] }).data;
    },
    /** The same, answered once `count` messages were sent (or `waitMs` passed): one request instead of polls. */
    async awaitSentTo(accountId: string, to: string, count: number, waitMs = 20_000): Promise<SentMessage[]> {
      const query = `account_id=${accountId}&to=${encodeURIComponent(to)}&at_least=${count}&wait_ms=${waitMs}`;
      return ((await control('GET', `/sent?${query}`)) as { data: SentMessage[] }).data;
    },
    /** Read receipts and sender actions sent about a customer, oldest first. */
    async actionsTo(accountId: string, to: string): Promise<SentAction[]> {
      return ((await control('GET', `/actions?account_id=${accountId}&to=${encodeURIComponent(to)}`)) as { data: SentAction[] }).data;
    },
    /** The customer's view of the conversation (the customer page): shown answers count as read. */
    conversation: (accountId: string, customer: string) => control('GET', `/accounts/${accountId}/conversation?customer=${customer}`),
  };
  async function control(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${base}/_stand-in${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`The Graph stand-in answered ${res.status}: ${await res.text()}`);
    return res.json();
  }
  return {
    apiUrl,
    ...api,
  };
}

/** What the Deployment Center sends for an account. */
export const credentialsOf = (account: StandInAccount) => ({
  account_id: account.account_id,
  access_token: account.access_token,
  app_secret: account.app_secret,
});

/**
 * Raises an assistant learned from the fixture site to the 80% training quality messaging channels
 * need, the way an owner does: knowledge entries, FAQs, well-rated replies in the Training studio and
 * corrections (core/training/training-quality.ts).
 */
export async function trainForChannels(owner: ApiClient, chatbotId: string): Promise<number> {
  const entries = [
    ...Array.from({ length: 5 }, (_, i) => ({ title: `Bakery fact ${i + 1}`, content: `Fact ${i + 1}: our rye loaves rest ${i + 10} hours before baking.`, type: 'context' })),
    ...Array.from({ length: 8 }, (_, i) => ({ title: `Do you deliver to area ${i + 1}?`, content: `Yes, we deliver to area ${i + 1} on weekdays.`, type: 'faq' })),
  ];
  for (const entry of entries) {
    const res = await owner.post('/knowledge', { ...entry, chatbot_id: chatbotId });
    if (res.status !== 201) throw new Error(`creating a knowledge entry answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  for (let i = 0; i < 10; i++) {
    const rated = { user_message: `Do you bake rye bread ${i}?`, ai_response: 'Yes, every morning.', score: 100 };
    const res = await owner.post(`/chatbots/${chatbotId}/training-records`, rated);
    if (res.status >= 300) throw new Error(`rating a reply answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  for (let i = 0; i < 5; i++) {
    const correction = { original_message: `Are you open on holiday ${i}?`, original_response: 'I am not sure.', corrected_response: 'Yes, from 9 am.' };
    const res = await owner.post(`/chatbots/${chatbotId}/corrections`, correction);
    if (res.status >= 300) throw new Error(`saving a correction answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return (await owner.get(`/chatbots/${chatbotId}`)).body.chatbot.training_quality as number;
}

/** A WhatsApp Cloud API webhook body with one text message, as Meta sends it (to sign and post by hand). */
export function whatsappTextPayload(phoneNumberId: string, message: { from: string; name: string; id: string; text: string }): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '447700900000', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: message.name }, wa_id: message.from }],
              messages: [
                { from: message.from, id: message.id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: message.text } },
              ],
            },
          },
        ],
      },
    ],
  });
}

/** Meta's X-Hub-Signature-256 of a body. */
export const hubSignatureOf = (body: string, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
