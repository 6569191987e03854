import { sendMail } from '../../mail/send-mail.js';
import { fillPlaceholders } from '../placeholders.js';
import type { ActionContext } from './action-context.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** send_email through SES (locally its stand-in): the owner's text with the placeholders filled, as text and escaped HTML. */
export async function sendEmailAction(config: { to: string; subject: string; message: string }, { trigger }: ActionContext): Promise<string> {
  const text = fillPlaceholders(config.message, trigger);
  await sendMail({
    to: config.to,
    subject: fillPlaceholders(config.subject, trigger),
    text,
    html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
  });
  return `E-mail sent to ${config.to}`;
}
