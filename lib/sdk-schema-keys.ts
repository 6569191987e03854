import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/**
 * The AWS SDK's generated schema modules (`@aws-sdk/client-<x>/dist-es/schemas/schemas_0.js`) hold one
 * schema per operation and shape of the whole service, and write their trait objects with computed keys
 * taken from string constants of the same file (`const _e = "error"; ... { [_e]: _c, [_hE]: 403 }`).
 * esbuild treats a computed key as a possible side effect (it could call `toString`), so it keeps every
 * schema of the service, used or not: about 65 KB of S3 operations, 60 KB of SES. Upstream knows
 * (aws/aws-sdk-js-v3#7607; smithy-typescript#1889 changes the generator to write literal keys).
 *
 * This plugin does now what that change will do: it writes each such key as the literal string its
 * constant holds (`{ "error": _c, "httpError": 403 }`), the same object, so esbuild can drop the
 * schemas no command of the bundle reaches. Keys whose constant is not a plain string literal in the
 * file are left as they are.
 */
export const SDK_SCHEMA_MODULE = /[\\/]@aws-sdk[\\/][^\\/]+[\\/]dist-es[\\/]schemas[\\/]schemas_\d+\.js$/;

/** The module's source with `[name]:` keys of file-level string constants written as literals. */
export function literalSchemaKeys(source: string): string {
  const constants = new Map<string, string>();
  for (const [, name, literal] of source.matchAll(/^const (\w+) = ("(?:[^"\\\n]|\\.)*");$/gm)) constants.set(name!, literal!);
  return source.replace(/\[(\w+)\]:/g, (key, name: string) => constants.get(name)?.concat(':') ?? key);
}

export const sdkSchemaLiteralKeys: Plugin = {
  name: 'sdk-schema-literal-keys',
  setup(build) {
    build.onLoad({ filter: SDK_SCHEMA_MODULE }, async ({ path }) => ({
      contents: literalSchemaKeys(await readFile(path, 'utf8')),
      loader: 'js',
    }));
  },
};
