import { sdkSchemaLiteralKeys } from './sdk-schema-keys.js';
import { zodJsonSchemaLeftOut } from './zod-json-schema-left-out.js';

/**
 * How every Lambda is bundled, shared by the CDK `AppFunction` (which runs lib/bundle-function.ts) and
 * the benchmark that measures bundle size and cold start, so the figures describe what is deployed.
 */
export const LAMBDA_NODE_TARGET = 'node22';

/** ESM bundles have no `require`; some CommonJS dependencies inside the AWS SDK still call it. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);";

/**
 * Dependencies replaced in the bundles (never in the tests or the local runtime, which run the sources),
 * for the 1 MB and 300 ms budgets of ARCHITECTURE.md section 8. Paths are relative to the repository
 * root, esbuild's working directory. Each replacement says why it is safe.
 */
export const LAMBDA_ALIASES: Readonly<Record<string, string>> = {
  // Credentials from the environment, where Lambda puts them: not the SDK's whole default chain.
  '@aws-sdk/credential-provider-node': './lib/lambda-shims/aws-credentials.ts',
  // Only the DynamoDB commands lib-dynamodb wraps, not all of them (ElectroDB's require() keeps all).
  '@aws-sdk/client-dynamodb': './lib/lambda-shims/dynamodb-client.mjs',
  // ElectroDB's model check against JSON schemas: static models, checked by the tests.
  jsonschema: './lib/lambda-shims/electrodb-model-check.ts',
  // linkedom's CSS parser, only used for `<style>.sheet`, which no function reads.
  '@acemir/cssom': './lib/lambda-shims/css-parser-left-out.ts',
  // linkedom imports htmlparser2 as a namespace, which keeps all of it (DomUtils, feeds and a second
  // copy of `entities`, about 90 KB); linkedom and the crawler use only its Parser.
  htmlparser2: './node_modules/htmlparser2/dist/esm/Parser.js',
  // Event-stream codecs, used only by streaming operations (S3 SelectObjectContent) no function calls.
  '@smithy/core/event-streams': './lib/lambda-shims/event-streams-left-out.ts',
};

export const lambdaEsbuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: LAMBDA_NODE_TARGET,
  minify: true,
  sourcemap: true,
  banner: { js: ESM_REQUIRE_BANNER },
  mainFields: ['module', 'main'],
  // The AWS SDK is bundled (not taken from the runtime) so its version is the one we tested.
  external: [] as string[],
  alias: LAMBDA_ALIASES,
  // Source maps without the sources: the stack traces need file names and lines, not a copy of the code.
  sourcesContent: false,
  // Stack traces mapped to the sources when one is formatted, not Node's --enable-source-maps, which
  // parses the whole map at every cold start (lib/lambda-shims/stack-source-maps.ts).
  // Regular expressions compiled once, to machine code (lib/lambda-shims/regexp-native.ts).
  inject: ['./lib/lambda-shims/stack-source-maps.ts', './lib/lambda-shims/regexp-native.ts'],
} as const;

/**
 * esbuild's options for bundling a Lambda entry point as CDK does (copies of the arrays, which esbuild
 * types as mutable), working from the repository root where the aliases point. The plugins (tree-shakable
 * AWS SDK schemas, lib/sdk-schema-keys.ts; zod without JSON Schema output, lib/zod-json-schema-left-out.ts) are
 * why CDK bundles through esbuild's API, not its command line.
 */
export const lambdaBuildOptions = (repoRoot: string) => ({
  ...lambdaEsbuildOptions,
  mainFields: [...lambdaEsbuildOptions.mainFields],
  external: [...lambdaEsbuildOptions.external],
  inject: [...lambdaEsbuildOptions.inject],
  alias: { ...lambdaEsbuildOptions.alias },
  plugins: [sdkSchemaLiteralKeys, zodJsonSchemaLeftOut],
  absWorkingDir: repoRoot,
  logLevel: 'error' as const,
});
