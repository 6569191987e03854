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
    // Read by bench/web-size.ts to add up what the dashboard loads first.
    manifest: true,
  },
});
