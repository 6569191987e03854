import { voiceSettingsInputSchema } from '../contracts/voice.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { updateVoiceSettings } from '../core/voice/voice-settings.js';

export const handler = httpHandler(
  { route: 'update-voice-settings', body: voiceSettingsInputSchema },
  async ({ caller, pathParameters, body }) => ({
    settings: await updateVoiceSettings(caller, pathId(pathParameters), body),
  }),
);
