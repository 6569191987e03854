/**
 * Files bundled next to a function's handler (`index.mjs`) and loaded by it at run time, such as the
 * reader process that reads uploaded documents: a second entry point of the same function, bundled
 * with the same options (lib/bundling.ts) by lib/bundle-function.ts, for CDK and the benchmark alike;
 * run from the sources, the handler loads the entry's TypeScript instead.
 */
import { build } from 'esbuild';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lambdaBuildOptions } from './bundling.js';
import type { FunctionName } from './routes.js';

const repoRoot = resolve(import.meta.dirname, '..');

/** Output name (without .mjs) -> entry, per function. */
export const SIDE_ENTRIES: Partial<Record<FunctionName, Record<string, string>>> = {
  // PDF.js and the Word readers: only loaded when a document is read, in their own thread.
  'process-document': { 'extract-worker': 'functions/core/documents/extract-worker.ts' },
};

export interface BuiltSideEntry {
  name: string;
  file: string;
  bytes: number;
}

/** Bundles one side entry of a function into `outDir/<name>.mjs`. */
export async function buildSideEntry(fn: FunctionName, name: string, outDir: string): Promise<BuiltSideEntry> {
  const entry = SIDE_ENTRIES[fn]?.[name];
  if (!entry) throw new Error(`${fn} has no side entry '${name}'`);
  const file = join(outDir, `${name}.mjs`);
  await build({
    ...lambdaBuildOptions(repoRoot),
    entryPoints: [resolve(repoRoot, entry)],
    outfile: file,
  });
  return { name, file, bytes: statSync(file).size };
}

/** Every side entry of a function, next to its handler in `outDir`. */
export function buildSideEntries(fn: FunctionName, outDir: string): Promise<BuiltSideEntry[]> {
  return Promise.all(Object.keys(SIDE_ENTRIES[fn] ?? {}).map((name) => buildSideEntry(fn, name, outDir)));
}
