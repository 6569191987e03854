import type { KnowledgeDocument } from './knowledge-document.js';

/** A searchable passage of a document; it carries what an answer needs to cite its source. */
export type KnowledgeChunk = {
  /** `{documentId}#{ordinal}`: the same document text always gives the same ids. */
  id: string;
  documentId: string;
  source: KnowledgeDocument['source'];
  title: string;
  url?: string;
  /** The heading of the section the chunk starts in, if any. */
  heading?: string;
  text: string;
  type?: string;
};

/** Chunks aim at this size; a paragraph is only cut when it alone is longer than the maximum. */
export const CHUNK_MIN_WORDS = 150;
export const CHUNK_MAX_WORDS = 250;
/** A section shorter than this shares a chunk with the next section instead of standing alone. */
export const SMALL_SECTION_WORDS = 40;

type Block = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string; words: number };

/** Markdown ATX headings, as the crawler writes them (`## Opening hours`). */
const headingLine = /^#{1,6}\s+(.+?)\s*#*\s*$/;
// Made on first use: creating a segmenter loads ICU data, about 15 ms of a cold start that a chat never needs.
let segmenter: Intl.Segmenter | undefined;
const sentencesOf = (text: string) => (segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' })).segment(text);

export function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

export function chunkDocument(document: KnowledgeDocument): KnowledgeChunk[] {
  const chunks: KnowledgeChunk[] = [];
  let section: string | undefined;
  let heading: string | undefined;
  let parts: string[] = [];
  let words = 0;
  /** The heading of a section that joins a short one's chunk, written into the text with its first paragraph. */
  let joiningHeading: string | undefined;

  const flush = () => {
    if (words > 0) {
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
      if (words >= SMALL_SECTION_WORDS) flush();
      // After a short section the next one joins its chunk if it fits, its heading kept as a line.
      joiningHeading = words > 0 ? block.text : undefined;
      section = block.text;
      continue;
    }
    for (const piece of splitLongParagraph(block)) {
      if (words > 0 && words + piece.words > CHUNK_MAX_WORDS) flush();
      if (words === 0) heading = section;
      else if (joiningHeading) parts.push(joiningHeading);
      joiningHeading = undefined;
      parts.push(piece.text);
      words += piece.words;
    }
  }
  flush();
  return chunks;
}

export function chunkDocuments(documents: readonly KnowledgeDocument[]): KnowledgeChunk[] {
  return documents.flatMap(chunkDocument);
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
        const text = heading[1]!.replace(/\*\*|__|[*`]/g, '').trim();
        if (text) blocks.push({ kind: 'heading', text });
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
