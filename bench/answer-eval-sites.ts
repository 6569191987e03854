import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type EvalItem = { q: string; expect: string[]; forbid?: string[]; contradict?: string[] };
export type EvalSite = {
  name: string;
  /** The evaluation set it belongs to (its folder's name: answer-eval, answer-sites...). */
  set: string;
  /** Written before the answering code was read: its figures are reported apart, as those of sites nobody here has seen. */
  unseen: boolean;
  /** The site's folder on disk. */
  dir: string;
  /** The file served at `/`. */
  start: string;
  answerable: EvalItem[];
  unanswerable: { q: string; forbid: string[] }[];
};
type EvalFile = { unseen?: boolean; sites: { name: string; path: string; start: string; unseen?: boolean; answerable: EvalItem[]; unanswerable: EvalSite['unanswerable'] }[] };

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The shared development set (real sites, kept outside the repository), the project's own fixture
 * sites, and further sets kept outside the repository (ANSWER_EVAL_EXTRA, folders joined by ':'), such
 * as the openly licensed real sites of other countries described in docs/offline-answers.md: copies of
 * public repositories are never committed here.
 */
const evalDirs = [
  process.env.ANSWER_EVAL_DIR ?? join(repoRoot, '..', 'shared', 'answer-eval'),
  join(repoRoot, 'bench', 'answer-sites'),
  ...(process.env.ANSWER_EVAL_EXTRA?.split(':').filter(Boolean) ?? []),
];

/** Every site of every evaluation set found on disk (a missing set is skipped with a note). */
export function loadEvalSets(): EvalSite[] {
  const sites: EvalSite[] = [];
  for (const dir of evalDirs) {
    const file = join(dir, 'questions.json');
    if (!existsSync(file)) {
      console.error(`(no evaluation set at ${dir})`);
      continue;
    }
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as EvalFile;
    for (const site of parsed.sites) sites.push({ ...site, set: basename(dir), unseen: site.unseen ?? parsed.unseen ?? false, dir: join(dir, 'sites', site.path) });
  }
  return sites;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

/**
 * Serves a folder on a free loopback port: `/` is `start`, other paths are files of the folder, a folder's
 * path its `index.html` (as GitHub Pages and every static host serve `about/`), else 404.
 */
export async function serveSiteFolder(dir: string, start: string): Promise<{ url: string; stop(): Promise<void> }> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const named = resolve(root, normalize(path === '/' ? start : `.${path}`));
    const file = existsSync(named) && statSync(named).isDirectory() ? join(named, 'index.html') : named;
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title>');
      return;
    }
    res.writeHead(200, { 'content-type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((done) => server.close(() => done())) };
}
