import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { resourceEnv } from '../../functions/core/runtime/env.js';
import { repoPath, repoRoot } from '../../lib/constructs/repo-path.js';
import {
  allFunctionNames,
  asyncFunctions,
  cognitoTriggers,
  cognitoTriggerUses,
  fallbackRoute,
  functionEntry,
  httpRoutes,
  socketAuthorizer,
  socketRoutes,
  stateMachineTasks,
  streamConsumers,
  type FunctionName,
  type Resource,
} from '../../lib/routes.js';

/**
 * The stack sets a function's environment from its `uses` (lib/routes.ts) and nothing else, so a
 * handler that calls `requireEnv('X')` for a variable its uses do not provide fails on AWS, while it
 * works locally where every variable is set. This bundles each handler as the stack does (esbuild,
 * tree-shaken, npm packages left out) and compares the `requireEnv('NAME')` calls left in the code,
 * the way functions/core reads its variables, with the variables of the function's uses.
 */
const usesOf = new Map<FunctionName, Set<Resource>>();
const addUses = (name: FunctionName, uses: readonly Resource[]) =>
  usesOf.set(name, new Set([...(usesOf.get(name) ?? []), ...uses]));
for (const r of httpRoutes) addUses(r.name, r.uses);
for (const f of asyncFunctions) addUses(f.name, f.uses);
for (const f of stateMachineTasks) addUses(f.name, f.uses);
for (const f of streamConsumers) addUses(f.name, f.uses);
for (const r of socketRoutes) addUses(r.name, r.uses);
addUses(socketAuthorizer.name, socketAuthorizer.uses);
addUses(fallbackRoute.name, fallbackRoute.uses);
for (const name of Object.values(cognitoTriggers)) addUses(name, cognitoTriggerUses);

/** A call of requireEnv in esbuild output (which may rename it requireEnv2 to avoid a clash). */
const REQUIRE_ENV = /requireEnv\d*\(\s*['"]([A-Z0-9_]+)['"]\s*\)/g;

/**
 * Variables a function's bundled code reads with requireEnv. The bundle is tree-shaken, so a module
 * that exports several operations counts only for those the handler reaches.
 */
async function requiredEnv(name: FunctionName): Promise<string[]> {
  const result = await build({
    entryPoints: [repoPath(functionEntry(name))],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
    absWorkingDir: repoRoot,
    tsconfig: repoPath('tsconfig.json'),
  });
  const code = result.outputFiles.map((f) => f.text).join('\n');
  return [...new Set([...code.matchAll(REQUIRE_ENV)].map((m) => m[1] as string))];
}

describe('function environment', () => {
  it('every function has its uses in lib/routes.ts', () => {
    expect(allFunctionNames.filter((n) => !usesOf.has(n))).toEqual([]);
  });

  it.each([...allFunctionNames])("%s reads (requireEnv) only variables its uses provide", async (name) => {
    const provided = new Set([...(usesOf.get(name) ?? [])].flatMap((u) => resourceEnv[u] as readonly string[]));
    const missing = (await requiredEnv(name)).filter((env) => !provided.has(env));
    expect(missing, `add the resource that provides it to the uses of ${name} in lib/routes.ts`).toEqual([]);
  });
});
