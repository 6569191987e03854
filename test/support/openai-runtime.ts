import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../../local/ports.js';
import { startLocalRuntime } from '../../local/runtime.js';
import { startFakeOpenAi } from './fake-openai.js';
import { assistantFromFixtureSite } from './fixture-assistant.js';

/**
 * A runtime of its own in this worker whose in-process handlers read OPENAI_* from this process's
 * environment, pointed at a local fake of the OpenAI API; with an owner whose assistant learned the
 * bakery fixture site. Each visitor may come from its own address (X-Forwarded-For), as the limits
 * count per source. `web: 'static'` serves the built frontend (browser tests). `stop` undoes it all.
 */
export async function startOpenAiRuntime(name: string, options: { web?: 'none' | 'static' } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `assistants-${name}-`));
  const fake = await startFakeOpenAi();
  process.env.OPENAI_API_KEY = 'sk-test';
  process.env.OPENAI_BASE_URL = fake.baseURL;
  const runtime = await startLocalRuntime({ dataDir, ports: await freePorts(), web: options.web ?? 'none', trustForwardedFor: true, databaseInMemory: true });
  const assistant = await assistantFromFixtureSite(runtime.apiUrl, runtime.config);
  return {
    runtime,
    fake,
    ...assistant,
    async stop() {
      delete process.env.OPENAI_API_KEY;
      delete process.env.OPENAI_BASE_URL;
      await assistant.site.stop();
      await runtime.stop();
      await fake.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type OpenAiRuntime = Awaited<ReturnType<typeof startOpenAiRuntime>>;
