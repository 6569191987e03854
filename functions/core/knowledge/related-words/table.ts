/**
 * WordNet's related words (related-words.json), bundled as a file of their own beside the handler
 * (lib/side-entries.ts) and loaded by ../related-words.ts when a question is first searched: 340 KB
 * that would otherwise be in every bundle that searches, near the 1 MB budget.
 */
import lines from './related-words.json' with { type: 'json' };

export const RELATED_WORD_LINES: readonly string[] = lines;
