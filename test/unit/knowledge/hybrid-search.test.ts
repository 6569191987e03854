import { beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddingProvider } from '../../../functions/core/knowledge/embedding-provider.js';
import { buildKnowledgeIndex, searchIndexOfBuilt } from '../../../functions/core/knowledge/index-knowledge.js';
import { reciprocalRankFusion, RRF_K } from '../../../functions/core/knowledge/rank-fusion.js';
import { buildSearchIndex, loadIndexFromJson, searchIndex, serializeIndex, type SearchIndex } from '../../../functions/core/knowledge/search-index.js';
import { nearestRows, toVectorMatrix } from '../../../functions/core/knowledge/vector-matrix.js';
import { bakeryDocuments } from './small-business-documents.js';

process.env.LOG_LEVEL = 'silent';

/**
 * A fake embedding model that understands a few concepts: a text's vector counts its words per
 * concept, so "When can I drop by?" is close to the opening hours without sharing a word with them.
 */
const concepts: Record<string, string[]> = {
  schedule: ['open', 'opening', 'closed', 'monday', 'friday', 'saturday', 'sunday', 'when', 'am', 'pm', 'drop'],
  place: ['address', 'parking', 'park', 'car', 'where'],
  food: ['bread', 'loaf', 'loaves', 'sourdough', 'pastries', 'cakes', 'croissants', 'focaccia', 'rye'],
  delivery: ['deliver', 'delivery', 'bike', 'miles'],
  jobs: ['positions', 'baker', 'wage', 'cv', 'jobs', 'work'],
  money: ['pay', 'cash', 'cards', 'payment', 'deposit', 'costs'],
  dietary: ['gluten', 'vegan', 'allergens', 'wheat', 'nuts', 'coeliac'],
};

class ConceptEmbeddings implements EmbeddingProvider {
  readonly model = 'fake-concepts';
  readonly calls: string[][] = [];
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.calls.push([...texts]);
    return texts.map((text) => {
      const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
      return Float32Array.from(Object.values(concepts).map((list) => words.filter((word) => list.includes(word)).length));
    });
  }
}

describe('hybrid search (full text + vectors, reciprocal rank fusion)', () => {
  const embeddings = new ConceptEmbeddings();
  let index: SearchIndex;
  const vectorOf = async (query: string) => (await embeddings.embed([query]))[0]!;
  const textOnly = (query: string) => searchIndex(index, query, 5);
  const hybrid = async (query: string) => searchIndex(index, query, 5, { queryVector: await vectorOf(query) });
  /** The id of the chunk under this heading path. */
  const chunkUnder = (heading: string) => index.chunks.find((chunk) => chunk.heading === heading)!.id;

  beforeAll(async () => {
    const built = await buildKnowledgeIndex(bakeryDocuments, { embeddings });
    index = searchIndexOfBuilt(built);
  });

  it('embeds every chunk once, with its title and heading, in one call and in chunk order', () => {
    expect(embeddings.calls).toHaveLength(1);
    expect(embeddings.calls[0]).toHaveLength(index.chunks.length);
    const hours = index.chunks.findIndex((chunk) => chunk.heading === 'Visit us > Opening hours');
    expect(embeddings.calls[0]![hours]).toBe(`Visit us | Rosie's Bakery\n\nVisit us > Opening hours\n\n${index.chunks[hours]!.text}`);
    expect(index.vectors).toMatchObject({ model: 'fake-concepts', dimensions: Object.keys(concepts).length });
  });

  it('finds a chunk by meaning when no word matches', async () => {
    expect(textOnly('When can I drop by?')).toEqual([]);
    const [best] = await hybrid('When can I drop by?');
    expect(best).toMatchObject({ chunkId: chunkUnder('Visit us > Opening hours'), heading: 'Visit us > Opening hours' });
  });

  it("ranks the owner's own knowledge first, then the pages both rankings agree on", async () => {
    const hits = await hybrid('bread');
    expect(hits[0]?.chunkId).toBe('entry-gluten-free#0');
    expect(hits[1]?.documentId).toBe('https://rosies-bakery.example/');
    expect(hits.map((hit) => hit.score)).toEqual([...hits.map((hit) => hit.score)].sort((a, b) => b - a));
  });

  it('gives a chunk found first by both rankings the highest possible fused score', async () => {
    const [best] = await hybrid('where can I park my car');
    expect(best?.chunkId).toBe(chunkUnder('Visit us > Address and parking'));
    // First in both rankings (and stating the address asked for): no chunk can score higher.
    expect(best?.score).toBeGreaterThanOrEqual(2 / (RRF_K + 1));
  });

  it('returns [] when neither the words nor the meaning match', async () => {
    expect(await hybrid('xylophone quasar')).toEqual([]);
    expect(await hybrid('')).toEqual([]);
  });

  it('searches full text only with a query vector of another length', () => {
    expect(searchIndex(index, 'bread', 5, { queryVector: new Float32Array(3) })).toEqual(textOnly('bread'));
  });

  it('keeps the vectors through the earlier one-object format too', async () => {
    const loaded = loadIndexFromJson(serializeIndex(buildSearchIndex(index.chunks, index.vectors)));
    expect(loaded.vectors?.data).toEqual(index.vectors?.data);
    for (const query of ['bread', 'When can I drop by?', 'opening times']) {
      const queryVector = await vectorOf(query);
      expect(searchIndex(loaded, query, 5, { queryVector })).toEqual(searchIndex(index, query, 5, { queryVector }));
    }
  });

  it('indexes full text only when the embedding provider fails', async () => {
    const failing: EmbeddingProvider = { model: 'down', embed: () => Promise.reject(new Error('503')) };
    const built = await buildKnowledgeIndex(bakeryDocuments, { embeddings: failing });
    const loaded = searchIndexOfBuilt(built);
    expect(loaded.vectors).toBeUndefined();
    expect(searchIndex(loaded, 'opening hours')[0]?.heading).toBe('Visit us > Opening hours');
  });
});

describe('reciprocalRankFusion', () => {
  it('sums 1 / (k + rank) over the rankings an item appears in', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['b', 'd'],
    ]);
    expect(fused.get('a')).toBeCloseTo(1 / 61);
    expect(fused.get('b')).toBeCloseTo(1 / 62 + 1 / 61);
    expect(fused.get('c')).toBeCloseTo(1 / 63);
    expect(fused.get('d')).toBeCloseTo(1 / 62);
  });
});

describe('nearestRows', () => {
  const matrix = toVectorMatrix('m', [
    Float32Array.of(1, 0),
    Float32Array.of(0, 2),
    Float32Array.of(3, 3),
    Float32Array.of(-1, 0),
    Float32Array.of(4, 0.1), // a fifth row: scored outside the four-row passes
  ]);

  it('ranks rows by cosine similarity, above the minimum, at most the limit', () => {
    const nearest = nearestRows(matrix, Float32Array.of(5, 0), 10, 0.1);
    expect(nearest.map((n) => n.row)).toEqual([0, 4, 2]);
    expect(nearest[0]!.similarity).toBeCloseTo(1);
    expect(nearest[2]!.similarity).toBeCloseTo(Math.SQRT1_2);
    expect(nearestRows(matrix, Float32Array.of(1, 1), 2, -1).map((n) => n.row)).toEqual([2, 4]);
    expect(nearestRows(matrix, Float32Array.of(1, 1, 1), 2, -1)).toEqual([]);
  });

  it('refuses vectors of different lengths', () => {
    expect(() => toVectorMatrix('m', [Float32Array.of(1, 0), Float32Array.of(1)])).toThrow(/dimensions/);
  });
});
