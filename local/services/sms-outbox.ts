import { randomUUID } from 'node:crypto';
import { AwsApiError, startAwsJsonServer, stopServer } from './aws-json-api.js';

/** A text the product sent, as the outbox shows it. */
export interface SentText {
  MessageId: string;
  OriginationIdentity: string;
  DestinationPhoneNumber: string;
  MessageBody: string;
  MessageType?: string;
  sent_at: string;
}

export interface LocalSmsOutbox {
  endpoint: string;
  sent(): SentText[];
  stop(): Promise<void>;
}

const E164 = /^\+[1-9]\d{6,14}$/;
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * AWS End User Messaging SMS (PinpointSMSVoiceV2) as far as the product uses it: SendTextMessage,
 * with the API's own validation errors. Nothing leaves the machine: GET / lists the texts (as the SES
 * stand-in lists e-mail), GET /messages gives them as JSON, newest first.
 */
export async function startSmsOutbox(port: number): Promise<LocalSmsOutbox> {
  const outbox: SentText[] = [];
  const server = await startAwsJsonServer(
    port,
    {
      SendTextMessage: (input) => {
        const to = String(input.DestinationPhoneNumber ?? '');
        const body = String(input.MessageBody ?? '');
        if (!E164.test(to)) throw new AwsApiError('ValidationException', `DestinationPhoneNumber ${to} is not a valid E.164 number`);
        if (!body) throw new AwsApiError('ValidationException', 'MessageBody must not be empty');
        if (body.length > 1600) throw new AwsApiError('ValidationException', 'MessageBody is longer than 1600 characters');
        const text: SentText = {
          MessageId: randomUUID(),
          OriginationIdentity: String(input.OriginationIdentity ?? ''),
          DestinationPhoneNumber: to,
          MessageBody: body,
          MessageType: input.MessageType ? String(input.MessageType) : undefined,
          sent_at: new Date().toISOString(),
        };
        outbox.unshift(text);
        return { MessageId: text.MessageId };
      },
    },
    (req, res) => {
      if (req.url === '/messages') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages: outbox }));
        return true;
      }
      if (req.url !== '/') return false;
      const rows = outbox
        .map((t) => `<tr><td>${t.sent_at}</td><td>${escapeHtml(t.OriginationIdentity)}</td><td>${escapeHtml(t.DestinationPhoneNumber)}</td><td>${escapeHtml(t.MessageBody)}</td></tr>`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><title>SMS outbox</title><h1>Texts sent (${outbox.length})</h1>` +
          `<table border="1" cellpadding="4"><tr><th>Sent</th><th>From</th><th>To</th><th>Text</th></tr>${rows}</table>`,
      );
      return true;
    },
  );
  return { endpoint: `http://127.0.0.1:${port}`, sent: () => [...outbox], stop: () => stopServer(server) };
}
