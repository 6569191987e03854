import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { baseEnvironment } from '../lib/function-environment.js';
import type { FunctionName } from '../lib/routes.js';

export interface ColdStart {
  /** From before the import to the handler's answer, as measured inside the fresh process. */
  ms: number;
  /** CPU time (user + system) the process spent over the same span: moves far less with the machine's load. */
  cpuMs: number;
  /** CPU time of the import alone (compiling and evaluating the bundle); the rest is the first call's. */
  importCpuMs: number;
}

/**
 * The environment of the fresh process: the machine's, the local stand-ins' (`env`), and what the
 * deployed function's environment holds (NODE_OPTIONS included, lib/function-environment.ts).
 */
export const coldStartEnvironment = (name: FunctionName, env: Record<string, string>): Record<string, string | undefined> => ({
  ...process.env,
  ...env,
  // Node options of this shell are not the function's: it has only those its environment names.
  NODE_OPTIONS: undefined,
  ...baseEnvironment(name),
  LOG_LEVEL: 'silent',
});

/** Imports function `name`'s bundle and serves one event in a fresh Node process with the function's environment. */
export async function coldStart(name: FunctionName, bundleFile: string, event: unknown, env: Record<string, string>): Promise<ColdStart> {
  const script = `
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const { handler } = await import(${JSON.stringify(pathToFileURL(bundleFile).href)});
    const imported = process.cpuUsage(cpu0);
    await handler(JSON.parse(process.env.BENCH_EVENT), { functionName: 'bench', getRemainingTimeInMillis: () => 30000 });
    const ms = performance.now() - t0;
    const { user, system } = process.cpuUsage(cpu0);
    process.stdout.write(JSON.stringify({ ms, cpuMs: (user + system) / 1000, importCpuMs: (imported.user + imported.system) / 1000 }));
    process.exit(0);`;
  // Asynchronous on purpose: the local gateways live in this process and must answer the child.
  // COLD_BENCH_CPU_PROFILE_DIR=dir: each fresh process writes a CPU profile there (open it in Chrome's DevTools).
  const profileDir = process.env.COLD_BENCH_CPU_PROFILE_DIR;
  const profiling = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const { stdout } = await promisify(execFile)(process.execPath, [...profiling, '--input-type=module', '-e', script], {
    env: { ...coldStartEnvironment(name, env), BENCH_EVENT: JSON.stringify(event) },
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as ColdStart;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
