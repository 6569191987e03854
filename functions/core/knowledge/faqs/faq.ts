import { MAX_GENERATED_FAQS } from '../../../contracts/faqs.js';
import { MAX_KNOWLEDGE_TITLE_CHARS } from '../../../contracts/knowledge.js';

/** One question a visitor may ask and the site's answer; stored as a `faq` knowledge entry. */
export type Faq = { question: string; answer: string };

/** A page FAQs are written from: where it is, its title and its readable text (markdown). */
export type FaqSourcePage = { url: string; title: string; text: string };

const key = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * The FAQs worth storing, in order: each question asked once, each answer given once, questions
 * short enough to be an entry's title, at most MAX_GENERATED_FAQS.
 */
export function distinctFaqs(faqs: Iterable<Faq>, max = MAX_GENERATED_FAQS): Faq[] {
  const kept: Faq[] = [];
  const questions = new Set<string>();
  const answers = new Set<string>();
  for (const faq of faqs) {
    const question = faq.question.replace(/\s+/g, ' ').trim();
    const answer = faq.answer.trim();
    if (!question || !answer || question.length > MAX_KNOWLEDGE_TITLE_CHARS) continue;
    const q = key(question);
    const a = key(answer);
    if (!q || !a || questions.has(q) || answers.has(a)) continue;
    questions.add(q);
    answers.add(a);
    kept.push({ question, answer });
    if (kept.length >= max) break;
  }
  return kept;
}
