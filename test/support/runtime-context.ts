import type { RuntimeConfig } from '../../functions/contracts/runtime-config.js';

/** What a global setup hands the test files about the local runtime it started. */
export interface RuntimeContext {
  webUrl: string;
  apiUrl: string;
  realtimeUrl: string;
  config: RuntimeConfig;
  env: Record<string, string>;
  /** Fault proxies in front of stand-ins the handlers use (fault-proxy.ts), by service. */
  faults: { s3: string; dynamodb: string; lambda: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    runtime: RuntimeContext;
  }
}
