import { speechRequestSchema } from '../contracts/voice.js';
import { httpHandler } from '../core/http/http-handler.js';
import { speakText } from '../core/voice/speech.js';

export const handler = httpHandler({ route: 'elevenlabs-tts', body: speechRequestSchema }, async ({ caller, body }) => speakText(caller, body));
