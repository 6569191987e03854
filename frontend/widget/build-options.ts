import { resolve } from 'node:path';
import type { BuildOptions } from 'esbuild';

const widgetDir = import.meta.dirname;

/** Where `npm run build:web` writes the widget: next to the dashboard build, served as `/embed.js`. */
export const embedOutfile = resolve(widgetDir, '../../dist/site/embed.js');

/**
 * esbuild options of `embed.js`, shared by the build (frontend/widget/build.ts) and the local web
 * server, which bundles it in memory in `vite` mode. One classic script (IIFE): an embed code's
 * `<script async>` is not a module, and `document.currentScript` only exists for classic scripts.
 */
export const embedBuildOptions: BuildOptions = {
  entryPoints: [resolve(widgetDir, 'embed.ts')],
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2019',
  legalComments: 'none',
  // ASCII output (non-ASCII escaped): a script served without a charset is decoded in the page's encoding.
  charset: 'ascii',
  logLevel: 'warning',
};
