import { describe, expect, it } from 'vitest';
import { chunkDocuments, innermostHeading } from '../../../functions/core/knowledge/chunk.js';
import { buildKnowledgeIndex, searchIndexOfBuilt } from '../../../functions/core/knowledge/index-knowledge.js';
import {
  buildSearchIndex,
  loadIndexFromJson,
  searchIndex,
  serializeIndex,
} from '../../../functions/core/knowledge/search-index.js';
import { bakeryDocuments } from './small-business-documents.js';

const index = buildSearchIndex(chunkDocuments(bakeryDocuments));
const top = (query: string, k = 5) => searchIndex(index, query, k);
/** The innermost heading of the best passage (a passage's heading is the path of headings it sits under). */
const firstHeading = (query: string) => innermostHeading(top(query)[0]?.heading);

describe('searchIndex over a small business website', () => {
  it('finds the opening hours first when asked about opening hours', () => {
    const [best] = top('What are your opening hours?');
    expect(best).toMatchObject({
      chunkId: 'https://rosies-bakery.example/visit#0',
      documentId: 'https://rosies-bakery.example/visit',
      title: "Visit us | Rosie's Bakery",
      url: 'https://rosies-bakery.example/visit',
      heading: 'Visit us > Opening hours',
    });
    expect(best!.text).toContain('Sunday: 8:00 am to 2:00 pm');
    expect(firstHeading('When are you open on Sunday?')).toBe('Opening hours');
    expect(firstHeading('are you OPEN on bank holidays')).toBe('Opening hours');
  });

  it('ranks the page or entry that answers other typical questions first', () => {
    expect(firstHeading('Do you deliver on Sundays?')).toBe('Local delivery');
    expect(top('How far in advance should I order a wedding cake?')[0]?.heading).toBe('Catering > How to order');
    expect(top('Is there anything gluten-free?')[0]?.chunkId).toBe('entry-gluten-free#0');
    expect(top('Can I pay with Apple Pay?')[0]?.chunkId).toBe('entry-payment#0');
    expect(top('are you hiring? any jobs')[0]?.documentId).toBe('https://rosies-bakery.example/careers');
  });

  it('matches word beginnings and small typos in longer words', () => {
    expect(firstHeading('allerg')).toBe('Allergens'); // a word beginning
    expect(top('sourdouhg')[0]?.documentId).toBe('https://rosies-bakery.example/'); // letters swapped
    expect(firstHeading('crossaints')).toBe('Pastries and cakes');
  });

  it('finds singular and plural forms of a word alike', () => {
    expect(firstHeading('deliveries')).toBe('Local delivery');
    expect(firstHeading('boxes')).toBe('Catering');
    expect(firstHeading('a box of pastries')).toBe('Catering');
    expect(firstHeading('cakes')).toBe(firstHeading('cake'));
  });

  it('returns hits best first, at most k, with scores', () => {
    const hits = top('bread', 3);
    expect(hits).toHaveLength(3);
    expect(hits.map((hit) => hit.score)).toEqual([...hits.map((hit) => hit.score)].sort((a, b) => b - a));
    expect(hits.every((hit) => hit.score > 0)).toBe(true);
    expect(top('bread', 1)).toEqual(hits.slice(0, 1));
  });

  it('returns [] for empty, stop-word-only and unmatched queries', () => {
    expect(top('')).toEqual([]);
    expect(top('   ')).toEqual([]);
    expect(top('what is the')).toEqual([]);
    expect(top('?! | £ -')).toEqual([]);
    expect(top('xylophone quasar')).toEqual([]);
    expect(top('bread', 0)).toEqual([]);
    expect(searchIndex(buildSearchIndex([]), 'bread')).toEqual([]);
  });
});

describe('serializeIndex / loadIndexFromJson', () => {
  const queries = ['What are your opening hours?', 'parking near the shop', 'vegan', 'delivery cost', 'sourdouhg', 'xyz'];

  it('gives identical results after a round trip', () => {
    const loaded = loadIndexFromJson(serializeIndex(index));
    for (const query of queries) expect(searchIndex(loaded, query, 5)).toEqual(searchIndex(index, query, 5));
  });

  it('stores what buildKnowledgeIndex built, full text only without embeddings', async () => {
    const built = await buildKnowledgeIndex(bakeryDocuments, { embeddings: null });
    expect(built.chunkCount).toBe(index.chunks.length);
    const loaded = searchIndexOfBuilt(built);
    expect(loaded.vectors).toBeUndefined();
    for (const query of queries) expect(searchIndex(loaded, query)).toEqual(searchIndex(index, query));
  });

  it('refuses JSON that is not a knowledge index', () => {
    expect(() => loadIndexFromJson('{"documentCount":0}')).toThrow(/Not a knowledge-index/);
    expect(() => loadIndexFromJson('not json')).toThrow();
  });
});
