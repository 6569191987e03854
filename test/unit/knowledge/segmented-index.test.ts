import SearchableMap from 'minisearch/SearchableMap';
import { describe, expect, it } from 'vitest';
import { chunkDocument, chunkDocuments } from '../../../functions/core/knowledge/chunk.js';
import type { IndexManifest, ManifestDocument } from '../../../functions/core/knowledge/index-manifest.js';
import { chunkOfRecord, decodeSegment, decodeSegmentHead, encodeSegment, segmentHeadLength } from '../../../functions/core/knowledge/index-segment.js';
import type { KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';
import { buildSearchIndex, hitOf, questionTermWeights, searchIndex, textRanking } from '../../../functions/core/knowledge/search-index.js';
import { assembleIndex, assembleText, sortedSearchableMap } from '../../../functions/core/knowledge/segmented-index.js';

// Sorted by UTF-16 code units, as segments store their vocabulary (the tree's builder relies on it).
const words = ['a', 'ab', 'abc', 'abd', 'about', 'above', 'b', 'ba', 'bake', 'baked', 'bakery', 'baking', 'bread', 'breads', 'café', 'cake', 'cakes', 'zz'];

describe('the vocabulary tree filled as searches walk it', () => {
  const inserted = new SearchableMap<number>();
  words.forEach((word, i) => inserted.set(word, i));
  const lazy = () => sortedSearchableMap(words, (i) => i);

  it('holds what inserting the terms one by one holds, in the same order', () => {
    expect([...lazy().entries()]).toEqual([...inserted.entries()]);
  });

  it('finds the same exact, prefix and fuzzy matches, in the same order, from a fresh tree each time', () => {
    expect(lazy().get('baked')).toBe(inserted.get('baked'));
    expect(lazy().has('bak')).toBe(false);
    expect([...lazy().atPrefix('bak').entries()]).toEqual([...inserted.atPrefix('bak').entries()]);
    expect([...lazy().fuzzyGet('bakes', 2).entries()]).toEqual([...inserted.fuzzyGet('bakes', 2).entries()]);
    expect([...lazy().fuzzyGet('cafe', 1).entries()]).toEqual([...inserted.fuzzyGet('cafe', 1).entries()]);
  });

  it('finds the fuzzy matches of a large vocabulary that walking the tree finds, with their distances, in the same order', () => {
    // Words of a few letters, so that many are within one or two edits of each other.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const letters = 'abcdeé';
    const word = (length: number) => Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('');
    const vocabulary = [...new Set(Array.from({ length: 3000 }, () => word(1 + Math.floor(random() * 9))))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const walked = new SearchableMap<number>();
    vocabulary.forEach((term, i) => walked.set(term, i));
    const sorted = sortedSearchableMap(vocabulary, (i) => i);
    const long = 'abcdeabcdeabcdeabcdeabcdeabcdeabcde';
    for (const query of [...Array.from({ length: 40 }, () => word(1 + Math.floor(random() * 10))), long, '']) {
      for (const distance of [1, 2, 3]) {
        const found = [...sorted.fuzzyGet(query, distance).entries()];
        expect(found).toEqual([...walked.fuzzyGet(query, distance).entries()]);
      }
    }
    expect([...sorted.fuzzyGet('abcd', 2).keys()].length).toBeGreaterThan(10);
  });
});

describe('an index assembled from segments', () => {
  const repeated = 'Gift cards are sold at the counter and online, in any amount from ten pounds.';
  const documents: KnowledgeDocument[] = [
    { id: 'https://bakery.example/', source: 'page', title: 'Home', url: 'https://bakery.example/', text: `## Bread\n\nWe bake sourdough bread every morning.\n\n## Gift cards\n\n${repeated}` },
    { id: 'https://bakery.example/cakes', source: 'page', title: 'Cakes', url: 'https://bakery.example/cakes', text: `## Cakes\n\nBirthday cakes take three days to order.\n\n## Gift cards\n\n${repeated}` },
    { id: 'https://bakery.example/hours', source: 'page', title: 'Hours', url: 'https://bakery.example/hours', text: 'Open Tuesday to Sunday from 8 am to 4 pm.' },
  ];
  const perDocument = documents.map(chunkDocument);
  const manifestOf = (segmentOf: (d: number) => number, firstOf: (d: number) => number, segments: number): IndexManifest => ({
    format: 'knowledge-index-manifest',
    formatVersion: 3,
    pipeline: 'test',
    segments: Array.from({ length: segments }, (_, i) => ({ id: `20260101T00000000${i}Z-00000000`, chunks: 0 })),
    documents: perDocument.map((chunks, d): ManifestDocument => ({ id: documents[d]!.id, hash: '', segment: segmentOf(d), first: firstOf(d), count: chunks.length })),
  });
  const questions = ['Do you sell gift cards?', 'How long does a birthday cake take?', 'When are you open?', 'sourdough'];

  it('keeps a passage repeated across documents once, where it first appears, whether in one segment or two', () => {
    const whole = decodeSegment(encodeSegment(perDocument.flat()));
    const starts = perDocument.map((_, d) => perDocument.slice(0, d).reduce((n, chunks) => n + chunks.length, 0));
    const one = assembleIndex(manifestOf(() => 0, (d) => starts[d]!, 1), [whole]);
    // The first document alone in one segment, the others in another: passages are checked by key.
    const first = decodeSegment(encodeSegment(perDocument[0]!));
    const rest = decodeSegment(encodeSegment(perDocument.slice(1).flat()));
    const two = assembleIndex(manifestOf((d) => (d === 0 ? 0 : 1), (d) => (d === 0 ? 0 : starts[d]! - starts[1]!), 2), [first, rest]);
    const fresh = buildSearchIndex(chunkDocuments(documents));

    expect(one.chunks.map((chunk) => chunk.id)).toEqual(fresh.chunks.map((chunk) => chunk.id));
    expect(two.chunks.map((chunk) => chunk.id)).toEqual(fresh.chunks.map((chunk) => chunk.id));
    expect(perDocument.flat().filter((chunk) => chunk.text.includes('Gift cards'))).toHaveLength(2);
    expect(one.chunks.filter((chunk) => chunk.text.includes('Gift cards'))).toHaveLength(1);
    for (const question of questions) {
      expect(searchIndex(one, question, 5)).toEqual(searchIndex(fresh, question, 5));
      expect(searchIndex(two, question, 5)).toEqual(searchIndex(fresh, question, 5));
    }
  });

  it('searched from the head of its segment alone, ranks and answers as the whole index', () => {
    const bytes = encodeSegment(perDocument.flat());
    const whole = decodeSegment(bytes);
    expect(whole.chunks).toEqual(perDocument.flat());
    const headBytes = segmentHeadLength(bytes);
    expect(headBytes).toBeLessThan(bytes.byteLength);
    // The head is all a search reads; the records after it are the passages' texts.
    const head = decodeSegmentHead(bytes.slice(0, headBytes));
    expect(() => decodeSegmentHead(bytes.slice(0, headBytes - 1))).toThrow(/Corrupt/);
    const starts = perDocument.map((_, d) => perDocument.slice(0, d).reduce((n, chunks) => n + chunks.length, 0));
    const manifest = manifestOf(() => 0, (d) => starts[d]!, 1);
    const index = assembleIndex(manifest, [whole]);
    const text = assembleText(manifest, [head]);
    expect(text.count).toBe(index.chunks.length);
    const sourceOf = (position: number) => head.documents[head.chunkDocuments[text.localOf[position]!]!]!.source;
    for (const question of questions) {
      const hits = textRanking(text.text, question, false, sourceOf)
        .slice(0, 5)
        .map(({ id, score }) => {
          const [start, end] = head.recordRange!(text.localOf[id]!);
          return hitOf(chunkOfRecord(head, text.localOf[id]!, bytes.subarray(start, end)), score);
        });
      expect(hits.length).toBeGreaterThan(0);
      expect(hits).toEqual(searchIndex(index, question, 5));
      expect(questionTermWeights({ text: text.text, chunks: { length: text.count } }, question)).toEqual(questionTermWeights(index, question));
    }
  });
});
