import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const frontendDir = fileURLToPath(new URL('.', import.meta.url));
const fromFrontend = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * One config for `vite build --config frontend/vite.config.ts` and for the local runtime, which uses it in
 * middleware mode (`createServer({ configFile, server: { middlewareMode: true }, appType: 'spa' })`).
 * No port and no environment values here: the browser reads /config.json at start.
 */
export default defineConfig({
  root: frontendDir,
  plugins: [react(), tailwindcss()],
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
