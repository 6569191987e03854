import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { leftOutExports, ZOD_JSON_SCHEMA_MODULE } from '../lib/zod-json-schema-left-out.js';

const frontendDir = fileURLToPath(new URL('.', import.meta.url));
const fromFrontend = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * One config for `vite build --config frontend/vite.config.ts` and for the local runtime, which uses it in
 * middleware mode (`createServer({ configFile, server: { middlewareMode: true }, appType: 'spa' })`).
 * No port and no environment values here: the browser reads /config.json at start.
 */
/**
 * zod's JSON Schema output, which the dashboard never calls, left out of the production build as it is
 * out of the Lambda bundles (same modules, same replacement); the dev server serves zod as it is.
 */
const zodJsonSchemaLeftOut: Plugin = {
  name: 'zod-json-schema-left-out',
  apply: 'build',
  enforce: 'pre',
  load: (id) => (ZOD_JSON_SCHEMA_MODULE.test(id) ? leftOutExports(readFileSync(id, 'utf8')) : null),
};

export default defineConfig({
  root: frontendDir,
  plugins: [react(), tailwindcss(), zodJsonSchemaLeftOut],
  resolve: {
    alias: {
      '@contracts': fromFrontend('../functions/contracts'),
      '@': fromFrontend('./src'),
    },
  },
  build: {
    outDir: fromFrontend('../dist/site'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The framework every page starts with, in one chunk whose name and hash survive app
              // releases (long browser caching). Only modules the entry needs at start ($initial) are
              // captured, so the group can never pull a lazy screen's code into the first view.
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+)[\\/]/,
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
});
