/**
 * `npx tsx bench/profile-by-source.ts <bundle.mjs> <profile.cpuprofile>...`: the self time of CPU profiles
 * of a bundle (COLD_BENCH_CPU_PROFILE_DIR, bench/cold-start.ts) summed per npm package or repository file,
 * through the bundle's source map, because a minified bundle's own names and lines say nothing. Several
 * profiles are averaged; `--top=N` rows (default 40), `--functions` per source function instead.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { pathToFileURL } from 'node:url';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const top = Number(args.find((arg) => arg.startsWith('--top='))?.split('=')[1]) || 40;
const byFunction = args.includes('--functions');
/** Each row's time with what it calls (a row counted once per sample), to see which import or call costs. */
const inclusive = args.includes('--inclusive');
const [bundle, ...profiles] = args.filter((arg) => !arg.startsWith('--'));
if (!bundle || profiles.length === 0) throw new Error('usage: tsx bench/profile-by-source.ts <bundle.mjs> <profile.cpuprofile>...');

const bundleUrl = pathToFileURL(bundle).href;
const map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')));

/** A source path as a row: the package for node_modules, else the repository file. */
const groupOf = (source: string) => {
  const inModules = source.split('node_modules/').pop()!;
  if (inModules === source) return source.replace(/^(\.\.\/)+/, '');
  const parts = inModules.split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
};

function rowOf(frame: ProfileNode['callFrame']): string {
  if (frame.url !== bundleUrl) {
    if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : `(native) ${frame.functionName}`;
    const row = frame.url.startsWith('node:') ? `node:${frame.url.slice(5).split('/')[0]}` : frame.url;
    return byFunction ? `${frame.url}:${frame.lineNumber + 1} ${frame.functionName || '(anonymous)'}` : row;
  }
  const entry = map.findEntry(frame.lineNumber, frame.columnNumber);
  if (!('originalSource' in entry)) return '(bundle, unmapped)';
  const group = groupOf(entry.originalSource);
  return byFunction ? `${group}:${entry.originalLine + 1} ${frame.functionName || '(anonymous)'}` : group;
}

const totals = new Map<string, number>();
let all = 0;
for (const file of profiles) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const rowById = new Map(profile.nodes.map((node) => [node.id, rowOf(node.callFrame)]));
  const parentById = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id] as const)));
  const rowsOf = (id: number) => {
    if (!inclusive) return [rowById.get(id)!];
    const rows = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentById.get(at)) rows.add(rowById.get(at)!);
    return [...rows];
  };
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000 / profiles.length;
    for (const row of rowsOf(id)) totals.set(row, (totals.get(row) ?? 0) + ms);
    all += ms;
  });
}

console.log(`${all.toFixed(1)} ms sampled per profile (mean of ${profiles.length})`);
for (const [row, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms.toFixed(1).padStart(7)} ms  ${row}`);
