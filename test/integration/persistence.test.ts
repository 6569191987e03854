import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePorts } from '../../local/ports.js';
import { startLocalRuntime, type LocalRuntime } from '../../local/runtime.js';
import { demoAccount } from '../../local/seed-demo-account.js';
import { signIn, signUpAndSignIn } from '../support/accounts.js';

/** A runtime of its own (not the shared one), because this test stops and restarts it. */
describe('the local runtime keeps its data folder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'assistants-persist-'));
  let runtime: LocalRuntime | undefined;
  afterAll(async () => {
    await runtime?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const accountOf = async (rt: LocalRuntime, idToken: string) =>
    (await fetch(`${rt.apiUrl}/account`, { headers: { authorization: `Bearer ${idToken}` } })).json();

  it('seeds the demo account, refuses a second runtime on the same folder, and keeps users and records across a restart', async () => {
    runtime = await startLocalRuntime({ dataDir, ports: await freePorts(), web: 'none' });
    const demo = await signIn(runtime.config, demoAccount.email, demoAccount.password);
    expect((await accountOf(runtime, demo.idToken)).profile.business_name).toBe(demoAccount.businessName);

    await expect(startLocalRuntime({ dataDir, ports: await freePorts(), web: 'none' })).rejects.toThrow(
      /Another `npm run dev` is already running/,
    );

    const owner = await signUpAndSignIn(runtime.config, 'Persistent Plumbing');
    const before = await accountOf(runtime, owner.idToken);
    await runtime.stop();

    runtime = await startLocalRuntime({ dataDir, ports: await freePorts(), web: 'none' });
    const again = await signIn(runtime.config, owner.email, owner.password);
    const after = await accountOf(runtime, again.idToken);
    expect(after).toEqual(before);
  }, 120_000);
});
