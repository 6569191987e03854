import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/**
 * zod's JSON Schema output: every classic schema type registers a processor for `toJSONSchema()`, so
 * esbuild keeps the two modules that write JSON Schema (about 17 KB) in every bundle that validates
 * with zod, though no function turns a schema into JSON Schema. In the bundles (never the tests or the
 * local runtime, which run the sources) each export of those modules is replaced by a function that
 * says so when called; the factories zod calls while building a schema return that function, so
 * building and parsing are untouched.
 */
export const ZOD_JSON_SCHEMA_MODULE = /[\\/]zod[\\/]v4[\\/]core[\\/](?:json-schema-processors|to-json-schema)\.js$/;

export const ZOD_JSON_SCHEMA_LEFT_OUT = "zod's JSON Schema output is left out of the Lambda bundles (lib/zod-json-schema-left-out.ts)";

/** The module's exports, each replaced: factories (`create...`) return the replacement, the rest are it. */
export function leftOutExports(source: string): string {
  const names = [
    ...[...source.matchAll(/^export (?:const|function) (\w+)/gm)].map((match) => match[1]!),
    ...[...source.matchAll(/^export \{ \w+ as (\w+) \};$/gm)].map((match) => match[1]!),
  ];
  return [
    `const leftOut = () => { throw new Error(${JSON.stringify(ZOD_JSON_SCHEMA_LEFT_OUT)}); };`,
    ...names.map((name) => `export const ${name} = ${name.startsWith('create') ? '() => leftOut' : 'leftOut'};`),
  ].join('\n');
}

export const zodJsonSchemaLeftOut: Plugin = {
  name: 'zod-json-schema-left-out',
  setup(build) {
    build.onLoad({ filter: ZOD_JSON_SCHEMA_MODULE }, async ({ path }) => ({ contents: leftOutExports(await readFile(path, 'utf8')), loader: 'js' }));
  },
};
