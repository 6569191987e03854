import type { SectionBlock } from './page-sections.js';

/**
 * An answer made of a section's own sentences, in order, long enough to be useful and short enough
 * to read in a chat bubble. Sentences are never rewritten; only a single sentence longer than the
 * limit is cut (at a word, with an ellipsis).
 */

/** Enough for one or two facts; more sentences are added only while the answer is shorter than this. */
const ENOUGH_CHARS = 160;
export const MAX_ANSWER_CHARS = 400;
/** Below this the answer may go on into the next paragraph. */
const SHORT_ANSWER_CHARS = 80;
const MIN_ANSWER_WORDS = 5;

// Made on first use: opening ICU's sentence rules takes 25-45 ms of a cold start.
let segmenter: Intl.Segmenter | undefined;

function sentencesOf(text: string): string[] {
  return [...(segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' })).segment(text)].map((s) => s.segment.trim()).filter(Boolean);
}

const wordCount = (text: string) => text.match(/\S+/g)?.length ?? 0;

/**
 * Running text rather than table cells, labels or a byline: a sentence that ends like one, or a long
 * run of words.
 */
export function isProse(text: string): boolean {
  const words = wordCount(text);
  return (words >= 4 && /[.!?)"”’]$/.test(text)) || words >= 12;
}

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,;:]+$/, '')}…`;
}

function listText(items: readonly string[]): string {
  const joined = items.map((item) => item.replace(/[.;,]+$/, '')).join('; ');
  return `${joined}.`;
}

export type AnswerOptions = {
  /**
   * An answer the page gives to its own question: every paragraph counts, even a short "Yes."
   * Otherwise only prose is used and questions the text asks are left out.
   */
  explicit?: boolean;
};

export function answerFrom(blocks: readonly SectionBlock[], options: AnswerOptions = {}): string | undefined {
  const parts: string[] = [];
  let length = 0;
  const room = () => MAX_ANSWER_CHARS - length - (parts.length ? 1 : 0);
  const add = (text: string) => {
    parts.push(text);
    length += text.length + (parts.length > 1 ? 1 : 0);
  };
  let leadIn = false;
  for (const block of blocks) {
    // A further paragraph only completes a very short answer or a lead-in ("We deliver to:"); later
    // paragraphs tend to change the subject or are what is left of links ("See our menu.").
    if (length >= ENOUGH_CHARS || (length >= SHORT_ANSWER_CHARS && !leadIn)) break;
    if (block.kind === 'list') {
      leadIn = false;
      const whole = listText(block.items);
      if (whole.length <= room()) {
        add(whole);
        continue;
      }
      if (parts.length) break;
      // Only the first items that fit: a long list is summarised by its beginning.
      const fitting: string[] = [];
      for (const item of block.items) {
        if (listText([...fitting, item]).length > MAX_ANSWER_CHARS) break;
        fitting.push(item);
      }
      if (!fitting.length) break;
      add(listText(fitting));
      continue;
    }
    if (!options.explicit && !isProse(block.text)) {
      if (parts.length) break; // the prose ended (a table or a caption follows)
      continue;
    }
    leadIn = block.text.endsWith(':');
    for (const sentence of sentencesOf(block.text)) {
      if (!options.explicit && sentence.endsWith('?')) continue;
      if (!parts.length) add(cutAtWord(sentence, MAX_ANSWER_CHARS));
      else if (length < ENOUGH_CHARS && sentence.length <= room()) add(sentence);
      else break;
    }
  }
  const answer = parts.join(' ').replace(/\s+/g, ' ').trim();
  if (!answer) return undefined;
  if (!options.explicit && wordCount(answer) < MIN_ANSWER_WORDS) return undefined;
  return answer;
}
