import { clientSocketMessageSchema, type ServerSocketMessage } from '../../contracts/realtime.js';
import { describeIssues } from '../http/json-body.js';

/** Decides the reply to one client message. Later issues add voice events here. */
export function replyTo(raw: string | undefined, now = new Date()): ServerSocketMessage {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? '');
  } catch {
    return { type: 'error', message: 'Messages must be JSON' };
  }
  const parsed = clientSocketMessageSchema.safeParse(value);
  if (!parsed.success) return { type: 'error', message: describeIssues(parsed.error) };
  const message = parsed.data;
  switch (message.action) {
    case 'ping':
      return { type: 'pong', ...(message.id ? { id: message.id } : {}), time: now.toISOString() };
  }
}
