import { asList, isObject, type Json, type JsonObject } from './json-ld.js';

/**
 * The questions and answers a page declares in JSON-LD (schema.org FAQPage) that its HTML does not
 * show: sites whose FAQ accordion is drawn by a script from data ship the questions only there. An FAQ
 * the page shows already is not repeated.
 */

const MAX_QUESTIONS = 100;
const MAX_ANSWER_CHARS = 3_000;

/** Answers may hold HTML ("<p>Yes, <strong>free</strong>.</p>"): their text is what a visitor reads. */
const plain = (value: Json | undefined) =>
  (typeof value === 'string' ? value : '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?])/g, '$1')
    .trim();

/** Letters and digits only, lower case: the same question whatever its punctuation and spacing. */
const comparable = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function answerOf(question: JsonObject): string {
  const answers = [...asList(question.acceptedAnswer), ...asList(question.suggestedAnswer)];
  const first = answers.find(isObject);
  return first ? plain(first.text).slice(0, MAX_ANSWER_CHARS) : '';
}

/** Markdown for the declared FAQs missing from `visibleText` ("#### Question" then its answer), or ''. */
export function declaredFaqText(items: readonly JsonObject[], visibleText: string): string {
  const shown = comparable(visibleText);
  const sections: string[] = [];
  for (const page of items.filter((item) => asList(item['@type']).includes('FAQPage'))) {
    for (const question of asList(page.mainEntity).filter(isObject).slice(0, MAX_QUESTIONS)) {
      const name = plain(question.name);
      const answer = answerOf(question);
      if (!name || !answer || shown.includes(comparable(name))) continue;
      const section = `#### ${name}\n\n${answer}`;
      if (!sections.includes(section)) sections.push(section);
    }
  }
  return sections.length ? `## Frequently asked questions\n\n${sections.join('\n\n')}` : '';
}
