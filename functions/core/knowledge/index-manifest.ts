/**
 * What one index version is made of: its documents in the order a full build chunks them, each
 * naming the segment and the range of that segment's chunks holding its passages. Loading walks the
 * documents in this order, so an index updated document by document searches exactly like one built
 * from scratch (same chunk order, same de-duplication, same BM25 statistics).
 */
export type IndexManifest = {
  format: typeof MANIFEST_FORMAT;
  formatVersion: typeof MANIFEST_FORMAT_VERSION;
  /** Fingerprint of the chunking and term processing that built the segments (index-pipeline.ts). */
  pipeline: string;
  segments: ManifestSegment[];
  documents: ManifestDocument[];
};

export type ManifestSegment = {
  /** The version that wrote it: segments are immutable and shared by later versions. */
  id: string;
  /** Chunks stored, live or not: a segment mostly of replaced documents is rewritten (compaction). */
  chunks: number;
  /** Embedding model of its vectors, and whether every chunk has one. */
  vectors?: { model: string; complete: boolean };
  /** Stored bytes, and how many leading bytes a search reads (KIS3 segments; absent for KIS2). */
  bytes?: number;
  head?: number;
};

export type ManifestDocument = {
  id: string;
  /** Digest of what the document's passages are made from: unchanged documents keep their passages. */
  hash: string;
  /** Index into `segments`. */
  segment: number;
  first: number;
  count: number;
};

export const MANIFEST_FORMAT = 'knowledge-index-manifest';
export const MANIFEST_FORMAT_VERSION = 3;

export function parseManifest(json: string): IndexManifest {
  const manifest = JSON.parse(json) as Partial<IndexManifest>;
  if (manifest.format !== MANIFEST_FORMAT || manifest.formatVersion !== MANIFEST_FORMAT_VERSION || !manifest.segments || !manifest.documents) {
    throw new Error(`Not a ${MANIFEST_FORMAT} version ${MANIFEST_FORMAT_VERSION}`);
  }
  for (const document of manifest.documents) {
    if (!manifest.segments[document.segment]) throw new Error(`Manifest document ${document.id} names a missing segment`);
  }
  return manifest as IndexManifest;
}
