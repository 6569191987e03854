import { DEFAULT_FAQ_BUSINESS_NAME } from '../../../contracts/faqs.js';
import { answerFrom } from './answer-text.js';
import { distinctFaqs, type Faq, type FaqSourcePage } from './faq.js';
import { headingQuestion } from './heading-question.js';
import { pageSections, type SectionBlock } from './page-sections.js';

/**
 * FAQs taken from the pages themselves, without a language model: first the questions the site
 * answers itself (FAQ sections: question headings, bold or standalone question lines and their
 * answers), then its sections' headings turned into questions and answered with the sections' first
 * sentences, taking one from each page in turn. Nothing is added that the pages do not say; a site
 * with little text gives few FAQs.
 */

const MAX_QUESTION_WORDS = 30;
const titleSeparator = /\s+[|–—·•-]\s+/;
/** Posts and news come after the pages about the business itself. */
const articlePath = /\/(?:blog|news|posts?|articles?|journal|stories)\/|\/\d{4}\/\d{2}\//i;

function wordCount(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** A paragraph that is a question on its own line: the usual shape of an FAQ entry without headings. */
function questionLine(block: SectionBlock): string | undefined {
  if (block.kind !== 'paragraph') return undefined;
  const text = block.text.replace(/^Q(?:uestion)?\s*[:.]\s*/i, '');
  if (!text.endsWith('?') || wordCount(text) > MAX_QUESTION_WORDS) return undefined;
  const oneSentence = !/[.!?]\s/.test(text.slice(0, -1));
  return block.emphasised || oneSentence || text !== block.text ? text : undefined;
}

function withoutAnswerMark(blocks: SectionBlock[]): SectionBlock[] {
  const [first, ...rest] = blocks;
  if (first?.kind !== 'paragraph') return blocks;
  return [{ ...first, text: first.text.replace(/^A(?:nswer)?\s*[:.]\s*/i, '') }, ...rest];
}

/** The part of the pages' titles they all share ("About | Maple & Rye" -> "Maple & Rye"). */
function siteNameOf(pages: readonly FaqSourcePage[]): string | undefined {
  const counts = new Map<string, { text: string; count: number }>();
  for (const page of pages) {
    for (const part of new Set(page.title.split(titleSeparator).map((p) => p.trim()).filter(Boolean))) {
      const entry = counts.get(part.toLowerCase()) ?? { text: part, count: 0 };
      entry.count += 1;
      counts.set(part.toLowerCase(), entry);
    }
  }
  const best = [...counts.values()].sort((a, b) => b.count - a.count)[0];
  return best && best.count >= 2 && best.count >= pages.length * 0.4 ? best.text : undefined;
}

function pageName(page: FaqSourcePage, siteName: string | undefined): string | undefined {
  const parts = page.title
    .split(titleSeparator)
    .map((p) => p.trim())
    .filter((p) => p && p.toLowerCase() !== siteName?.toLowerCase());
  return parts.length === 1 || (parts.length && siteName) ? parts[0] : undefined;
}

function isHome(url: string): boolean {
  try {
    return new URL(url).pathname.replace(/\/(?:index\.\w+)?$/, '') === '';
  } catch {
    return false;
  }
}

type PageFaqs = { explicit: Faq[]; derived: Faq[] };

function faqsOfPage(page: FaqSourcePage, siteName: string | undefined): PageFaqs {
  const explicit: Faq[] = [];
  const derived: Faq[] = [];
  let askedWhatItIs = !isHome(page.url) || !siteName;
  for (const section of pageSections(page.text)) {
    // A section's own text comes before its first question line; each question line owns what follows.
    const intro: SectionBlock[] = [];
    const asked: { question: string; blocks: SectionBlock[] }[] = [];
    for (const block of section.blocks) {
      const question = questionLine(block);
      if (question) asked.push({ question, blocks: [] });
      else (asked.at(-1)?.blocks ?? intro).push(block);
    }
    for (const { question, blocks } of asked) {
      const answer = answerFrom(withoutAnswerMark(blocks), { explicit: true });
      if (answer) explicit.push({ question, answer });
    }
    if (!intro.length) continue;
    if (section.heading?.endsWith('?')) {
      const answer = answerFrom(withoutAnswerMark(intro), { explicit: true });
      if (answer) explicit.push({ question: section.heading, answer });
      continue;
    }
    const answer = answerFrom(intro);
    if (!answer) continue;
    if (!askedWhatItIs) {
      // The home page's opening text says what the business is.
      askedWhatItIs = true;
      derived.push({ question: `What is ${siteName}?`, answer });
      continue;
    }
    const topic = section.heading ?? pageName(page, siteName);
    const question = topic && headingQuestion(topic, { siteName });
    if (!question) continue;
    // "Who is Clara Whitfield?" is answered with the heading's role as well as the section's text.
    const withRole = question.startsWith('Who is ') && section.heading ? `${section.heading}. ${answer}` : answer;
    derived.push({ question, answer: withRole });
  }
  return { explicit, derived };
}

export function extractFaqs(pages: readonly FaqSourcePage[], options: { businessName?: string } = {}): Faq[] {
  const business = options.businessName && options.businessName !== DEFAULT_FAQ_BUSINESS_NAME ? options.businessName : undefined;
  const siteName = siteNameOf(pages) ?? business;
  const ordered = [
    ...pages.filter((p) => isHome(p.url)),
    ...pages.filter((p) => !isHome(p.url) && !articlePath.test(p.url)),
    ...pages.filter((p) => !isHome(p.url) && articlePath.test(p.url)),
  ];
  const perPage = ordered.map((page) => faqsOfPage(page, siteName));
  // Then one heading question from each page in turn, so the FAQs cover the whole site.
  const roundRobin: Faq[] = [];
  for (let round = 0; perPage.some((p) => p.derived.length > round); round++) {
    for (const page of perPage) if (page.derived[round]) roundRobin.push(page.derived[round]!);
  }
  return distinctFaqs([...perPage.flatMap((p) => p.explicit), ...roundRobin]);
}
