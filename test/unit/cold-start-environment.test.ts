import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coldStart } from '../../bench/cold-start.js';
import { baseEnvironment } from '../../lib/constructs/app-function.js';

describe('the cold-start benchmark', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cold-start-env-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("starts each fresh process with the deployed function's environment and Node options", async () => {
    const seen = join(dir, 'seen.json');
    const handler = join(dir, 'index.mjs');
    // A stand-in bundle that says what its process was started with.
    writeFileSync(
      handler,
      `import { writeFileSync } from 'node:fs';
      export const handler = async () => writeFileSync(${JSON.stringify(seen)}, JSON.stringify({
        NODE_OPTIONS: process.env.NODE_OPTIONS, POWERTOOLS_SERVICE_NAME: process.env.POWERTOOLS_SERVICE_NAME,
        sourceMaps: process.sourceMapsEnabled, table: process.env.TABLE_NAME }));`,
    );
    const run = await coldStart('chat-with-emma', handler, {}, { TABLE_NAME: 'bench-table' });
    expect(run.cpuMs).toBeGreaterThan(0);
    const deployed = baseEnvironment('chat-with-emma');
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toEqual({
      NODE_OPTIONS: deployed.NODE_OPTIONS,
      POWERTOOLS_SERVICE_NAME: 'chat-with-emma',
      sourceMaps: deployed.NODE_OPTIONS.includes('--enable-source-maps'),
      table: 'bench-table',
    });
  });
});
