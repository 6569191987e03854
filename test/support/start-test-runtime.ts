import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePorts } from '../../local/ports.js';
import { startLocalRuntime } from '../../local/runtime.js';
import type { WebMode } from '../../local/web-server.js';
import { startFaultProxy } from './fault-proxy.js';
import './runtime-context.js';

/** Starts a local runtime on free ports and a throw-away data folder, and hands its addresses to the tests. */
export async function startTestRuntime(project: TestProject, web: WebMode) {
  process.env.LOG_LEVEL ??= 'silent';
  const dataDir = mkdtempSync(join(tmpdir(), `assistants-${project.name}-`));
  // Tests play visitors from many addresses on loopback (X-Forwarded-For), as the limits count per
  // address. Their data is thrown away: the database keeps it in memory (test/integration/persistence.test.ts
  // runs its own runtime on disk).
  const runtime = await startLocalRuntime({ dataDir, ports: await freePorts(), web, trustForwardedFor: true, databaseInMemory: true });
  // The handlers reach S3 and DynamoDB through proxies the tests can make fail (fault-proxy.ts); the
  // tests' own calls (runtime.env) go straight to the stand-ins.
  const s3Faults = await startFaultProxy(runtime.env.AWS_ENDPOINT_URL_S3!);
  const dynamoFaults = await startFaultProxy(runtime.env.AWS_ENDPOINT_URL_DYNAMODB!);
  // Asynchronous invocations (a knowledge change handed to reindex-knowledge) too.
  const lambdaFaults = await startFaultProxy(runtime.env.AWS_ENDPOINT_URL_LAMBDA!);
  process.env.AWS_ENDPOINT_URL_S3 = s3Faults.endpoint;
  process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamoFaults.endpoint;
  process.env.AWS_ENDPOINT_URL_LAMBDA = lambdaFaults.endpoint;
  project.provide('runtime', {
    webUrl: runtime.webUrl,
    apiUrl: runtime.apiUrl,
    realtimeUrl: runtime.realtimeUrl,
    config: runtime.config,
    env: runtime.env,
    faults: { s3: s3Faults.endpoint, dynamodb: dynamoFaults.endpoint, lambda: lambdaFaults.endpoint },
  });
  return async () => {
    // The proxies first: a response a handler left unread holds a stand-in's connection open through
    // its proxy, and the stand-in's stop would wait for it for ever.
    await Promise.all([s3Faults.stop(), dynamoFaults.stop(), lambdaFaults.stop()]);
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
