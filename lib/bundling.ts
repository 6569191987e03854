/**
 * How every Lambda is bundled, shared by the CDK `AppFunction` (NodejsFunction bundling) and the
 * benchmark that measures bundle size and cold start, so the figures describe what is deployed.
 */
export const LAMBDA_NODE_TARGET = 'node22';

/** ESM bundles have no `require`; some CommonJS dependencies inside the AWS SDK still call it. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);";

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
} as const;
