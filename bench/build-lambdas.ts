import { join, resolve } from 'node:path';
import { bundleFunction, type BundledFunction } from '../lib/bundle-function.js';
import { allFunctionNames } from '../lib/routes.js';

const repoRoot = resolve(import.meta.dirname, '..');

export type BuiltLambda = BundledFunction;

/** Bundles every named function exactly as CDK does (lib/bundle-function.ts), into dist/bench/<name>/. */
export function buildLambdas(outDir = resolve(repoRoot, 'dist/bench')): Promise<BuiltLambda[]> {
  return Promise.all(allFunctionNames.map((name) => bundleFunction(name, join(outDir, name))));
}
