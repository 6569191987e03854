import { join, resolve } from 'node:path';
import { bundleFunction, type BundledFunction } from '../lib/bundle-function.js';
import { allFunctionNames } from '../lib/routes.js';

const repoRoot = resolve(import.meta.dirname, '..');

export type BuiltLambda = BundledFunction;

/** Bundles these functions (all named ones by default) exactly as CDK does (lib/bundle-function.ts), into dist/bench/<name>/. */
export function buildLambdas(names: readonly string[] = allFunctionNames, outDir = resolve(repoRoot, 'dist/bench')): Promise<BuiltLambda[]> {
  return Promise.all(allFunctionNames.filter((name) => names.includes(name)).map((name) => bundleFunction(name, join(outDir, name))));
}
