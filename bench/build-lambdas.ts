import { build } from 'esbuild';
import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lambdaEsbuildOptions } from '../lib/bundling.js';
import { allFunctionNames, functionEntry, type FunctionName } from '../lib/routes.js';

const repoRoot = resolve(import.meta.dirname, '..');

export interface BuiltLambda {
  name: FunctionName;
  file: string;
  bytes: number;
}

/** Bundles every named function exactly as CDK does, into dist/bench/<name>/index.mjs. */
export async function buildLambdas(outDir = resolve(repoRoot, 'dist/bench')): Promise<BuiltLambda[]> {
  return Promise.all(
    allFunctionNames.map(async (name) => {
      const dir = join(outDir, name);
      mkdirSync(dir, { recursive: true });
      const file = join(dir, 'index.mjs');
      await build({
        ...lambdaEsbuildOptions,
        mainFields: [...lambdaEsbuildOptions.mainFields],
        external: [...lambdaEsbuildOptions.external],
        alias: { ...lambdaEsbuildOptions.alias },
        // The aliases are relative to the repository root, as in CDK.
        absWorkingDir: repoRoot,
        entryPoints: [resolve(repoRoot, functionEntry(name))],
        outfile: file,
        logLevel: 'error',
      });
      return { name, file, bytes: statSync(file).size };
    }),
  );
}
