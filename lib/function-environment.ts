import type { FunctionName } from './routes.js';

/**
 * What every function's environment holds before its `uses` add theirs: set on the Lambda by
 * lib/constructs/app-function.ts and given to each fresh process by the cold-start benchmark
 * (bench/cold-start.ts), so the measured start is the deployed one. Kept apart from the construct so
 * the benchmark reads it without loading the CDK.
 */
export const baseEnvironment = (name: FunctionName) => ({
  NODE_OPTIONS: '--enable-source-maps',
  // The Powertools logger and metrics name the function as their service.
  POWERTOOLS_SERVICE_NAME: name,
});
