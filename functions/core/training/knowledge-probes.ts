import { innermostHeading } from '../knowledge/chunk.js';
import { searchIndex, type SearchIndex } from '../knowledge/search-index.js';

/** A question made from the assistant's own knowledge, and the passages that answer it. */
export type Probe = { question: string; chunkIds: ReadonlySet<string> };

/** Questions asked per recompute: enough to measure, cheap on every rebuild (about 1 ms each warm). */
const MAX_PROBES = 40;
/** An answer counts when the right passage is among the passages an answer is written from. */
const ANSWER_DEPTH = 3;
const MAX_QUESTION_WORDS = 12;

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** The opening of a passage as a question ("Tell me about: we bake sourdough every morning..."). */
function passageQuestion(text: string): string | undefined {
  const sentence = text.split(/(?<=[.!?])\s/)[0] ?? '';
  const opening = words(sentence).slice(0, MAX_QUESTION_WORDS);
  return opening.length >= 4 ? `Tell me about ${opening.join(' ').replace(/[.!?:;,]+$/, '')}?` : undefined;
}

/**
 * Questions a visitor could ask of this knowledge: every FAQ's question (answered by its entry), each
 * section heading ("What about opening hours?", answered by the sections under it) and, for passages
 * without a heading, their opening sentence. Taken in turn across documents, so a large site is
 * sampled evenly rather than by its first pages.
 */
export function probeQuestions(index: SearchIndex): Probe[] {
  const byQuestion = new Map<string, Set<string>>();
  const perDocument = new Map<string, string[]>();
  const add = (documentId: string, question: string, chunkId: string) => {
    const key = question.toLowerCase();
    let answers = byQuestion.get(key);
    if (!answers) {
      byQuestion.set(key, (answers = new Set()));
      perDocument.set(documentId, [...(perDocument.get(documentId) ?? []), question]);
    }
    answers.add(chunkId);
  };
  for (const chunk of index.chunks) {
    const heading = innermostHeading(chunk.heading);
    if (chunk.type === 'faq' && chunk.source === 'entry') add(chunk.documentId, chunk.title, chunk.id);
    else if (heading && words(heading).length <= MAX_QUESTION_WORDS) add(chunk.documentId, `What about ${heading.replace(/[?:.]+$/, '')}?`, chunk.id);
    else {
      const question = passageQuestion(chunk.text);
      if (question) add(chunk.documentId, question, chunk.id);
    }
  }
  const queues = [...perDocument.values()];
  const questions: string[] = [];
  for (let round = 0; questions.length < MAX_PROBES && queues.some((queue) => queue.length > round); round++) {
    for (const queue of queues) if (queue[round] && questions.length < MAX_PROBES) questions.push(queue[round]!);
  }
  return questions.map((question) => ({ question, chunkIds: byQuestion.get(question.toLowerCase())! }));
}

/** The probes the index answers from a right passage, and those it does not. */
export function askProbes(index: SearchIndex, probes: readonly Probe[]): { answered: Probe[]; failed: Probe[] } {
  const answered: Probe[] = [];
  const failed: Probe[] = [];
  for (const probe of probes) {
    const hits = searchIndex(index, probe.question, ANSWER_DEPTH);
    (hits.some((hit) => probe.chunkIds.has(hit.chunkId)) ? answered : failed).push(probe);
  }
  return { answered, failed };
}
