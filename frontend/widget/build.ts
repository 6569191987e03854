/**
 * `tsx frontend/widget/build.ts` (the end of `npm run build:web`, after Vite has emptied dist/site):
 * bundles the embed widget into dist/site/embed.js. Budget: 12 KB gzip (bench/embed-size.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { embedBuildOptions, embedOutfile } from './build-options.js';

const result = await build({ ...embedBuildOptions, outfile: embedOutfile, write: false });
const [output] = result.outputFiles;
if (!output) throw new Error('esbuild produced no embed.js');
mkdirSync(dirname(embedOutfile), { recursive: true });
writeFileSync(embedOutfile, output.contents);
console.log(`embed.js: ${(output.contents.length / 1024).toFixed(1)} KB, ${(gzipSync(output.contents).length / 1024).toFixed(1)} KB gzip`);
