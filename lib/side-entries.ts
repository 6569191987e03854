/**
 * Files bundled next to a function's handler (`index.mjs`) and loaded by it at run time, so that code
 * only some requests need stays out of every cold start: a second entry point, bundled with the
 * options of lib/bundling.ts by lib/bundle-function.ts, for CDK and the benchmark alike. A function gets
 * a side entry when its bundle holds the module that loads it (`loadedBy`); run from the sources, that
 * module loads the TypeScript or the package instead.
 */
import { build } from 'esbuild';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lambdaBuildOptions } from './bundling.js';

const repoRoot = resolve(import.meta.dirname, '..');

interface SideEntry {
  /** File name beside index.mjs. */
  file: string;
  entry: string;
  /** The module (repository path) that loads the file by a URL relative to the bundle. */
  loadedBy: string;
  /**
   * CommonJS, for a file loaded synchronously with require(); JSON, for data (`entry` is the JSON file,
   * written beside the handler compacted: JSON.parse reads it several times faster than V8 compiles the
   * same data as a module); else ESM.
   */
  format?: 'cjs' | 'json';
}

export const SIDE_ENTRIES: Readonly<Record<string, SideEntry>> = {
  // The HTML parser, CSS selectors and Markdown writer of page extraction: only when a page is read.
  'page-reader': {
    file: 'page-reader.mjs',
    entry: 'functions/core/crawl/extract-page.ts',
    loadedBy: 'functions/core/crawl/page-reader.ts',
  },
  // PDF.js and the Word readers: only loaded when a document is read, in their own process.
  'extract-worker': {
    file: 'extract-worker.mjs',
    entry: 'functions/core/documents/extract-worker.ts',
    loadedBy: 'functions/core/documents/read-document.ts',
  },
  // Readability: only for pages that declare themselves articles, and page extraction is synchronous
  // (loaded by the page reader above, beside which it is built).
  'article-reader': {
    file: 'article-reader.cjs',
    entry: 'functions/core/crawl/article-reader.ts',
    loadedBy: 'functions/core/crawl/readability.ts',
    format: 'cjs',
  },
  // WordNet's related words: 400 KB of data, read when a question is first searched (synchronously).
  'related-words': {
    file: 'related-words.json',
    entry: 'functions/core/knowledge/related-words/related-words.json',
    loadedBy: 'functions/core/knowledge/related-words.ts',
    format: 'json',
  },
};

export interface BuiltSideEntry {
  name: string;
  file: string;
  bytes: number;
  /** The modules bundled into it (esbuild metafile paths). */
  inputs: string[];
}

/** Bundles one side entry into `outDir`, beside the handler that loads it. */
export async function buildSideEntry(name: string, outDir: string): Promise<BuiltSideEntry> {
  const side = SIDE_ENTRIES[name];
  if (!side) throw new Error(`No side entry '${name}'`);
  const file = join(outDir, side.file);
  if (side.format === 'json') {
    writeFileSync(file, JSON.stringify(JSON.parse(readFileSync(resolve(repoRoot, side.entry), 'utf8'))));
    return { name, file, bytes: statSync(file).size, inputs: [side.entry] };
  }
  const { metafile } = await build({
    ...lambdaBuildOptions(repoRoot),
    // The ESM banner's `import` is no CommonJS; a CommonJS file has its own require.
    ...(side.format === 'cjs' ? { format: 'cjs' as const, banner: {} } : {}),
    entryPoints: [resolve(repoRoot, side.entry)],
    outfile: file,
    metafile: true,
  });
  return { name, file, bytes: statSync(file).size, inputs: Object.keys(metafile.inputs) };
}

/**
 * The side entries that a bundle with these inputs (esbuild metafile paths) loads, built into `outDir`,
 * and the side entries those load in turn.
 */
export async function buildSideEntries(bundleInputs: readonly string[], outDir: string): Promise<BuiltSideEntry[]> {
  const built: BuiltSideEntry[] = [];
  for (let inputs = new Set(bundleInputs); ; ) {
    const needed = Object.keys(SIDE_ENTRIES).filter((name) => inputs.has(SIDE_ENTRIES[name]!.loadedBy) && !built.some((side) => side.name === name));
    if (!needed.length) return built;
    const round = await Promise.all(needed.map((name) => buildSideEntry(name, outDir)));
    built.push(...round);
    inputs = new Set(round.flatMap((side) => side.inputs));
  }
}
