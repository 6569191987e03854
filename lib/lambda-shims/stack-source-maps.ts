/**
 * Stack traces of a Lambda bundle in source positions, read from the bundle's source map only when a
 * stack is first formatted. Node's own `--enable-source-maps` reads and parses every bundle's map (1.4 MB
 * for the chat functions) and scans its code for line lengths while loading it: 15-35 ms of CPU in each
 * cold start (docs/cold-starts.md), although a request that succeeds formats no stack. Injected at the top
 * of every bundle (lib/bundling.ts `inject`); the tests and the local runtime run the sources and keep
 * their own stacks.
 */
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';

const maps = new Map<string, SourceMap | undefined>();

/** The source map beside a bundle (`index.mjs.map`), read once; none for files without one. */
function sourceMapOf(file: string): SourceMap | undefined {
  if (!maps.has(file)) {
    // Marked first: a stack formatted while reading the map (an error of the read) must not read it again.
    maps.set(file, undefined);
    try {
      const path = file.startsWith('file:') ? fileURLToPath(file) : file;
      maps.set(file, new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')) as SourceMapPayload));
    } catch {
      // No map (or an unreadable one): frames keep their bundle positions.
    }
  }
  return maps.get(file);
}

/** One frame as V8 writes it, its bundle position replaced by the source position when the map has one. */
function frameText(site: NodeJS.CallSite): string {
  const text = site.toString();
  const file = site.getFileName();
  const line = site.getLineNumber();
  const column = site.getColumnNumber();
  if (!file || !line || !column || !/\.[cm]?js$/.test(file)) return text;
  const entry = sourceMapOf(file)?.findEntry(line - 1, column - 1);
  if (!entry || !('originalSource' in entry) || !entry.originalSource) return text;
  const bundled = `${file}:${line}:${column}`;
  // Sources are relative to the folder the bundle was built in ("../../functions/core/..."): the repository path is what a reader needs.
  const original = `${entry.originalSource.replace(/^(?:\.\.\/)+/, '')}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  return text.includes(bundled) ? text.replace(bundled, original) : `${text} [${original}]`;
}

/** The header V8 writes above the frames ("TypeError: message"), whatever the error's own toString does. */
function header(error: Error): string {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return '<error>';
  }
}

// Node's own source maps, when a process is started with them, map the frames already. (Node 20 and
// later define a default Error.prepareStackTrace of their own, which this one replaces.)
if (!process.sourceMapsEnabled) {
  Error.prepareStackTrace = (error, sites) => [header(error), ...sites.map((site) => `    at ${frameText(site)}`)].join('\n');
}
