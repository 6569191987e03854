import { statesAmount } from './currency-amounts.js';
import type { KnowledgeDocument } from './knowledge-document.js';

/** A searchable passage of a document; it carries what an answer needs to cite its source. */
export type KnowledgeChunk = {
  /** `{documentId}#{ordinal}`: the same document text always gives the same ids. */
  id: string;
  documentId: string;
  source: KnowledgeDocument['source'];
  title: string;
  url?: string;
  /** The headings the chunk sits under, outermost first, joined by HEADING_PATH_SEPARATOR. */
  heading?: string;
  text: string;
  type?: string;
};

/** A section longer than this is cut at paragraph (then sentence) ends. */
export const CHUNK_MAX_WORDS = 250;
/** Without headings (documents, plain entries) paragraphs are packed into chunks of at least this many words. */
export const CHUNK_MIN_WORDS = 150;
export const HEADING_PATH_SEPARATOR = ' > ';
/** Headings with nothing under them are kept as a list of their parent's when at least this many are in a row. */
const MIN_LISTED_HEADINGS = 2;

type Block = { kind: 'heading'; level: number; text: string } | { kind: 'paragraph'; text: string; words: number };

/** Markdown ATX headings, as the crawler writes them (`## Opening hours`). */
const headingLine = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
// Made on first use: creating a segmenter loads ICU data, about 15 ms of a cold start that a chat never needs.
let segmenter: Intl.Segmenter | undefined;
const sentencesOf = (text: string) => (segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' })).segment(text);

export function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** The innermost heading of a chunk's heading path. */
export const innermostHeading = (path: string | undefined) => path?.split(HEADING_PATH_SEPARATOR).at(-1);

/**
 * Cuts a document into answer units: each heading's own body (the text up to the next heading of any
 * level) is a chunk, labelled with the path of headings it sits under, so a price card, a team
 * member, an FAQ question with its answer or a contact block is one passage whose headings say what
 * it is about. Text without headings is packed into chunks of 150-250 words at paragraph ends.
 * Several headings in a row with nothing under them (a row of service titles, a tab strip) are a
 * list in their parent section's passage rather than lost: "Move-in/out Cleaning" is an offer even
 * without a description.
 */
export function chunkDocument(document: KnowledgeDocument): KnowledgeChunk[] {
  const chunks: KnowledgeChunk[] = [];
  /** The open headings; `empty` until text or a subheading comes under one. */
  const path: { level: number; text: string; empty: boolean }[] = [];
  /** The last chunk of each heading path: where a bodyless subheading is listed. */
  const lastChunkOf = new Map<string, KnowledgeChunk>();
  let parts: string[] = [];
  let words = 0;

  const pathText = (headings: readonly { text: string }[]) => headings.map((h) => h.text).join(HEADING_PATH_SEPARATOR);
  const newChunk = (heading: string, text: string) => {
    const chunk = chunkOf(document, `${document.id}#${chunks.length}`, heading, text);
    chunks.push(chunk);
    lastChunkOf.set(heading, chunk);
  };
  const flush = () => {
    if (words > 0) newChunk(pathText(path), parts.join('\n\n'));
    parts = [];
    words = 0;
  };
  /** Consecutive sibling headings with nothing under them, and the path of their parent. */
  let run: { parent: string; items: string[] } = { parent: '', items: [] };
  /**
   * A run of several is a list of its parent's (one alone heads a widget: a form, a map, unless it
   * states a value itself: "Fax: 07 4567 9999"); it goes under the parent's text.
   */
  const endRun = () => {
    if (run.items.length >= MIN_LISTED_HEADINGS || (run.items.length === 1 && statesLabelledValue(run.items[0]!))) {
      const list = run.items.map((item) => `- ${item}`).join('\n');
      const parent = lastChunkOf.get(run.parent);
      if (parent) parent.text = `${parent.text}\n\n${list}`;
      else newChunk(run.parent, list);
    }
    run = { parent: '', items: [] };
  };
  // Top-level headings with nothing under them are the page's own list (contact lines styled as headings).
  const closeHeading = () => {
    const closed = path.pop()!;
    if (!closed.empty) return endRun();
    const parent = pathText(path);
    if (run.parent !== parent) endRun();
    run = { parent, items: [...run.items, closed.text] };
  };

  for (const block of toBlocks(document.text)) {
    if (block.kind === 'heading') {
      flush();
      const open = path.at(-1);
      // A card's title as a small heading, then its figure as a bigger one ("#### DELUXE WASH" then
      // "## Ksh.4500"): one heading, which the figure's higher level would otherwise close and lose.
      // The same at the same level: a price list's row of a name and its price, both headings ("###
      // HAIRCUT AND WASH" then "### $40.00"), would leave the row's text under the price alone. Only
      // an amount there: a sibling "### Step 1" or "### 2015" is a section of its own.
      const row = open?.level === block.level && statesAmount(block.text) && !isFigureHeading(open.text);
      if (open?.empty && isFigureHeading(block.text) && (open.level > block.level || row)) {
        path.pop();
        block.text = `${open.text}: ${block.text}`;
      }
      while (path.length && path.at(-1)!.level >= block.level) closeHeading();
      if (path.length) path.at(-1)!.empty = false;
      path.push({ level: block.level, text: block.text, empty: true });
      continue;
    }
    if (path.length) path.at(-1)!.empty = false;
    endRun();
    // Under a heading a section is its own unit; without one, paragraphs are packed to a useful size.
    const target = path.length ? CHUNK_MAX_WORDS : CHUNK_MIN_WORDS;
    for (const piece of splitLongParagraph(block)) {
      if (words > 0 && (words + piece.words > CHUNK_MAX_WORDS || (!path.length && words >= target))) flush();
      parts.push(piece.text);
      words += piece.words;
    }
  }
  flush();
  while (path.length) closeHeading();
  endRun();
  return chunks;
}

/** A heading that is a label and its value, with a figure or an address in it: "Fax: 07 4567 9999", "email: hi@shop.example". */
const statesLabelledValue = (text: string) => /^[^:]{1,30}:\s*\S/.test(text) && /[\d@]/.test(text);

/** A heading that is a figure rather than a title: "Ksh.4500", "$49/mo", "500+". */
const FIGURE_HEADING_WORDS = 3;
const isFigureHeading = (text: string) => /\d/.test(text) && countWords(text) <= FIGURE_HEADING_WORDS;

/** A passage of a document, labelled with what it needs to cite its source. */
export function chunkOf(
  document: Pick<KnowledgeDocument, 'id' | 'source' | 'title' | 'url' | 'type'>,
  id: string,
  heading: string | undefined,
  text: string,
): KnowledgeChunk {
  return {
    id,
    documentId: document.id,
    source: document.source,
    title: document.title,
    ...(document.url ? { url: document.url } : {}),
    ...(heading ? { heading } : {}),
    text,
    ...(document.type ? { type: document.type } : {}),
  };
}

/** Whitespace- and case-insensitive identity of a passage: a block repeated across pages is kept once. */
export const passageKey = (chunk: KnowledgeChunk) => `${chunk.heading ?? ''}\n${chunk.text}`.toLowerCase().replace(/\s+/g, ' ').trim();

/** Every document's chunks, each repeated passage (a banner or call to action on every page) kept only where it first appears. */
export function chunkDocuments(documents: readonly KnowledgeDocument[]): KnowledgeChunk[] {
  const seen = new Set<string>();
  return documents.flatMap(chunkDocument).filter((chunk) => {
    const key = passageKey(chunk);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    let lines: string[] = [];
    const endParagraph = () => {
      const paragraph = lines.join('\n').trim();
      if (paragraph) blocks.push({ kind: 'paragraph', text: paragraph, words: countWords(paragraph) });
      lines = [];
    };
    for (const line of raw.split('\n')) {
      const tidy = line.replace(/[ \t]+/g, ' ').trim();
      const heading = headingLine.exec(tidy);
      if (heading) {
        endParagraph();
        const text = heading[2]!.replace(/\*\*|__|[*`]/g, '').trim();
        if (text) blocks.push({ kind: 'heading', level: heading[1]!.length, text });
      } else if (tidy) lines.push(tidy);
    }
    endParagraph();
  }
  return blocks;
}

/** Cuts a paragraph longer than a chunk at sentence ends, and a sentence longer than a chunk at words. */
function splitLongParagraph(paragraph: { text: string; words: number }): { text: string; words: number }[] {
  if (paragraph.words <= CHUNK_MAX_WORDS) return [paragraph];
  const pieces: { text: string; words: number }[] = [];
  let current: string[] = [];
  let words = 0;
  const push = () => {
    if (words > 0) pieces.push({ text: current.join(' '), words });
    current = [];
    words = 0;
  };
  for (const { segment } of sentencesOf(paragraph.text)) {
    const sentenceWords = segment.match(/\S+/g) ?? [];
    if (sentenceWords.length > CHUNK_MAX_WORDS) {
      push();
      for (let start = 0; start < sentenceWords.length; start += CHUNK_MAX_WORDS) {
        const slice = sentenceWords.slice(start, start + CHUNK_MAX_WORDS);
        pieces.push({ text: slice.join(' '), words: slice.length });
      }
      continue;
    }
    if (words + sentenceWords.length > CHUNK_MAX_WORDS) push();
    current.push(segment.trim());
    words += sentenceWords.length;
  }
  push();
  return pieces;
}
