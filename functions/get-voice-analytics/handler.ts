import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { voiceAnalytics } from '../core/voice/voice-analytics.js';

export const handler = httpHandler({ route: 'get-voice-analytics' }, async ({ caller, pathParameters }) => voiceAnalytics(caller, pathId(pathParameters)));
