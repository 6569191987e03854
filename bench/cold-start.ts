import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';

/**
 * Imports a bundle and serves one event in a fresh Node process; returns the milliseconds from
 * before the import to the handler's answer, as measured inside that process.
 */
export async function coldStartMs(bundleFile: string, event: unknown, env: Record<string, string>): Promise<number> {
  const script = `
    const t0 = performance.now();
    const { handler } = await import(${JSON.stringify(pathToFileURL(bundleFile).href)});
    await handler(JSON.parse(process.env.BENCH_EVENT), { functionName: 'bench', getRemainingTimeInMillis: () => 30000 });
    process.stdout.write(String(performance.now() - t0));
    process.exit(0);`;
  // Asynchronous on purpose: the local gateways live in this process and must answer the child.
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env, BENCH_EVENT: JSON.stringify(event), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return Number(stdout);
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
