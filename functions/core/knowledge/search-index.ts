import MiniSearch, { type AsPlainObject, type Options, type Query, type SearchOptions } from 'minisearch';
import { LruCache } from '../runtime/lru-cache.js';
import { innermostHeading, type KnowledgeChunk } from './chunk.js';
import { reciprocalRankFusion } from './rank-fusion.js';
import { factTerm, factTypesAsked, factTypesStated, factWordsAsked, statesFact } from './fact-types.js';
import { impliedWordsOf, joinedHyphenatedWords, openCompoundsOf, passageImpliedWordsOf, toLegacySearchTerm, toSearchTerm, withContractionsWritten } from './search-terms.js';
import { nearTermsOf, synonymsOf } from './synonyms.js';
import { inflectionStem, isInflectedForm } from './word-forms.js';
import { withSiteWords } from './question-phrases.js';
import { loadVectors, nearestRows, storeVectors, type StoredVectors, type VectorMatrix } from './vector-matrix.js';

/**
 * One assistant's knowledge, searchable: a MiniSearch full-text index (BM25) over the chunks and,
 * when embeddings are configured, the chunks' vectors beside it for hybrid search.
 */
export type SearchIndex = {
  chunks: KnowledgeChunk[];
  text: MiniSearch<IndexedChunk>;
  vectors?: VectorMatrix;
  /** Read from a format version 1 index (terms without stemming). */
  legacyTerms?: boolean;
};

export type SearchHit = {
  chunkId: string;
  documentId: string;
  /** Whether the passage comes from the website or the owner's own knowledge. */
  source: KnowledgeChunk['source'];
  title: string;
  url?: string;
  heading?: string;
  text: string;
  score: number;
};

export type SearchIndexOptions = {
  /** The query's embedding; used when the index has vectors of the same length. */
  queryVector?: Float32Array;
  /** Chunks found only by their vector must be at least this similar (cosine) to the query. */
  minSimilarity?: number;
};

/** The stored form (JSON) of a search index. */
type StoredIndex = {
  format: typeof FORMAT;
  formatVersion: typeof FORMAT_VERSION | typeof LEGACY_FORMAT_VERSION;
  chunks: KnowledgeChunk[];
  text: AsPlainObject;
  vectors?: StoredVectors;
};

/**
 * The indexed fields of a chunk; `i` is its position in `chunks` (and its row among the vectors).
 * `facts` holds a term per kind of fact the chunk states (fact-types.ts), which questions asking for
 * that kind of fact search for.
 */
export type IndexedChunk = { i: number; title: string; heading: string; text: string; facts: string };

const FORMAT = 'knowledge-index';
/** 2: stemmed terms and fact terms. Version 1 indexes (plural folding only) are still read. */
const FORMAT_VERSION = 2;
const LEGACY_FORMAT_VERSION = 1;
/** A synonym of a question's word counts this much of the word itself. */
const SYNONYM_WEIGHT = 0.5;
/**
 * A word of the sense directly above or below a question's word in WordNet ("vet": "doctor";
 * "dog": "puppy") counts less than a synonym: it may be another thing of the same kind.
 */
const NEAR_TERM_WEIGHT = 0.25;
/**
 * In hybrid search (reciprocal rank fusion, where neighbouring ranks differ by about 2 %), a passage
 * stating the kind of fact asked for, or the owner's own knowledge, moves up a few places: enough to
 * win among passages alike in meaning, not to beat a clearly better one.
 */
const FACT_RERANK_BOOST = 1.2;
const OWNER_RERANK_BOOST = 1.1;
/** Owner knowledge (entries, documents, FAQs) outranks the website on the same topic. */
const OWNER_KNOWLEDGE_BOOST = 1.5;
export const DEFAULT_MIN_SIMILARITY = 0.25;
/** Queries are questions: beyond this many distinct words they only cost time. */
const MAX_QUERY_WORDS = 64;
const MAX_QUERY_CHARS = 2_000;

const miniSearchTokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
const defaultTokenize = (text: string) => miniSearchTokenize(withContractionsWritten(text));

const searchOptions: SearchOptions = {
  // A chunk's heading path names what it is about; a site's page titles are much alike.
  boost: { title: 1, heading: 2, text: 1, facts: 2 },
  combineWith: 'OR',
  // "open" finds "opening", "deliver" finds "delivery"; short terms would match too much.
  prefix: (term) => term.length >= 4,
  // One typo in a word of 6-9 letters, two from 10 letters.
  fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
  maxFuzzy: 2,
  tokenize: (text) => [...new Set(defaultTokenize(text.slice(0, MAX_QUERY_CHARS)))].slice(0, MAX_QUERY_WORDS),
};

/** Options must be the same when building and loading: MiniSearch does not store them. */
export const miniSearchOptions: Options<IndexedChunk> = {
  idField: 'i',
  fields: ['title', 'heading', 'text', 'facts'],
  storeFields: [],
  // Passages are indexed with their hyphenated words also written as one ("bi-weekly": "biweekly").
  tokenize: (text) => [...defaultTokenize(text), ...passageImpliedWordsOf(text)],
  processTerm: toSearchTerm,
  searchOptions,
};
const legacyMiniSearchOptions: Options<IndexedChunk> = {
  ...miniSearchOptions,
  fields: ['title', 'heading', 'text'],
  processTerm: toLegacySearchTerm,
  searchOptions: { ...searchOptions, processTerm: toLegacySearchTerm },
};

export function buildSearchIndex(chunks: readonly KnowledgeChunk[], vectors?: VectorMatrix): SearchIndex {
  if (vectors && vectors.data.length !== chunks.length * vectors.dimensions) {
    throw new Error(`Vectors for ${vectors.data.length / (vectors.dimensions || 1)} chunks, expected ${chunks.length}`);
  }
  const text = new MiniSearch<IndexedChunk>(miniSearchOptions);
  text.addAll(
    chunks.map((chunk, i) => ({
      i,
      title: chunk.title,
      heading: chunk.heading ?? '',
      text: chunk.text,
      facts: factTypesStated(chunk.text, innermostHeading(chunk.heading)).map(factTerm).join(' '),
    })),
  );
  return { chunks: [...chunks], text, ...(vectors ? { vectors } : {}) };
}

export function serializeIndex(index: SearchIndex): string {
  const stored: StoredIndex = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    chunks: index.chunks,
    text: index.text.toJSON(),
    ...(index.vectors ? { vectors: storeVectors(index.vectors) } : {}),
  };
  return JSON.stringify(stored);
}

function parseStoredIndex(json: string): StoredIndex {
  const stored = JSON.parse(json) as Partial<StoredIndex>;
  const readable = stored.formatVersion === FORMAT_VERSION || stored.formatVersion === LEGACY_FORMAT_VERSION;
  if (stored.format !== FORMAT || !readable || !stored.chunks || !stored.text) {
    throw new Error(`Not a ${FORMAT} version ${FORMAT_VERSION}`);
  }
  return stored as StoredIndex;
}

export function loadIndexFromJson(json: string): SearchIndex {
  const stored = parseStoredIndex(json);
  return {
    chunks: stored.chunks,
    text: MiniSearch.loadJS<IndexedChunk>(stored.text, stored.formatVersion === FORMAT_VERSION ? miniSearchOptions : legacyMiniSearchOptions),
    ...(stored.formatVersion === FORMAT_VERSION ? {} : { legacyTerms: true }),
    ...(stored.vectors ? { vectors: loadVectors(stored.vectors, stored.chunks.length) } : {}),
  };
}

/** Just the chunks and vectors of a stored index (what a rebuild reuses), without loading its full-text index. */
export function loadChunkVectorsFromJson(json: string): Pick<SearchIndex, 'chunks' | 'vectors'> {
  const stored = parseStoredIndex(json);
  return {
    chunks: stored.chunks,
    ...(stored.vectors ? { vectors: loadVectors(stored.vectors, stored.chunks.length) } : {}),
  };
}

/**
 * The `k` best chunks for `query`, best first. Full-text (BM25) alone, or, given a query vector and an
 * index with vectors, the full-text and vector rankings combined by reciprocal rank fusion: chunks
 * found by both rank first, and a chunk can be found by meaning alone ("when can I come by?" finds
 * the opening hours). An empty or unmatched query gives [].
 */
export function searchIndex(index: SearchIndex, query: string, k = 5, options: SearchIndexOptions = {}): SearchHit[] {
  if (k <= 0 || !query.trim() || index.chunks.length === 0) return [];
  const textResults = textRanking(index.text, query, Boolean(index.legacyTerms), (position) => index.chunks[position]?.source);
  const queryVector = options.queryVector;
  const vectors = index.vectors;

  if (!queryVector || !vectors || queryVector.length !== vectors.dimensions) {
    return textResults.slice(0, k).map((result) => toHit(index, result.id, result.score));
  }

  const candidates = Math.max(50, k * 10);
  const textOrder = textResults.slice(0, candidates).map((result) => result.id);
  const vectorRanking = nearestRows(vectors, queryVector, candidates, options.minSimilarity ?? DEFAULT_MIN_SIMILARITY).map(
    (nearest) => nearest.row,
  );
  const fused = reciprocalRankFusion([textOrder, vectorRanking]);
  // Rerank: among passages alike in meaning, those stating the kind of fact asked for, and the owner's
  // own knowledge, come first.
  const asked = factTypesAsked(query);
  const reranked = [...fused].map(([row, score]): [number, number] => {
    const chunk = index.chunks[row]!;
    const statesAsked = asked.some((type) => statesFact(chunk.text, type));
    return [row, score * (statesAsked ? FACT_RERANK_BOOST : 1) * (chunk.source === 'entry' ? OWNER_RERANK_BOOST : 1)];
  });
  return reranked
    .sort(([rowA, scoreA], [rowB, scoreB]) => scoreB - scoreA || rowA - rowB)
    .slice(0, k)
    .map(([row, score]) => toHit(index, row, score));
}

/**
 * The question in the site's words (question-phrases.ts), plus the fact terms of the kinds of fact it asks for (a price, the hours: passages
 * stating one match) and, weighing less, the synonyms of its words ("customers" finds "clients") and,
 * less still, the words WordNet puts directly above or below them ("vet" finds "doctor").
 */
/** The last questions' search queries: a warm function is asked the same question by each search of a turn. */
const expandedQueries = new LruCache<string, Query>(16);

/**
 * Works out the question's search query ahead of the search: a cold function does it while its index
 * is on the way (the first use of the question rules compiles their expressions and reads the related
 * words, tens of milliseconds that would otherwise follow the index's arrival).
 */
export function prepareQuestion(query: string): void {
  expandedQuery(query, false);
}

function expandedQuery(query: string, legacyTerms: boolean): Query {
  if (legacyTerms) return query;
  let expanded = expandedQueries.get(query);
  if (expanded === undefined) expandedQueries.set(query, (expanded = expandedOf(query)));
  return expanded;
}

function expandedOf(query: string): Query {
  // Everyday phrases are searched as the site's word for them ("every two weeks": "biweekly").
  const text = withSiteWords(query.slice(0, MAX_QUERY_CHARS));
  const terms = defaultTokenize(text).slice(0, MAX_QUERY_WORDS).map(toSearchTerm);
  const own = new Set(terms);
  const synonyms = [...new Set(terms.flatMap((term) => (term ? synonymsOf(term) : [])))].filter((term) => !own.has(term));
  const said = new Set([...own, ...synonyms]);
  const near = [...new Set(terms.flatMap((term) => (term ? nearTermsOf(term) : [])))].filter((term) => !said.has(term));
  // The words the question implies ("no-show": "noshow"), as passages are indexed with theirs.
  const queries: Query[] = [[text, ...impliedWordsOf(text)].join(' ')];
  // A passage stating the kind of fact asked for answers every word that asks for it ("What *number*
  // do I *call*": a phone number), so its fact term weighs as much as those words together.
  const askedWords = [...factWordsAsked(text)].map(([type, words]): [string, number] => [
    toSearchTerm(factTerm(type))!,
    Math.max(1, [...words].filter((word) => toSearchTerm(word)).length),
  ]);
  if (askedWords.length) {
    const weights = new Map(askedWords);
    queries.push({ queries: [...weights.keys()], boostTerm: (term: string) => weights.get(term) ?? 1, processTerm: (t: string) => t, prefix: false, fuzzy: false });
  }
  // Synonyms are search terms already: not stemmed again, matched whole.
  if (synonyms.length) queries.push({ queries: synonyms, boostTerm: () => SYNONYM_WEIGHT, processTerm: (t: string) => t, prefix: false, fuzzy: false });
  if (near.length) queries.push({ queries: near, boostTerm: () => NEAR_TERM_WEIGHT, processTerm: (t: string) => t, prefix: false, fuzzy: false });
  return queries.length === 1 ? queries[0]! : { combineWith: 'OR', queries };
}

/**
 * The full-text ranking of chunk positions for `query`, best first: what `searchIndex` ranks by when
 * there are no vectors. `sourceOf` says where a chunk comes from (owner knowledge ranks higher).
 */
export function textRanking(
  text: MiniSearch<IndexedChunk>,
  query: string,
  legacyTerms: boolean,
  sourceOf: (position: number) => KnowledgeChunk['source'] | undefined,
): { id: number; score: number }[] {
  // Ids are chunk positions (idField 'i'); the results are not copied, a search may match thousands.
  return text.search(expandedQuery(query, legacyTerms), {
    boostDocument: (id) => (sourceOf(id as number) === 'entry' ? OWNER_KNOWLEDGE_BOOST : 1),
  }) as { id: number; score: number }[];
}

function toHit(index: SearchIndex, position: number, score: number): SearchHit {
  return hitOf(index.chunks[position]!, score);
}

export function hitOf(chunk: KnowledgeChunk, score: number): SearchHit {
  return {
    chunkId: chunk.id,
    documentId: chunk.documentId,
    source: chunk.source,
    title: chunk.title,
    ...(chunk.url ? { url: chunk.url } : {}),
    ...(chunk.heading ? { heading: chunk.heading } : {}),
    text: chunk.text,
    score,
  };
}

/**
 * How many passages say another form of `term` when none says it (Polish "telefonu": "Telefon"):
 * the word is known, in another case (word-forms.ts).
 */
function inflectedFrequency(text: MiniSearch<IndexedChunk>, term: string): number {
  const stem = inflectionStem(term);
  if (!stem) return 0;
  const found = text.search(stem, { prefix: true, fuzzy: false, processTerm: (t) => t, boostDocument: undefined });
  return found.filter((result) => result.terms.some((said) => isInflectedForm(said, term))).length;
}

/**
 * How telling each of a question's terms is in this index (BM25's inverse document frequency): a word
 * few passages use ("upholstery") says more about what is asked than one most passages use
 * ("cleaning" on a cleaning company's site). A term no passage uses weighs Infinity: it names something
 * the knowledge does not know.
 */
export function questionTermWeights(
  index: Pick<SearchIndex, 'text' | 'legacyTerms'> & { chunks: { readonly length: number } },
  question: string,
): Map<string, number> {
  const weights = new Map<string, number>();
  const total = index.chunks.length;
  // An index of the old format has other terms: every term weighs the same there.
  if (index.legacyTerms) return weights;
  const text = withSiteWords(question.slice(0, MAX_QUERY_CHARS));
  // A hyphenated word written as one ("check-out": "checkout") is weighed too: the answer step reads it
  // as a word of its own, which the knowledge may never use though it uses its parts.
  for (const token of [...defaultTokenize(text).slice(0, MAX_QUERY_WORDS), ...joinedHyphenatedWords(text, true)]) {
    const term = toSearchTerm(token);
    if (!term || weights.has(term)) continue;
    const frequency = index.text.search(term, { prefix: false, fuzzy: false, processTerm: (t) => t, boostDocument: undefined }).length || inflectedFrequency(index.text, term);
    weights.set(term, frequency ? Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5)) : Number.POSITIVE_INFINITY);
  }
  // Two of its words written as one ("blow dry": "Blowdry"), weighed only where the knowledge uses them:
  // the answer step reads such a word as saying both (see openCompoundsOf).
  for (const { joined } of openCompoundsOf(text).slice(0, MAX_QUERY_WORDS)) {
    const term = toSearchTerm(joined);
    if (!term || weights.has(term)) continue;
    const frequency = index.text.search(term, { prefix: false, fuzzy: false, processTerm: (t) => t, boostDocument: undefined }).length;
    if (frequency) weights.set(term, Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5)));
  }
  return weights;
}
