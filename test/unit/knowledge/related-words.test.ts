import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../../functions/core/chat/offline-responder.js';
import { chunkDocuments } from '../../../functions/core/knowledge/chunk.js';
import type { KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';
import { withSiteWords } from '../../../functions/core/knowledge/question-phrases.js';
import { RELATED_WORDS_FILE, relatedWordsFromWordNet } from '../../../functions/core/knowledge/related-words/generate.js';
import { wordNetRelatedTerms } from '../../../functions/core/knowledge/related-words.js';
import { buildSearchIndex, questionTermWeights, searchIndex } from '../../../functions/core/knowledge/search-index.js';
import { toSearchTerm } from '../../../functions/core/knowledge/search-terms.js';
import { canonicalTerm, synonymsOf } from '../../../functions/core/knowledge/synonyms.js';

const term = (word: string) => toSearchTerm(word)!;
const related = (word: string) => {
  const { synonyms, broader, narrower } = wordNetRelatedTerms(term(word));
  return { synonyms, broader, narrower, all: [...synonyms, ...broader, ...narrower] };
};

describe('related words from WordNet', () => {
  it('relates the senses English mostly means: "operation" is surgery, a "vet" a doctor', () => {
    expect(related('operation').synonyms).toContain(term('surgery'));
    expect(related('vet').synonyms).toContain(term('veterinarian'));
    expect(related('vet').broader).toContain(term('doctor'));
    expect(related('dog').narrower).toContain(term('puppy'));
    expect(related('takeaway').synonyms).toContain(term('takeout'));
    expect(related('guarantee').synonyms).toContain(term('warranty'));
  });

  it('relates an adjective and the noun it is "of" ("dental": teeth), and an irregular plural as its singular', () => {
    expect(related('dental').synonyms).toContain(term('tooth'));
    expect(related('tooth').synonyms).toContain(term('dental'));
    expect(related('teeth').synonyms).toEqual(expect.arrayContaining([term('tooth'), term('dental')]));
    expect(related('surgical').synonyms).toContain(term('surgery'));
  });

  it('leaves out senses hardly anyone means: a vet is no background check, to dog is not to track', () => {
    expect(related('vet').all).not.toContain(term('screen'));
    expect(related('vet').all).not.toContain(term('background'));
    expect(related('vet').all).not.toContain(term('check'));
    expect(related('dog').all).not.toContain(term('track'));
    expect(related('dog').all).not.toContain(term('chase'));
    // "john" is a customer only in a sense of a name hardly anyone means.
    expect(related('customer').all).not.toContain('john');
    // A verb's synonyms share a rare sense too often: to insure is not to ensure a spotless home.
    expect(related('insured').all).not.toContain(term('ensure'));
    // A stem stands for its most used word: "engines" are no engineers, nor a "generation" a generator.
    expect(related('engines').all).not.toContain(term('person'));
    expect(related('engines').all).not.toContain(term('generator'));
  });

  it('relates nothing to a word too vague to say which sense is meant ("get", "make", "move")', () => {
    expect(related('get').all).toEqual([]);
    expect(related('make').all).toEqual([]);
    expect(related('moving').all).toEqual([]);
  });

  it('joins the hand-written groups to the synonyms of WordNet, and groups paraphrases only by mutual synonyms', () => {
    expect(synonymsOf(term('customer'))).toEqual(expect.arrayContaining([term('client'), term('patron')]));
    expect(synonymsOf(term('guarantee'))).toContain(term('warranty'));
    // "reserve" is "allow" only in a rare sense of "allow": "Can I reserve?" is no "Is it allowed?".
    expect(canonicalTerm(term('reserve'))).not.toBe(canonicalTerm(term('allow')));
    expect(canonicalTerm(term('big'))).toBe(canonicalTerm(term('large')));
  });

  it('is the table the generator writes from WordNet (related-words.json is up to date)', { timeout: 180_000 }, () => {
    expect(JSON.parse(readFileSync(RELATED_WORDS_FILE, 'utf8'))).toEqual(relatedWordsFromWordNet());
  });
});

/** A small veterinary practice, written for this test. */
const vets: KnowledgeDocument[] = [
  {
    id: 'https://willowvets.example/',
    source: 'page',
    title: 'Willow Lane Vets',
    url: 'https://willowvets.example/',
    text: `# Willow Lane Vets

## Surgery

Our vets carry out routine surgery on cats, dogs and rabbits, with an overnight stay when needed.

## Joining our team

Every new nurse and receptionist passes a background check before starting.

## Visiting with pets

Puppies and kittens are welcome in the waiting room; please keep them on a lead or in a carrier.

## Dental care

Dental check-ups and scale-and-polish for cats and dogs.

## Takeout treats

Our shop sells takeout treat boxes for rabbits and guinea pigs.`,
  },
];

function ask(message: string, documents = vets) {
  const question = withSiteWords(message);
  const index = buildSearchIndex(chunkDocuments(documents));
  const passages = searchIndex(index, question, 5);
  const answer = offlineAnswer(question, { passages, termWeights: questionTermWeights(index, question) }, 5, 'Willow Lane Vets').answer;
  return { answer: (answer ?? '').split('\n\nMore details:')[0]!, passages };
}

describe('search and answers with related words', () => {
  it('finds "surgery" for a question about an operation', () => {
    const { answer, passages } = ask('Can my cat have an operation with you?');
    expect(passages[0]!.heading).toContain('Surgery');
    expect(answer).toContain('routine surgery');
  });

  it('answers about teeth from what the site calls dental', () => {
    expect(ask("Do you check my dog's teeth?").answer).toContain('Dental check-ups');
  });

  it('does not take "vet" for a background check', () => {
    const { passages } = ask('Is a vet available on Saturdays?');
    expect(passages[0]?.heading ?? '').not.toContain('Joining our team');
  });

  it('answers with a kind of the thing asked about ("Can I bring my dog?": "Puppies ... are welcome")', () => {
    expect(ask('Can I bring my dog to the waiting room?').answer).toContain('Puppies and kittens are welcome');
  });

  it("answers a word the site never uses with its synonym ('takeaway': 'takeout')", () => {
    expect(ask('Do you sell takeaway treats?').answer).toContain('takeout treat boxes');
  });

  it("prefers the visitor's own word in another form to a synonym, and never reads a shorter word as another form", () => {
    const team: KnowledgeDocument[] = [
      {
        ...vets[0]!,
        text: '# About us\n\n## Meet the team\n\n### Alma Reyes\n\nPractice owner and managing vet\n\n### Dev Patel\n\nHead nurse, supervisor of the kennels',
      },
    ];
    expect(ask('Who supervises the kennels?', team).answer).toContain('Dev Patel');
    const menu: KnowledgeDocument[] = [{ ...vets[0]!, text: '# Menu\n\n## Sides\n\nSeasonal vegetables £4\n\nChips £3' }];
    expect(ask('How much is the vegetarian platter?', menu).answer).toBe('');
  });

  it("ranks the visitor's own word above a related one", () => {
    const documents: KnowledgeDocument[] = [
      { ...vets[0]!, text: '# Willow Lane Vets\n\n## Procedures\n\nEvery procedure is booked after a consultation.\n\n## Operations\n\nOperations take place on weekday mornings.' },
    ];
    expect(ask('When do operations take place?', documents).passages[0]!.heading).toContain('Operations');
  });
});
