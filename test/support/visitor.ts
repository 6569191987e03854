import { randomInt } from 'node:crypto';
import { decodeJwt } from 'jose';

/**
 * An address of the benchmarking range (198.18.0.0/15) for one simulated client. The test runtime
 * takes the client address from X-Forwarded-For, so visitors of different tests do not share the
 * per-address limits, and probes can play several networks from loopback.
 */
export const newSourceAddress = (): string => `198.${18 + randomInt(2)}.${randomInt(256)}.${randomInt(1, 255)}`;

export interface VisitorOptions {
  /** Client address the requests come from; a fresh one by default. */
  source?: string;
  contactName?: string;
  /** Start with a token (another visitor's, a forged one...) instead of none. */
  visitorToken?: string;
}

/**
 * A visitor of the public chat, as the embed widget talks to it: the first message goes without a
 * token and every reply's token is carried by the next message.
 */
export function chatVisitor(apiUrl: string, chatbotId: string, options: VisitorOptions = {}) {
  const source = options.source ?? newSourceAddress();
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': source },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as any };
  };
  const visitor = {
    source,
    visitorToken: options.visitorToken,
    async ask(message: string, confirm?: 'handoff' | 'declined') {
      const reply = await post('/chat', {
        message,
        chatbotId,
        visitorToken: visitor.visitorToken,
        contactName: options.contactName,
        confirm,
      });
      if (typeof reply.body?.visitorToken === 'string') visitor.visitorToken = reply.body.visitorToken;
      return reply;
    },
    rate(reply: { conversationId: string; messageId: string }, rating: string) {
      return post('/chat/feedback', { chatbotId, visitorToken: visitor.visitorToken, ...reply, rating });
    },
  };
  return visitor;
}

export type ChatVisitor = ReturnType<typeof chatVisitor>;

/** The contact id a visitor token speaks for (read, not verified: tests look up what was stored for it). */
export const contactIdOf = (visitorToken: string): string => String(decodeJwt(visitorToken).sub);
