import { createHash } from 'node:crypto';
import { passageKey, type KnowledgeChunk } from './chunk.js';
import { buildSearchIndex } from './search-index.js';
import type { VectorMatrix } from './vector-matrix.js';

/**
 * One segment of an assistant's index: the chunks of some of its documents, their full-text postings
 * and vectors, in one immutable S3 object. An index version is a manifest (index-manifest.ts) naming
 * segments; a change of a few documents writes one small segment and a new manifest, and the other
 * segments are shared with the previous version (as Lucene's segments are).
 *
 * Layout (little-endian): "KIS2" | u32 header offset | u32 header bytes | sections | header JSON.
 * Sections, each 4-byte aligned: the chunks' texts (UTF-8, one string), u32 text ends, u32 field
 * lengths, u32 postings (term offsets then data), the sorted terms ('\n'-separated), f32 vectors.
 * A term's postings are, per search field in order, a count then (chunk, term frequency) pairs: what
 * MiniSearch keeps per term, decoded only for the terms a search touches (segmented-index.ts).
 * Nothing is parsed per posting at load: a cold function reads the texts as one string, the
 * vocabulary as one string, and views the numbers in place.
 */
type Section = [offset: number, length: number];

type SegmentHeader = {
  documents: { id: string; source: KnowledgeChunk['source']; title: string; url?: string; type?: string }[];
  /** Per chunk: its document (index into `documents`), id and heading path ('' for none). */
  chunkDocuments: number[];
  chunkIds: string[];
  headings: string[];
  /** Per chunk, a digest of its passage identity: a passage repeated across documents is kept once. */
  keys: string[];
  /** Chunks whose key an earlier chunk of this segment has (absent in segments written before it was kept). */
  repeats?: number[];
  fields: number;
  termCount: number;
  /** Byte ranges; numeric sections count 4-byte words. */
  sections: { texts: Section; textEnds: Section; fieldLengths: Section; postings: Section; terms: Section; vectors?: Section };
  vectors?: { model: string; dimensions: number };
};

/** A decoded segment: chunks rebuilt, numbers viewed in place in one aligned buffer. */
export type SegmentView = {
  chunks: KnowledgeChunk[];
  keys: string[];
  /** Chunks whose passage an earlier chunk of this segment has: read alone, in order, they are not searched. */
  repeats: ReadonlySet<number>;
  fields: number;
  /** Per chunk, the number of distinct terms of each search field (BM25's field length). */
  fieldLengths: Uint32Array;
  terms: string[];
  /** Offsets (terms + 1, relative to the data after them) then the postings. */
  postings: Uint32Array;
  vectors?: VectorMatrix;
  bytes: number;
};

const MAGIC = 'KIS2';
const PREAMBLE = 12;
const align = (n: number) => (n + 3) & ~3;
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The digest `chunkDocuments` de-duplicates by, short enough to keep per chunk. */
export const passageDigest = (chunk: KnowledgeChunk) => createHash('sha1').update(passageKey(chunk)).digest('base64url').slice(0, 16);

/** Encodes chunks (each document's, not de-duplicated) with their postings and optional vectors (row i = chunk i). */
export function encodeSegment(chunks: readonly KnowledgeChunk[], vectors?: VectorMatrix): Uint8Array {
  const plain = buildSearchIndex(chunks).text.toJSON();
  const fields = Object.keys(plain.fieldIds).length;
  const fieldLengths = new Uint32Array(chunks.length * fields);
  for (let i = 0; i < chunks.length; i++) {
    const lengths = plain.fieldLength[i] ?? [];
    for (let f = 0; f < fields; f++) fieldLengths[i * fields + f] = lengths[f] ?? 0;
  }
  const entries = plain.index.sort(([a], [b]) => byCodeUnits(a, b));
  const data: number[] = [];
  const termOffsets: number[] = [0];
  for (const [, byField] of entries) {
    for (let f = 0; f < fields; f++) {
      const postings = Object.entries(byField[String(f)] ?? {});
      data.push(postings.length);
      for (const [shortId, frequency] of postings) data.push(Number(plain.documentIds[shortId]), frequency);
    }
    termOffsets.push(data.length);
  }
  const postings = new Uint32Array(termOffsets.length + data.length);
  postings.set(termOffsets, 0);
  postings.set(data, termOffsets.length);

  const documents: SegmentHeader['documents'] = [];
  const documentIndex = new Map<string, number>();
  const chunkDocuments = chunks.map((chunk) => {
    let at = documentIndex.get(chunk.documentId);
    if (at === undefined) {
      at = documents.push({
        id: chunk.documentId,
        source: chunk.source,
        title: chunk.title,
        ...(chunk.url ? { url: chunk.url } : {}),
        ...(chunk.type ? { type: chunk.type } : {}),
      }) - 1;
      documentIndex.set(chunk.documentId, at);
    }
    return at;
  });
  let end = 0;
  const textEnds = Uint32Array.from(chunks, (chunk) => (end += chunk.text.length));

  const parts: Uint8Array[] = [];
  let offset = PREAMBLE;
  const add = (bytes: Uint8Array): Section => {
    const section: Section = [offset, bytes.byteLength];
    parts.push(bytes);
    const padded = align(bytes.byteLength);
    if (padded > bytes.byteLength) parts.push(new Uint8Array(padded - bytes.byteLength));
    offset += padded;
    return section;
  };
  const asBytes = (array: Uint32Array | Float32Array) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  const sections: SegmentHeader['sections'] = {
    texts: add(Buffer.from(chunks.map((chunk) => chunk.text).join(''), 'utf8')),
    textEnds: add(asBytes(textEnds)),
    fieldLengths: add(asBytes(fieldLengths)),
    postings: add(asBytes(postings)),
    terms: add(Buffer.from(entries.map(([term]) => term).join('\n'), 'utf8')),
    ...(vectors ? { vectors: add(asBytes(vectors.data)) } : {}),
  };
  const keys = chunks.map(passageDigest);
  const header: SegmentHeader = {
    documents,
    chunkDocuments,
    chunkIds: chunks.map((chunk) => chunk.id),
    headings: chunks.map((chunk) => chunk.heading ?? ''),
    keys,
    repeats: repeatsOf(keys),
    fields,
    termCount: entries.length,
    sections,
    ...(vectors ? { vectors: { model: vectors.model, dimensions: vectors.dimensions } } : {}),
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const out = Buffer.alloc(offset + headerBytes.byteLength);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(offset, 4);
  out.writeUInt32LE(headerBytes.byteLength, 8);
  let at = PREAMBLE;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  out.set(headerBytes, offset);
  return out;
}

/** Reads a segment; typed arrays view one aligned copy of the bytes. */
export function decodeSegment(input: Uint8Array): SegmentView {
  // Typed array views need 4-byte alignment, which a Buffer from Node's pool may lack.
  const bytes = input.byteOffset % 4 === 0 ? input : input.slice();
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.byteLength < PREAMBLE || buffer.toString('latin1', 0, 4) !== MAGIC) throw new Error('Not a knowledge index segment');
  const headerOffset = buffer.readUInt32LE(4);
  const header = JSON.parse(buffer.toString('utf8', headerOffset, headerOffset + buffer.readUInt32LE(8))) as SegmentHeader;
  const { sections } = header;
  const words = ([offset, length]: Section) => new Uint32Array(bytes.buffer, bytes.byteOffset + offset, length / 4);
  const text = ([offset, length]: Section) => buffer.toString('utf8', offset, offset + length);

  const texts = text(sections.texts);
  const textEnds = words(sections.textEnds);
  let start = 0;
  const chunks = header.chunkIds.map((id, i): KnowledgeChunk => {
    const document = header.documents[header.chunkDocuments[i]!]!;
    const heading = header.headings[i];
    const chunk: KnowledgeChunk = {
      id,
      documentId: document.id,
      source: document.source,
      title: document.title,
      ...(document.url ? { url: document.url } : {}),
      ...(heading ? { heading } : {}),
      text: texts.slice(start, textEnds[i]),
      ...(document.type ? { type: document.type } : {}),
    };
    start = textEnds[i]!;
    return chunk;
  });
  const terms = header.termCount ? text(sections.terms).split('\n') : [];
  if (terms.length !== header.termCount || header.keys.length !== chunks.length) throw new Error('Corrupt knowledge index segment');
  const vectors =
    header.vectors && sections.vectors
      ? {
          model: header.vectors.model,
          dimensions: header.vectors.dimensions,
          data: new Float32Array(bytes.buffer, bytes.byteOffset + sections.vectors[0], sections.vectors[1] / 4),
        }
      : undefined;
  return {
    chunks,
    keys: header.keys,
    repeats: new Set(header.repeats ?? repeatsOf(header.keys)),
    fields: header.fields,
    fieldLengths: words(sections.fieldLengths),
    terms,
    postings: words(sections.postings),
    ...(vectors ? { vectors } : {}),
    bytes: bytes.byteLength,
  };
}

function repeatsOf(keys: readonly string[]): number[] {
  const seen = new Set<string>();
  const repeats: number[] = [];
  keys.forEach((key, i) => {
    if (seen.has(key)) repeats.push(i);
    else seen.add(key);
  });
  return repeats;
}
