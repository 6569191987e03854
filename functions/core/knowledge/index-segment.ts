import { createHash } from 'node:crypto';
import { chunkOf, passageKey, type KnowledgeChunk } from './chunk.js';
import { buildSearchIndex } from './search-index.js';
import type { VectorMatrix } from './vector-matrix.js';

/**
 * One segment of an assistant's index: the chunks of some of its documents, their full-text postings
 * and vectors, in one immutable S3 object. An index version is a manifest (index-manifest.ts) naming
 * segments; a change of a few documents writes one small segment and a new manifest, and the other
 * segments are shared with the previous version (as Lucene's segments are).
 *
 * Layout "KIS3" (little-endian), in the order a cold search reads it:
 *   "KIS3" | u32 head bytes | u32 header bytes | header JSON | head sections | records | vectors
 * The head (everything before the records) is what a search needs: the sorted vocabulary, where each
 * term's postings are, the postings (per term and search field: a count, then (chunk gap, term
 * frequency) pairs, all varints), per chunk its field lengths, document and passage key, and where its
 * record is. A record is one chunk's `[id, heading, text]` as JSON: a cold function reads the head
 * with one ranged GET and then only the records of the passages it answers with (index-store.ts).
 * The earlier layout "KIS2" (u32 postings, texts in the middle, header at the end) is still read whole.
 */
type Section = [offset: number, length: number];

export type SegmentDocument = { id: string; source: KnowledgeChunk['source']; title: string; url?: string; type?: string };

type HeaderV3 = {
  documents: SegmentDocument[];
  chunkCount: number;
  fields: number;
  termCount: number;
  /** Chunks whose key an earlier chunk of this segment has. */
  repeats: number[];
  /** Byte ranges from the start of the object; numeric sections are 4-byte aligned. */
  sections: {
    terms: Section;
    /** u32 per term + 1: where its postings start within `postings`. */
    termStarts: Section;
    fieldLengths: Section;
    chunkDocuments: Section;
    /** 16 ASCII bytes per chunk (passageDigest). */
    keys: Section;
    /** u32 per chunk + 1: where its record starts within `records`. */
    recordStarts: Section;
    postings: Section;
    records: Section;
    vectors?: Section;
  };
  vectors?: { model: string; dimensions: number };
};

type HeaderV2 = {
  documents: SegmentDocument[];
  chunkDocuments: number[];
  chunkIds: string[];
  headings: string[];
  keys: string[];
  repeats?: number[];
  fields: number;
  termCount: number;
  sections: { texts: Section; textEnds: Section; fieldLengths: Section; postings: Section; terms: Section; vectors?: Section };
  vectors?: { model: string; dimensions: number };
};

/** What a search needs of a segment, without its passages' texts. */
export type SegmentHead = {
  chunkCount: number;
  fields: number;
  /** Per chunk, the number of terms of each search field (BM25's field length). */
  fieldLengths: Uint32Array;
  terms: string[];
  documents: readonly SegmentDocument[];
  /** Per chunk, its document (index into `documents`). */
  chunkDocuments: ArrayLike<number>;
  /** Chunks whose passage an earlier chunk of this segment has: read alone, in order, they are not searched. */
  repeats: ReadonlySet<number>;
  keyAt(local: number): string;
  /** Calls `add` for each posting of term number `term`, field by field, chunks ascending within a field. */
  postings(term: number, add: (field: number, local: number, frequency: number) => void): void;
  /**
   * The same postings per field as two typed arrays (chunks ascending, their frequencies), made at
   * their final size (the stored count comes first): no growing arrays on a cold search. KIS3 only.
   */
  fieldPostings?(term: number): (FieldPostingArrays | undefined)[];
  /** Byte range [start, end) of a chunk's record in the stored object; undefined for a KIS2 segment. */
  recordRange?(local: number): [number, number];
  /** Bytes of the head. */
  bytes: number;
};

export type FieldPostingArrays = { chunks: Uint32Array; frequencies: Uint32Array };

/** A whole segment: its head, its chunks and its vectors. */
export type SegmentView = SegmentHead & { chunks: KnowledgeChunk[]; vectors?: VectorMatrix };

const MAGIC = 'KIS3';
const LEGACY_MAGIC = 'KIS2';
const PREAMBLE = 12;
export const SEGMENT_PREAMBLE_BYTES = PREAMBLE;
const KEY_BYTES = 16;
const CORRUPT = 'Corrupt knowledge index segment';
const align = (n: number) => (n + 3) & ~3;
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The digest `chunkDocuments` de-duplicates by, short enough to keep per chunk. */
export const passageDigest = (chunk: KnowledgeChunk) => createHash('sha1').update(passageKey(chunk)).digest('base64url').slice(0, KEY_BYTES);

/** Growable bytes of unsigned LEB128 varints. */
class VarintWriter {
  bytes = new Uint8Array(1 << 16);
  length = 0;
  write(value: number): void {
    if (this.length + 5 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    while (value >= 0x80) {
      this.bytes[this.length++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    this.bytes[this.length++] = value;
  }
}

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
  const postings = new VarintWriter();
  const termStarts = new Uint32Array(entries.length + 1);
  entries.forEach(([, byField], t) => {
    termStarts[t] = postings.length;
    for (let f = 0; f < fields; f++) {
      const pairs = Object.entries(byField[String(f)] ?? {})
        .map(([shortId, frequency]) => [Number(plain.documentIds[shortId]), frequency] as const)
        .sort((a, b) => a[0] - b[0]);
      postings.write(pairs.length);
      let previous = 0;
      for (const [chunk, frequency] of pairs) {
        postings.write(chunk - previous);
        postings.write(frequency);
        previous = chunk;
      }
    }
  });
  termStarts[entries.length] = postings.length;

  const documents: SegmentDocument[] = [];
  const documentIndex = new Map<string, number>();
  const chunkDocuments = Uint32Array.from(chunks, (chunk) => {
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
  const records = chunks.map((chunk) => JSON.stringify([chunk.id, chunk.heading ?? '', chunk.text]));
  const recordStarts = new Uint32Array(chunks.length + 1);
  records.forEach((record, i) => (recordStarts[i + 1] = recordStarts[i]! + Buffer.byteLength(record, 'utf8')));
  const keys = chunks.map(passageDigest);

  const asBytes = (array: Uint32Array | Float32Array) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  const parts: [keyof HeaderV3['sections'], Uint8Array][] = [
    ['terms', Buffer.from(entries.map(([term]) => term).join('\n'), 'utf8')],
    ['termStarts', asBytes(termStarts)],
    ['fieldLengths', asBytes(fieldLengths)],
    ['chunkDocuments', asBytes(chunkDocuments)],
    ['keys', Buffer.from(keys.join(''), 'latin1')],
    ['recordStarts', asBytes(recordStarts)],
    ['postings', postings.bytes.subarray(0, postings.length)],
    ['records', Buffer.from(records.join(''), 'utf8')],
    ...(vectors ? [['vectors', asBytes(vectors.data)] as [keyof HeaderV3['sections'], Uint8Array]] : []),
  ];
  const header: Omit<HeaderV3, 'sections'> = {
    documents,
    chunkCount: chunks.length,
    fields,
    termCount: entries.length,
    repeats: repeatsOf(keys),
    ...(vectors ? { vectors: { model: vectors.model, dimensions: vectors.dimensions } } : {}),
  };
  // Offsets depend on the header's length, which depends on the offsets' digits: lay out until it fits.
  const layout = (start: number) => {
    const sections = {} as HeaderV3['sections'];
    let offset = start;
    for (const [name, bytes] of parts) {
      sections[name] = [offset, bytes.byteLength];
      offset = align(offset + bytes.byteLength);
    }
    return { sections, end: offset };
  };
  let start = align(PREAMBLE);
  let placed = layout(start);
  let headerBytes = Buffer.from(JSON.stringify({ ...header, sections: placed.sections }), 'utf8');
  while (PREAMBLE + headerBytes.byteLength > start) {
    start = align(PREAMBLE + headerBytes.byteLength + 32);
    placed = layout(start);
    headerBytes = Buffer.from(JSON.stringify({ ...header, sections: placed.sections }), 'utf8');
  }
  const out = Buffer.alloc(placed.end);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(placed.sections.records[0], 4);
  out.writeUInt32LE(headerBytes.byteLength, 8);
  out.set(headerBytes, PREAMBLE);
  for (const [name, bytes] of parts) out.set(bytes, placed.sections[name]![0]);
  return out;
}

/** An unsigned LEB128 varint at `at.offset`, which moves past it: most of a cold search's decoding. */
function readVarint(bytes: Uint8Array, at: { offset: number }): number {
  let value = 0;
  let shift = 0;
  let byte: number;
  do {
    byte = bytes[at.offset++]!;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return value;
}

/** How many leading bytes of a stored segment a search needs (the head); the whole object for KIS2. */
export function segmentHeadLength(segment: Uint8Array): number {
  return headLengthOf(segment) ?? segment.byteLength;
}

/** The head's length from a segment's first bytes (at least SEGMENT_PREAMBLE_BYTES); undefined for KIS2. */
export function headLengthOf(start: Uint8Array): number | undefined {
  const buffer = Buffer.from(start.buffer, start.byteOffset, start.byteLength);
  return buffer.byteLength >= PREAMBLE && buffer.toString('latin1', 0, 4) === MAGIC ? buffer.readUInt32LE(4) : undefined;
}

// Typed array views need 4-byte alignment, which a Buffer from Node's pool may lack.
const aligned = (input: Uint8Array) => (input.byteOffset % 4 === 0 ? input : input.slice());

/** Reads the head of a KIS3 segment (its first `segmentHeadLength` bytes, or more). */
export function decodeSegmentHead(input: Uint8Array): SegmentHead {
  const bytes = aligned(input);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headBytes = headLengthOf(bytes);
  // Not a KIS3 segment, or its head cut short.
  if (headBytes === undefined || buffer.byteLength < headBytes) throw new Error(CORRUPT);
  const header = JSON.parse(buffer.toString('utf8', PREAMBLE, PREAMBLE + buffer.readUInt32LE(8))) as HeaderV3;
  const { sections } = header;
  const words = ([offset, length]: Section) => new Uint32Array(bytes.buffer, bytes.byteOffset + offset, length / 4);
  const terms = header.termCount ? buffer.toString('utf8', sections.terms[0], sections.terms[0] + sections.terms[1]).split('\n') : [];
  const termStarts = words(sections.termStarts);
  const recordStarts = words(sections.recordStarts);
  const postings = bytes.subarray(sections.postings[0], sections.postings[0] + sections.postings[1]);
  const keysAt = sections.keys[0];
  const fieldCount = header.fields;
  if (terms.length !== header.termCount || recordStarts.length !== header.chunkCount + 1) throw new Error(CORRUPT);
  return {
    chunkCount: header.chunkCount,
    fields: header.fields,
    fieldLengths: words(sections.fieldLengths),
    terms,
    documents: header.documents,
    chunkDocuments: words(sections.chunkDocuments),
    repeats: new Set(header.repeats),
    keyAt: (local) => buffer.toString('latin1', keysAt + local * KEY_BYTES, keysAt + (local + 1) * KEY_BYTES),
    postings(term, add) {
      const at = { offset: termStarts[term]! };
      for (let f = 0; f < fieldCount; f++) {
        let local = 0;
        for (let n = readVarint(postings, at); n > 0; n--) {
          local += readVarint(postings, at);
          add(f, local, readVarint(postings, at));
        }
      }
    },
    fieldPostings(term) {
      const at = { offset: termStarts[term]! };
      const fields: (FieldPostingArrays | undefined)[] = [];
      for (let f = 0; f < fieldCount; f++) {
        const n = readVarint(postings, at);
        if (!n) {
          fields.push(undefined);
          continue;
        }
        const chunks = new Uint32Array(n);
        const frequencies = new Uint32Array(n);
        let local = 0;
        for (let i = 0; i < n; i++) {
          local += readVarint(postings, at);
          chunks[i] = local;
          frequencies[i] = readVarint(postings, at);
        }
        fields.push({ chunks, frequencies });
      }
      return fields;
    },
    recordRange: (local) => [sections.records[0] + recordStarts[local]!, sections.records[0] + recordStarts[local + 1]!],
    bytes: headBytes,
  };
}

/** A chunk from its record's bytes (the object's bytes `recordRange(local)`). */
export function chunkOfRecord(head: SegmentHead, local: number, record: Uint8Array): KnowledgeChunk {
  const [id, heading, text] = JSON.parse(Buffer.from(record.buffer, record.byteOffset, record.byteLength).toString('utf8')) as [string, string, string];
  return chunkOf(head.documents[head.chunkDocuments[local]!]!, id, heading, text);
}

/** Reads a whole segment (either layout); typed arrays view one aligned copy of the bytes. */
export function decodeSegment(input: Uint8Array): SegmentView {
  const bytes = aligned(input);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = buffer.byteLength >= PREAMBLE ? buffer.toString('latin1', 0, 4) : '';
  if (magic === LEGACY_MAGIC) return decodeLegacySegment(bytes);
  const head = decodeSegmentHead(bytes);
  const header = JSON.parse(buffer.toString('utf8', PREAMBLE, PREAMBLE + buffer.readUInt32LE(8))) as HeaderV3;
  const chunks: KnowledgeChunk[] = [];
  for (let local = 0; local < head.chunkCount; local++) {
    const [start, end] = head.recordRange!(local);
    chunks.push(chunkOfRecord(head, local, bytes.subarray(start, end)));
  }
  const vectors = vectorsOf(header, bytes);
  return { ...head, chunks, ...(vectors ? { vectors } : {}), bytes: bytes.byteLength };
}

function vectorsOf(header: HeaderV2 | HeaderV3, bytes: Uint8Array): VectorMatrix | undefined {
  const section = header.sections.vectors;
  if (!header.vectors || !section) return undefined;
  return {
    model: header.vectors.model,
    dimensions: header.vectors.dimensions,
    data: new Float32Array(bytes.buffer, bytes.byteOffset + section[0], section[1] / 4),
  };
}

/** A KIS2 segment: u32 postings, header JSON at the end. */
function decodeLegacySegment(bytes: Uint8Array): SegmentView {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerOffset = buffer.readUInt32LE(4);
  const header = JSON.parse(buffer.toString('utf8', headerOffset, headerOffset + buffer.readUInt32LE(8))) as HeaderV2;
  const { sections } = header;
  const words = ([offset, length]: Section) => new Uint32Array(bytes.buffer, bytes.byteOffset + offset, length / 4);
  const texts = buffer.toString('utf8', sections.texts[0], sections.texts[0] + sections.texts[1]);
  const textEnds = words(sections.textEnds);
  let start = 0;
  const chunks = header.chunkIds.map((id, i) => {
    const chunk = chunkOf(header.documents[header.chunkDocuments[i]!]!, id, header.headings[i], texts.slice(start, textEnds[i]));
    start = textEnds[i]!;
    return chunk;
  });
  const terms = header.termCount ? buffer.toString('utf8', sections.terms[0], sections.terms[0] + sections.terms[1]).split('\n') : [];
  if (terms.length !== header.termCount || header.keys.length !== chunks.length) throw new Error(CORRUPT);
  const postings = words(sections.postings);
  const fieldCount = header.fields;
  const vectors = vectorsOf(header, bytes);
  return {
    chunkCount: chunks.length,
    fields: header.fields,
    fieldLengths: words(sections.fieldLengths),
    terms,
    documents: header.documents,
    chunkDocuments: header.chunkDocuments,
    repeats: new Set(header.repeats ?? repeatsOf(header.keys)),
    keyAt: (local) => header.keys[local]!,
    postings(term, add) {
      let at = terms.length + 1 + postings[term]!;
      for (let f = 0; f < fieldCount; f++) {
        for (let n = postings[at++]!; n > 0; n--, at += 2) add(f, postings[at]!, postings[at + 1]!);
      }
    },
    chunks,
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
