import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// No CloudWatch in tests: metric lines (Embedded Metric Format) only where a test turns them on.
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    projects: [
      {
        // The frontend's import aliases (frontend/vite.config.ts), for unit tests of its pure modules.
        resolve: {
          alias: {
            '@contracts': fileURLToPath(new URL('functions/contracts', import.meta.url)),
            '@': fileURLToPath(new URL('frontend/src', import.meta.url)),
          },
        },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'cdk',
          include: ['test/cdk/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
