/** What the SES stand-in (aws-ses-v2-local) stored of a sent e-mail. */
export interface SentMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

/** The e-mails sent to `address`, oldest first, read from the stand-in's store (`GET /store`). */
export async function mailTo(sesEndpoint: string, address: string): Promise<SentMail[]> {
  const res = await fetch(`${sesEndpoint}/store`);
  const { emails } = (await res.json()) as { emails: SentMail[] };
  return emails.filter((m) => m.destination.to.includes(address));
}

/** The invitation link of an invitation e-mail's text. */
export function invitationLinkIn(mail: SentMail): string {
  const link = /https?:\/\/\S+\/invitations\/[0-9a-f-]{36}(?:\?email=[^\s"<]+)?/.exec(mail.body.text ?? '')?.[0];
  if (!link) throw new Error(`No invitation link in: ${mail.body.text}`);
  return link;
}
