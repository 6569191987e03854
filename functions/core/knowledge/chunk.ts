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
 */
export function chunkDocument(document: KnowledgeDocument): KnowledgeChunk[] {
  const chunks: KnowledgeChunk[] = [];
  const path: { level: number; text: string }[] = [];
  let parts: string[] = [];
  let words = 0;

  const flush = () => {
    if (words > 0) {
      const heading = path.map((h) => h.text).join(HEADING_PATH_SEPARATOR);
      chunks.push({
        id: `${document.id}#${chunks.length}`,
        documentId: document.id,
        source: document.source,
        title: document.title,
        ...(document.url ? { url: document.url } : {}),
        ...(heading ? { heading } : {}),
        text: parts.join('\n\n'),
        ...(document.type ? { type: document.type } : {}),
      });
    }
    parts = [];
    words = 0;
  };

  for (const block of toBlocks(document.text)) {
    if (block.kind === 'heading') {
      flush();
      while (path.length && path.at(-1)!.level >= block.level) path.pop();
      path.push({ level: block.level, text: block.text });
      continue;
    }
    // Under a heading a section is its own unit; without one, paragraphs are packed to a useful size.
    const target = path.length ? CHUNK_MAX_WORDS : CHUNK_MIN_WORDS;
    for (const piece of splitLongParagraph(block)) {
      if (words > 0 && (words + piece.words > CHUNK_MAX_WORDS || (!path.length && words >= target))) flush();
      parts.push(piece.text);
      words += piece.words;
    }
  }
  flush();
  return chunks;
}

/** Whitespace- and case-insensitive identity of a passage: a block repeated across pages is kept once. */
const passageKey = (chunk: KnowledgeChunk) => `${chunk.heading ?? ''}\n${chunk.text}`.toLowerCase().replace(/\s+/g, ' ').trim();

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
