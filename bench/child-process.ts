import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface BenchChild {
  /** The lines the child printed, in order, as they come. */
  lines: AsyncIterator<string>;
  /** Writes a line to the child's standard input (a child that waits for its parent reads it). */
  send(line: string): void;
  stop(): void;
}

/**
 * Runs a bench script of this folder in its own Node process. Visitors and the fake AI provider run
 * there so the figures time our server's work, not a client or a model sharing its event loop.
 */
export function startBenchChild(script: string, args: string[]): BenchChild {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url)), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return { lines, send: (line) => child.stdin!.write(`${line}\n`), stop: () => child.kill() };
}

/** The next line the child prints; fails if it exits first. */
export async function nextLine(child: BenchChild): Promise<string> {
  const { value, done } = await child.lines.next();
  if (done) throw new Error('The bench child process exited before printing its result');
  return value;
}

/** The instant fake AI provider in a child process, answering every completion with `reply`. */
export async function startFakeOpenAiProcess(reply: string): Promise<{ baseURL: string; stop(): void }> {
  const child = startBenchChild('./fake-openai-server.ts', [reply]);
  return { baseURL: await nextLine(child), stop: child.stop };
}
