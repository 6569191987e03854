import type { SearchHit } from '../knowledge/search-index.js';
import { coverage, termsOf } from './text-terms.js';

export interface GroundedAnswer {
  /** Undefined when nothing known answers the question: the caller says the fallback message. */
  answer?: string;
  sources: { title: string; url: string }[];
}

/** Strictness 1-10: how much of a question the best passage must cover before it is used. */
export function requiredCoverage(strictnessLevel: number): number {
  return 0.3 + strictnessLevel * 0.04;
}

/** Markdown from the crawler to plain sentences: links keep their text, headings and bullets their words. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s*/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/).map((s) => s.trim()).filter((s) => s.length > 2);
}

/**
 * The embedded answerer used without an AI provider: it answers only with what the best matching
 * passage says (the sentences that carry the question's terms) and where it says it, or nothing.
 */
export function offlineAnswer(question: string, passages: readonly SearchHit[], strictnessLevel: number): GroundedAnswer {
  const questionTerms = termsOf(question);
  if (questionTerms.length === 0) return { sources: [] };
  const needed = requiredCoverage(strictnessLevel);
  // Of the retrieved passages, the one that covers most of the question (search rank breaks ties).
  let best: SearchHit | undefined;
  let bestCoverage = needed;
  for (const passage of passages) {
    const covered = coverage(questionTerms, new Set(termsOf(`${passage.title} ${passage.heading ?? ''} ${passage.text}`)));
    if (covered > bestCoverage || (!best && covered >= needed)) {
      best = passage;
      bestCoverage = covered;
    }
  }
  if (!best) return { sources: [] };

  const sentences = sentencesOf(plainText(best.text));
  const termSet = new Set(questionTerms);
  const scored = sentences.map((sentence, index) => ({
    sentence,
    index,
    score: termsOf(sentence).filter((t) => termSet.has(t)).length,
  }));
  const chosen = scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 3)
    .sort((a, b) => a.index - b.index)
    .map((s) => s.sentence);
  const body = (chosen.length ? chosen : sentences.slice(0, 2)).join(' ');
  if (!body) return { sources: [] };
  const sources = best.url ? [{ title: best.title, url: best.url }] : [];
  return { answer: best.url ? `${body}\n\nMore details: ${best.url}` : body, sources };
}
