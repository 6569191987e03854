/** What the SMS outbox stand-in (local/services/sms-outbox.ts) recorded of a sent text. */
export interface SentText {
  MessageId: string;
  OriginationIdentity: string;
  DestinationPhoneNumber: string;
  MessageBody: string;
  sent_at: string;
}

/** The texts sent to `phone`, newest first, read from the outbox (`GET /messages`). */
export async function textsTo(smsEndpoint: string, phone: string): Promise<SentText[]> {
  const res = await fetch(`${smsEndpoint}/messages`);
  const { messages } = (await res.json()) as { messages: SentText[] };
  return messages.filter((m) => m.DestinationPhoneNumber === phone);
}
