/**
 * Figures of the segmented knowledge index (docs/knowledge-index.md):
 *   first answer cold 10000 chunks   a fresh process (the chat code bundled as a Lambda) fetching, loading
 *                                    and searching a stored index and answering offline
 *   retrieval top5 of 50000 chunks   median over questions, warm, full text
 *   index bytes per chunk            stored bytes (segment + manifest) of the 10,000-chunk index
 * Run alone with `npx tsx bench/index-scale.ts` (starts the local runtime's stand-ins);
 * INDEX_BENCH_CPU_PROFILE_DIR=dir profiles each first answer (see below).
 */
import './silent-logs.js';
import { execFile } from 'node:child_process';
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { KnowledgeChunk } from '../functions/core/knowledge/chunk.js';
import type { ManifestDocument } from '../functions/core/knowledge/index-manifest.js';
import { decodeSegment, encodeSegment } from '../functions/core/knowledge/index-segment.js';
import { deleteAllIndexes, manifestOf, saveIndex, type BuiltIndex } from '../functions/core/knowledge/index-store.js';
import { indexPipelineFingerprint } from '../functions/core/knowledge/index-pipeline.js';
import { searchIndex } from '../functions/core/knowledge/search-index.js';
import { assembleIndex } from '../functions/core/knowledge/segmented-index.js';
import { lambdaBuildOptions } from '../lib/bundling.js';
import { buildSideEntries } from '../lib/side-entries.js';
import { freePorts } from '../local/ports.js';
import { startLocalRuntime } from '../local/runtime.js';
import { median } from './cold-start.js';
import { benchCorpus } from './knowledge.js';

const COLD_CHUNKS = 10_000;
const WARM_CHUNKS = 50_000;
const COLD_RUNS = 5;
const repoRoot = resolve(import.meta.dirname, '..');

/** Chunks as one segment, documents as the chunks' pages: what a first build of that knowledge stores. */
function builtOf(chunks: readonly KnowledgeChunk[]): BuiltIndex {
  const documents: ManifestDocument[] = [];
  chunks.forEach((chunk, i) => {
    const last = documents.at(-1);
    if (last?.id === chunk.documentId) last.count++;
    else documents.push({ id: chunk.documentId, hash: chunk.documentId, segment: 0, first: i, count: 1 });
  });
  return { reused: [], documents, pipeline: indexPipelineFingerprint(), segment: { bytes: encodeSegment(chunks), chunks: chunks.length } };
}

/** first-answer-child.ts bundled as the Lambdas are (lib/bundle-function.ts), with the files it reads beside it. */
async function bundleFirstAnswerChild(outDir: string): Promise<string> {
  const outfile = join(outDir, 'index.mjs');
  const { metafile } = await build({
    ...lambdaBuildOptions(repoRoot),
    entryPoints: [fileURLToPath(new URL('./first-answer-child.ts', import.meta.url))],
    outfile,
    metafile: true,
  });
  await buildSideEntries(Object.keys(metafile.inputs), outDir);
  return outfile;
}

export async function benchIndexScale(env: Record<string, string>): Promise<string[]> {
  const lines: string[] = [];
  const cold = benchCorpus(COLD_CHUNKS, COLD_RUNS, 7);
  const built = builtOf(cold.chunks);
  const chatbotId = `bench-index-${Date.now()}`;
  const version = await saveIndex(chatbotId, built);
  const storedBytes = built.segment!.bytes.byteLength + Buffer.byteLength(JSON.stringify(manifestOf(built, version)));
  const bundleDir = mkdtempSync(join(tmpdir(), 'assistants-bench-first-answer-'));
  try {
    const child = await bundleFirstAnswerChild(bundleDir);
    const times: number[] = [];
    const cpuTimes: number[] = [];
    // INDEX_BENCH_CPU_PROFILE_DIR=dir: each first-answer process writes a CPU profile there (the bundle's
    // source map beside it: /work/tools-sz/prof.mjs and incl.mjs read them by source file and function).
    const profileDir = process.env.INDEX_BENCH_CPU_PROFILE_DIR;
    const profiling = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
    for (const question of cold.queries) {
      const { stdout } = await promisify(execFile)(process.execPath, [...profiling, child, chatbotId, version, question], {
        env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      });
      const [ms, cpuMs] = stdout.trim().split(' ').map(Number);
      times.push(ms!);
      cpuTimes.push(cpuMs!);
    }
    lines.push(`first answer cold ${COLD_CHUNKS} chunks: ${Math.round(median(times))} ms`);
    lines.push(`first answer cold ${COLD_CHUNKS} chunks cpu: ${Math.round(median(cpuTimes))} ms`);
  } finally {
    await deleteAllIndexes(chatbotId);
    rmSync(bundleDir, { recursive: true, force: true });
  }
  lines.push(`index bytes per chunk: ${Math.round(storedBytes / COLD_CHUNKS)}`);

  const warm = benchCorpus(WARM_CHUNKS, 50, 11);
  const before = process.memoryUsage();
  const big = builtOf(warm.chunks);
  const index = assembleIndex(manifestOf(big, version), [decodeSegment(big.segment!.bytes)]);
  for (const query of warm.queries) searchIndex(index, query, 5); // warm-up: decodes the terms asked about
  const times = warm.queries.map((query) => {
    const started = performance.now();
    searchIndex(index, query, 5);
    return performance.now() - started;
  });
  lines.push(`retrieval top5 of ${WARM_CHUNKS} chunks: ${median(times).toFixed(1)} ms`);
  const after = process.memoryUsage();
  lines.push(
    `index memory ${WARM_CHUNKS} chunks: ${Math.round((after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / 1e6)} MB`,
  );
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dataDir = mkdtempSync(join(tmpdir(), 'assistants-bench-index-'));
  const runtime = await startLocalRuntime({ dataDir, ports: await freePorts(), web: 'none', databaseInMemory: true });
  try {
    for (const line of await benchIndexScale(runtime.env)) console.log(line);
  } finally {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
