import { setSyncFrequencyRequestSchema } from '../contracts/chatbot.js';
import { setSyncFrequency } from '../core/chatbots/website-sync.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler({ route: 'set-sync-frequency', body: setSyncFrequencyRequestSchema }, ({ caller, pathParameters, body }) =>
  setSyncFrequency(caller, pathId(pathParameters), body.frequency),
);
