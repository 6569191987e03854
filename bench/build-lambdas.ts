import { build } from 'esbuild';
import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lambdaBuildOptions } from '../lib/bundling.js';
import { allFunctionNames, functionEntry, type FunctionName } from '../lib/routes.js';
import { buildSideEntries, type BuiltSideEntry } from '../lib/side-entries.js';

const repoRoot = resolve(import.meta.dirname, '..');

export interface BuiltLambda {
  name: FunctionName;
  file: string;
  bytes: number;
  sideEntries: BuiltSideEntry[];
}

/** Bundles every named function exactly as CDK does, into dist/bench/<name>/index.mjs. */
export async function buildLambdas(outDir = resolve(repoRoot, 'dist/bench')): Promise<BuiltLambda[]> {
  return Promise.all(
    allFunctionNames.map(async (name) => {
      const dir = join(outDir, name);
      mkdirSync(dir, { recursive: true });
      const file = join(dir, 'index.mjs');
      await build({
        ...lambdaBuildOptions(repoRoot),
        entryPoints: [resolve(repoRoot, functionEntry(name))],
        outfile: file,
      });
      // Files the handler loads beside it at run time (a worker thread), as CDK's asset holds them.
      const sideEntries = await buildSideEntries(name, dir);
      return { name, file, bytes: statSync(file).size, sideEntries };
    }),
  );
}
