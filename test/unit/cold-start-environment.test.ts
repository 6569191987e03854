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
    const deployed = baseEnvironment('chat-with-emma');
    const names = [...Object.keys(deployed), 'NODE_OPTIONS', 'TABLE_NAME'];
    // A stand-in bundle that says what its process was started with.
    writeFileSync(
      handler,
      `import { writeFileSync } from 'node:fs';
      export const handler = async () => writeFileSync(${JSON.stringify(seen)}, JSON.stringify({
        env: Object.fromEntries(${JSON.stringify(names)}.map((name) => [name, process.env[name]])),
        sourceMaps: process.sourceMapsEnabled }));`,
    );
    const run = await coldStart('chat-with-emma', handler, {}, { TABLE_NAME: 'bench-table' });
    expect(run.cpuMs).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toEqual({
      env: { NODE_OPTIONS: deployed.NODE_OPTIONS, ...deployed, TABLE_NAME: 'bench-table' },
      sourceMaps: (deployed.NODE_OPTIONS ?? '').includes('--enable-source-maps'),
    });
  });
});
