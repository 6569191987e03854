import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { getVoiceSettings } from '../core/voice/voice-settings.js';

export const handler = httpHandler({ route: 'get-voice-settings' }, async ({ caller, pathParameters }) => ({
  settings: await getVoiceSettings(caller, pathId(pathParameters)),
}));
