/**
 * Bundles one Lambda function into a folder as it is deployed: `index.mjs` (the handler, export
 * `handler`) and the side entries its code loads beside it (lib/side-entries.ts), with the options of
 * lib/bundling.ts. The CDK `AppFunction` runs this file for each function's asset, and the benchmark calls
 * `bundleFunction` directly, so the measured bundles are the deployed ones.
 *
 * Run as a script: `tsx lib/bundle-function.ts <function-name> <output-dir>`.
 */
import { build, type Plugin } from 'esbuild';
import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lambdaBuildOptions } from './bundling.js';
import { allFunctionNames, functionEntry, httpRoutes, type FunctionName } from './routes.js';
import { buildSideEntries, type BuiltSideEntry } from './side-entries.js';

const repoRoot = resolve(import.meta.dirname, '..');

export interface BundledFunction {
  name: FunctionName;
  file: string;
  bytes: number;
  sideEntries: BuiltSideEntry[];
}

/**
 * functions/core/http/route-table.ts as a function's bundle holds it: the entries of the route table
 * the function reads (its own route, and every route with a time limit of its own), not the whole table.
 */
function routeTableOf(name: FunctionName): Plugin {
  const entries = httpRoutes.filter((route) => route.name === name || 'timeoutSeconds' in route);
  return {
    name: 'route-table',
    setup(bundler) {
      bundler.onResolve({ filter: /\/route-table\.js$/ }, () => ({ path: 'route-table', namespace: 'route-table' }));
      bundler.onLoad({ filter: /.*/, namespace: 'route-table' }, () => ({
        contents: `export const routeTable = JSON.parse(${JSON.stringify(JSON.stringify(entries))});`,
        loader: 'js',
      }));
    },
  };
}

export async function bundleFunction(name: FunctionName, outDir: string): Promise<BundledFunction> {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, 'index.mjs');
  const options = lambdaBuildOptions(repoRoot);
  const { metafile } = await build({
    ...options,
    entryPoints: [resolve(repoRoot, functionEntry(name))],
    outfile: file,
    metafile: true,
    plugins: [...options.plugins, routeTableOf(name)],
  });
  const sideEntries = await buildSideEntries(Object.keys(metafile.inputs), outDir);
  return { name, file, bytes: statSync(file).size, sideEntries };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const [name, outDir] = process.argv.slice(2);
  if (!name || !outDir) throw new Error('usage: tsx lib/bundle-function.ts <function-name> <output-dir>');
  if (!allFunctionNames.includes(name as FunctionName)) throw new Error(`${name} is not a function of lib/routes.ts`);
  await bundleFunction(name as FunctionName, resolve(outDir));
}
