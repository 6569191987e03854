import { describe, expect, it } from 'vitest';
import { embeddingText } from '../../../functions/core/knowledge/chunk-vectors.js';
import type { EmbeddingProvider } from '../../../functions/core/knowledge/embedding-provider.js';
import { buildKnowledgeIndex, type BuildIndexOptions, searchIndexOfBuilt } from '../../../functions/core/knowledge/index-knowledge.js';
import type { KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';
import { searchIndex, type SearchIndex } from '../../../functions/core/knowledge/search-index.js';
import { bakeryDocuments } from './small-business-documents.js';

process.env.LOG_LEVEL = 'silent';

/** A deterministic embedding model that records every text it is asked for. */
function countingProvider(model = 'fake-letters'): EmbeddingProvider & { texts: string[] } {
  const texts: string[] = [];
  return {
    model,
    texts,
    embed: async (batch) => {
      texts.push(...batch);
      return batch.map((text) => {
        const vector = new Float32Array(16);
        for (let i = 0; i < text.length; i++) vector[text.charCodeAt(i) % 16]! += 1;
        return vector;
      });
    },
  };
}

/** A provider that never answers until its signal aborts (a provider slower than the request). */
function hangingProvider(model = 'fake-letters') {
  const seen = { calls: 0, aborted: false };
  const provider: EmbeddingProvider = {
    model,
    embed: (_texts, { signal } = {}) => {
      seen.calls++;
      return new Promise((_, reject) =>
        signal?.addEventListener('abort', () => {
          seen.aborted = true;
          reject(new Error('Request aborted.'));
        }),
      );
    },
  };
  return { provider, seen };
}

const croissantNote: KnowledgeDocument = {
  id: 'entry:croissants',
  source: 'entry',
  title: 'Almond croissants',
  text: 'Our almond croissants are filled with frangipane and baked twice; they come out on Saturdays only.',
  type: 'context',
};

async function build(documents: readonly KnowledgeDocument[], options: BuildIndexOptions) {
  const built = await buildKnowledgeIndex(documents, options);
  const index = searchIndexOfBuilt(built);
  return { built, stored: index, index };
}

const rowOf = (stored: Pick<SearchIndex, 'chunks' | 'vectors'>, chunkId: string) => {
  const i = stored.chunks.findIndex((chunk) => chunk.id === chunkId);
  const { data, dimensions } = stored.vectors!;
  return Array.from(data.subarray(i * dimensions, (i + 1) * dimensions));
};

describe('vectors of a rebuilt index', () => {
  it('embeds only the chunks whose text the live index has not embedded, and keeps the others bit for bit', async () => {
    const first = countingProvider();
    const live = await build(bakeryDocuments, { embeddings: first });
    expect(first.texts).toHaveLength(live.stored.chunks.length);

    const second = countingProvider();
    const next = await build([...bakeryDocuments, croissantNote], { embeddings: second, previous: async () => live.stored });
    expect(second.texts).toEqual([embeddingText({ title: croissantNote.title, text: croissantNote.text })]);
    expect(next.built.vectors).toEqual({ reused: live.stored.chunks.length, embedded: 1, missing: 0 });
    for (const chunk of live.stored.chunks) expect(rowOf(next.stored, chunk.id)).toEqual(rowOf(live.stored, chunk.id));
    // The new chunk's vector is as a full embedding would make it.
    const fresh = await build([...bakeryDocuments, croissantNote], { embeddings: countingProvider() });
    expect(rowOf(next.stored, 'entry:croissants#0')).toEqual(rowOf(fresh.stored, 'entry:croissants#0'));
  });

  it('re-embeds a chunk whose text changed, and everything when the model changed', async () => {
    const live = await build([...bakeryDocuments, croissantNote], { embeddings: countingProvider() });
    const edited = { ...croissantNote, text: `${croissantNote.text} Pre-order them by Thursday.` };
    const provider = countingProvider();
    await build([...bakeryDocuments, edited], { embeddings: provider, previous: async () => live.stored });
    expect(provider.texts).toEqual([embeddingText({ title: edited.title, text: edited.text })]);

    const otherModel = countingProvider('fake-letters@32');
    const rebuilt = await build([...bakeryDocuments, edited], { embeddings: otherModel, previous: async () => live.stored });
    expect(otherModel.texts).toHaveLength(live.stored.chunks.length);
    expect(rebuilt.stored.vectors?.model).toBe('fake-letters@32');
  });

  it('embeds every chunk when the live index cannot be read', async () => {
    const provider = countingProvider();
    const built = await buildKnowledgeIndex(bakeryDocuments, {
      embeddings: provider,
      previous: () => Promise.reject(new Error('S3 is down')),
    });
    expect(provider.texts).toHaveLength(built.chunkCount);
    expect(built.vectors).toMatchObject({ reused: 0, missing: 0 });
  });

  it('past the deadline, publishes with the vectors it has: the new chunk is found by full text, and the next rebuild embeds just it', async () => {
    const live = await build(bakeryDocuments, { embeddings: countingProvider() });
    const late = countingProvider();
    const documents = [...bakeryDocuments, croissantNote];
    const published = await build(documents, { embeddings: late, previous: async () => live.stored, deadline: Date.now() - 1 });
    expect(late.texts).toEqual([]);
    expect(published.built.vectors).toEqual({ reused: live.stored.chunks.length, embedded: 0, missing: 1 });
    expect(rowOf(published.stored, 'entry:croissants#0').every((value) => value === 0)).toBe(true);

    // Full text finds it; by meaning it is never found (no vector), even for a query that is its own text.
    expect(searchIndex(published.index, 'almond croissants', 1)[0]?.chunkId).toBe('entry:croissants#0');
    const [queryVector] = await countingProvider().embed([embeddingText({ title: croissantNote.title, text: croissantNote.text })]);
    expect(searchIndex(published.index, 'zzz', 5, { queryVector }).map((hit) => hit.chunkId)).not.toContain('entry:croissants#0');

    const caughtUp = countingProvider();
    const next = await build(documents, { embeddings: caughtUp, previous: async () => published.stored });
    expect(caughtUp.texts).toEqual([embeddingText({ title: croissantNote.title, text: croissantNote.text })]);
    expect(next.built.vectors).toEqual({ reused: live.stored.chunks.length, embedded: 1, missing: 0 });
  });

  it('stops a provider slower than the deadline and publishes a full-text index when nothing has vectors', async () => {
    const { provider, seen } = hangingProvider();
    const { built, index } = await build(bakeryDocuments, { embeddings: provider, deadline: Date.now() + 50 });
    expect(seen).toEqual({ calls: 1, aborted: true });
    expect(index.vectors).toBeUndefined();
    expect(built.vectors).toMatchObject({ embedded: 0, missing: built.chunkCount });
    expect(searchIndex(index, 'sourdough', 1)).toHaveLength(1);
  });

  it('keeps the vectors of the calls that finished when a later one runs out of time', async () => {
    const notes = Array.from({ length: 600 }, (_, i): KnowledgeDocument => ({
      id: `entry:${i}`,
      source: 'entry',
      title: `Note ${i}`,
      text: `Order number ${i} is collected at the counter.`,
    }));
    const answered = countingProvider();
    const { provider: hanging } = hangingProvider();
    let calls = 0;
    const firstCallOnly: EmbeddingProvider = {
      model: answered.model,
      embed: (texts, options) => (++calls === 1 ? answered.embed(texts) : hanging.embed(texts, options)),
    };
    // Long enough for the first call to start on a busy machine; the second hangs until the deadline.
    const { built } = await build(notes, { embeddings: firstCallOnly, deadline: Date.now() + 1000 });
    expect(built.vectors).toEqual({ reused: 0, embedded: answered.texts.length, missing: 600 - answered.texts.length });
    expect(answered.texts.length).toBeGreaterThan(0);
    expect(answered.texts.length).toBeLessThan(600);
  });
});
