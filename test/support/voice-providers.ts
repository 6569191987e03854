import { startFakeElevenLabs, type FakeElevenLabs } from './fake-elevenlabs.js';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai.js';

const PROVIDER_ENV = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'ELEVENLABS_API_KEY', 'ELEVENLABS_BASE_URL'] as const;

export interface VoiceProviders {
  openai: FakeOpenAi;
  elevenlabs: FakeElevenLabs;
  /** Stops both fakes and takes their keys out of the environment again. */
  stop(): Promise<void>;
}

/**
 * A fake OpenAI (transcription and answers) and a fake ElevenLabs, with their keys and addresses in
 * this process's environment, where a runtime started afterwards in the same process reads them.
 */
export async function startVoiceProviders(): Promise<VoiceProviders> {
  const [openai, elevenlabs] = await Promise.all([startFakeOpenAi(), startFakeElevenLabs()]);
  Object.assign(process.env, {
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: openai.baseURL,
    ELEVENLABS_API_KEY: 'xi-test',
    ELEVENLABS_BASE_URL: elevenlabs.baseURL,
  });
  return {
    openai,
    elevenlabs,
    async stop() {
      for (const key of PROVIDER_ENV) delete process.env[key];
      await Promise.all([openai.stop(), elevenlabs.stop()]);
    },
  };
}
