import { termsOf, similarity } from '../chat/text-terms.js';
import { factTerm, factTypesAsked } from '../knowledge/fact-types.js';
import { canonicalTerm } from '../knowledge/synonyms.js';

/** A visitor's question as its reply logged it. */
export interface LoggedQuestion {
  question: string;
  conversationId: string;
  outcome: string;
  feedback?: 'up' | 'down';
  /** The reply the visitor got. */
  answer: string;
}

export interface QuestionGroup {
  /** The wording asked most often in the group. */
  question: string;
  questions: LoggedQuestion[];
  /** Different conversations (visitors) that asked. */
  visitors: number;
}

/** Questions at least this similar (Jaccard of their terms) to a group's first wording join it. */
export const SAME_MEANING = 0.5;

/**
 * A question's meaning as the answer engine matches it: its search terms (stems, stop words out), each
 * replaced by the first of its everyday synonyms, plus the kind of fact it asks for (a price, opening
 * hours...), so "What does delivery cost?", "delivery fee" and "How much is delivery?" share their terms.
 */
export function meaningTerms(question: string): string[] {
  const terms = termsOf(question).map(canonicalTerm);
  return [...new Set([...terms, ...factTypesAsked(question).map(factTerm)])].sort();
}

/**
 * Groups paraphrases: identical meanings first (most asked first), then each meaning joins the first
 * group whose leading meaning is at least SAME_MEANING similar. Largest groups first.
 */
export function groupQuestions(questions: readonly LoggedQuestion[]): QuestionGroup[] {
  const byMeaning = new Map<string, { terms: string[]; questions: LoggedQuestion[] }>();
  for (const logged of questions) {
    const terms = meaningTerms(logged.question);
    if (terms.length === 0) continue;
    const key = terms.join(' ');
    const entry = byMeaning.get(key) ?? { terms, questions: [] };
    entry.questions.push(logged);
    byMeaning.set(key, entry);
  }
  const groups: { terms: string[]; questions: LoggedQuestion[] }[] = [];
  for (const meaning of [...byMeaning.values()].sort((a, b) => b.questions.length - a.questions.length)) {
    const home = groups.find((group) => similarity(group.terms, meaning.terms) >= SAME_MEANING);
    if (home) home.questions.push(...meaning.questions);
    else groups.push({ terms: meaning.terms, questions: [...meaning.questions] });
  }
  return groups
    .map((group) => ({
      question: mostAskedWording(group.questions),
      questions: group.questions,
      visitors: new Set(group.questions.map((q) => q.conversationId)).size,
    }))
    .sort((a, b) => b.questions.length - a.questions.length || a.question.localeCompare(b.question));
}

function mostAskedWording(questions: readonly LoggedQuestion[]): string {
  const counts = new Map<string, { text: string; count: number }>();
  for (const { question } of questions) {
    const key = question.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    const entry = counts.get(key) ?? { text: question.trim(), count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  // Ties go to the shortest wording: usually the plainest.
  return [...counts.values()].sort((a, b) => b.count - a.count || a.text.length - b.text.length || a.text.localeCompare(b.text))[0]!.text;
}

/** Mean thumbs of the group's rated answers as a percentage (up 100, down 0); null when none was rated. */
export function averageRating(questions: readonly LoggedQuestion[]): number | null {
  const rated = questions.filter((q) => q.feedback);
  if (rated.length === 0) return null;
  return Math.round((100 * rated.filter((q) => q.feedback === 'up').length) / rated.length);
}
