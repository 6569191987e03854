import type { FunctionName } from './routes.js';

/**
 * What every function's environment holds before its `uses` add theirs: set on the Lambda by
 * lib/constructs/app-function.ts and given to each fresh process by the cold-start benchmark
 * (bench/cold-start.ts), so the measured start is the deployed one. Kept apart from the construct so
 * the benchmark reads it without loading the CDK.
 */
export const baseEnvironment = (name: FunctionName): Record<string, string> => ({
  // No NODE_OPTIONS=--enable-source-maps: it reads and parses the bundle's whole source map at every cold
  // start; the bundles map their stack traces themselves when one is written (lib/lambda-shims/stack-source-maps.ts).
  // The Powertools logger and metrics name the function as their service.
  POWERTOOLS_SERVICE_NAME: name,
});
