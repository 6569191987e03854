import { BUSINESS_PLACE_WORDS } from '../knowledge/business-places.js';
import { HEADING_PATH_SEPARATOR, innermostHeading } from '../knowledge/chunk.js';
import { everydayTermsOf, isCommonTerm } from '../knowledge/common-words/common-words.js';
import { amountsIn } from '../knowledge/currency-amounts.js';
import { factTypesAsked, factWordsAsked, namesTeamMember, NAMING_FACT_WORDS, personOfHeadings, roleAsked, statesFact, statesFactUnder, statesStreetAddress, type FactType } from '../knowledge/fact-types.js';
import type { QuestionKnowledge } from '../knowledge/index-knowledge.js';
import { DECLARED_DETAILS_HEADING, isSiteDetailsDocument } from '../knowledge/knowledge-document.js';
import { folded, isOtherLanguageYesNo, OTHER_LANGUAGE_DOING, OTHER_LANGUAGE_OFFERING } from '../knowledge/other-languages.js';
import type { SearchHit } from '../knowledge/search-index.js';
import { narrowerTermsOf, nearTermsOf, synonymsOf, wholeOfKind, writtenSynonymsOf } from '../knowledge/synonyms.js';
import { dayVerdict, leavesOutDaysAsked } from './day-hours.js';
import { SMALL_TALK } from './off-topic.js';
import { numbersGiven, thresholdApplies } from './quantity-thresholds.js';
import { sourceLink, sourceTitle } from './source-link.js';
import { openCompoundsOf, toSearchTerm } from '../knowledge/search-terms.js';
import { isWordNetTerm } from '../knowledge/related-words.js';
import { saysOtherForm } from '../knowledge/word-forms.js';
import { passageTermsOf, termsOf } from './text-terms.js';
import { statesValueLike, valueKindOf } from './value-terms.js';

export interface GroundedAnswer {
  /** Undefined when nothing known answers the question: the caller says the fallback message. */
  answer?: string;
  sources: { title: string; url: string }[];
}

/** Strictness 1-10: how much of a question the best passage must cover before it is used. */
/** Strictness 1-3: the owner lets the assistant answer from related knowledge (the system prompt's lenient rule too). */
export const isLenient = (strictnessLevel: number): boolean => strictnessLevel < 4;

export function requiredCoverage(strictnessLevel: number): number {
  return 0.2 + strictnessLevel * 0.04;
}

/**
 * Words that frame a request rather than say what it is about ("can you *tell* me", "do you *offer*"):
 * a passage need not contain them to answer the question.
 */
const REQUEST_WORDS = new Set(
  termsOf('get got need want like know tell give offer provide use help please let see find look happen happens ok okay go come').concat(
    termsOf('anything something any someone thing things stuff way kind sort type job really actually exactly also usually possible'),
    // Generic containers: "your cheapest package" asks for the cheapest of whatever the site sells.
    termsOf('package plan option service membership one ones work job'),
    // "What's included in...", "Does it include...": what a passage lists is what something includes.
    termsOf('include included includes including'),
    // Where a business "operates", "serves" or "covers" is where it works.
    termsOf('operate operates operating serve serves serving cover covers covering'),
    // Judgements of whatever is asked about ("the best e-mail", "a normal appointment"), not what it is.
    termsOf('best good right proper properly normal usual typical regular main roughly approximately'),
    // Whether something fits the visitor ("a room that would *suit* her") is judged from what it is.
    termsOf('suit suits suitable suited ideal recommend recommended'),
    // Permission frames what is asked about ("Are dogs *allowed*?": "Dogs on a lead are welcome").
    termsOf('allow allowed allows permitted permit ok okay fine welcome'),
    termsOf(OTHER_LANGUAGE_DOING),
    termsOf(OTHER_LANGUAGE_OFFERING),
  ),
);

/** Nouns whose search term is a request word's: "suite" is "suit" ("the Grande *Suite*", not "would it suit her"). */
const NOUN_OF_REQUEST_TERM: ReadonlyMap<string, RegExp> = new Map([['suit', /\bsuites?\b/i]]);
/** Whether a term of this text only frames what is asked (REQUEST_WORDS), not a noun sharing its term. */
const isRequestTermIn = (term: string, text: string) => REQUEST_WORDS.has(term) && !NOUN_OF_REQUEST_TERM.get(term)?.test(text);

/**
 * A rare word weighs more than a common one, up to this: beyond it (very rare, or unknown to the
 * knowledge) all words count alike, so one unusual word in a question does not outweigh the rest.
 */
const MAX_TERM_WEIGHT = 2;
/** Added to the score of the owner's own knowledge: it wins over website text that answers as well. */
const OWNER_KNOWLEDGE_PREFERENCE = 0.15;
/**
 * Added to the site's own contact block (its header and footer) when the question asks for a phone,
 * e-mail or address it states: the business's own, over another place a page mentions (the
 * after-hours emergency clinic, a supplier).
 */
const SITE_CONTACT_PREFERENCE = 0.1;
/**
 * Asked whether the business is open on a day, of two passages saying so, the one a visitor sees on a page
 * over the JSON-LD a page declares for search engines, which sites forget to update ("Wed: closed" on the
 * contact page, the declared hours still Monday to Friday). Asked what time, the times count more.
 */
const DECLARED_HOURS_PENALTY = 0.05;
/**
 * Added per value of the question a passage says as it is ("two adults and two kids (4 people)":
 * "Sleeps 4"): any stated number answers the visitor's own number (see value-terms.ts), the same one
 * answers it best.
 */
const SAME_VALUE_PREFERENCE = 0.02;
/**
 * Added to a passage with a rule whose threshold the visitor's own number meets ("There will be 14
 * of us": "tables of 6 or more by reservation only"; "my son is 15": "under 16s must be accompanied").
 */
const THRESHOLD_PREFERENCE = 0.05;
/**
 * Added, times the share of the question's words a passage says in the visitor's own words (or other
 * forms of them), to prefer of passages answering alike the one that does not need a synonym:
 * "Quality Supervisor" for "Who supervises...?" over "Managing Director".
 */
const OWN_WORDS_PREFERENCE = 0.01;
/**
 * Added to a passage saying the role a person is asked by ("Who is the head chef?": "Executive Chef"),
 * over one saying only the word that qualifies it ("Head Server"), which may weigh as much.
 */
const ROLE_PREFERENCE = 0.02;
const saysRole = (passage: SearchHit, role: string) =>
  termMatch(new Set(passageTermsOf(`${headingsOf(passage)} ${passage.text}`)), role, true) >= SYNONYM_SHARE;
/**
 * Taken from a customer's review: what one customer says ("they even cleaned inside the oven") is no
 * promise of the business, so a review answers only when no passage of the business's own says as much.
 */
const REVIEW_PENALTY = 0.3;
/**
 * Asked where, of passages headed as the address ("Find us", "Our location"), the one that writes an
 * address as addresses are written (a street and number, a postcode) over one whose lines only point to
 * it ("Open in Maps", "Call us"). Below a real difference in coverage.
 */
const ADDRESS_FORM_PREFERENCE = 0.05;
/**
 * A word the knowledge never uses ("Chicago", "insured") weighs more than any known one: a question
 * about something the business never mentions is not answered by a passage matching its other words.
 */
const UNKNOWN_TERM_WEIGHT = 3;
/**
 * An everyday word the knowledge never uses ("Do you guarantee your *work*?", "How late can I get
 * *seen*?") weighs like an ordinary one: sites say the same with other words. Except the last word of
 * a yes/no question, which names what is asked about ("Can I bring my *dog*?").
 */
const UNKNOWN_EVERYDAY_TERM_WEIGHT = 1;
/**
 * Added to a passage with a line stating the fact asked for beside a word of the question ("200+
 * professional cleaners" for "How many cleaners...?"): of passages covering the question alike, the
 * one whose number is about the thing asked.
 */
const FACT_BESIDE_TERM_PREFERENCE = 0.02;
/**
 * Added to a passage that lists things when the question asks what something includes ("What's
 * included in the move-out clean?"): of passages about the same thing, its list of contents over its
 * one-line description.
 */
const LIST_PREFERENCE = 0.15;
const asksContents = (question: string) => /\binclud(?:e|es|ed|ing)\b/i.test(question);
/**
 * Added to a passage with a line giving a day or time beside a word of the question when the question
 * asks when ("When is the spin class?", "Is there a strength class, and when?"): of passages about the
 * same thing, the timetable's line over the description, as a list is preferred for what is included.
 */
const WHEN_PREFERENCE = 0.15;
const asksWhen = (question: string) => /\bwhen(?:'s|\s+(?:is|are|does|do|will)\b|\s*\?)/i.test(question);
const listsThings = (passage: SearchHit) => plainLines(passage.text).filter(isListItem).length >= 2;
/**
 * How much a word of the scene-setting sentences weighs against one of the question itself ("I bought
 * a yearly plan two weeks ago. *Can I get my money back?*"): the answer need not repeat the story.
 */
const CONTEXT_TERM_SHARE = 0.3;
/** What a question's word counts in a line once a line chosen before says it (see answerLines). */
const SAID_TERM_SHARE = 0.5;
/** A short passage is answered whole; a longer one by its lines that carry the question. */
const WHOLE_PASSAGE_WORDS = 70;
const MAX_ANSWER_LINES = 6;

/** Markdown from the crawler to plain lines: list items keep their own line, emphasis and link targets go. */
function plainLines(markdown: string): string[] {
  const lines = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s*/gm, '')
    .replace(/[*`]+/g, '')
    // An underscore inside a word is part of it (an e-mail address "haus_am_see@..."), not emphasis.
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '')
    .split(/\n+/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 1);
  // A figure alone on its line is labelled by the next ("200+" then "Trained Professionals"), unless
  // the passage ends on one: then each figure is the value of the line before it, as a price list's
  // rows set a name and then its price ("Full Head Highlights (180 min)" then "$127.00").
  const valuesFollowNames = lines.length > 1 && isBareFigure(lines.at(-1)!);
  return lines.reduce<string[]>((joined, line) => {
    const last = joined.at(-1);
    const joins = last !== undefined && (valuesFollowNames ? isBareFigure(line) && !isBareFigure(last) : isBareFigure(last));
    if (joins) joined[joined.length - 1] = `${last} ${line}`;
    else joined.push(line);
    return joined;
  }, []);
}

/** A statistic or a price without its label: "200+", "98%", "4.9★", "15,000+", "kr 1 450", "R95". */
const isBareFigure = (line: string) => /^\p{Sc}?\d[\d,.]*\s*(?:[+%★]|k\+?)?$/u.test(line) || (amountsIn(line)[0]?.text ?? '') === line;

/** "Is there...?", "Do you...?": answered by yes or no, so a fact of the kind they mention is not required. */
/**
 * Whether a passage states a fact of this kind. A person's name may be its heading, and that they are
 * one of the business's people may be said only by their section's heading ("Our team" > "Marta Novak").
 */
const statesFactIn = (passage: SearchHit, type: FactType) =>
  !(WRITER_FACTS.has(type) && isTestimonial(passage)) &&
  (statesFactUnder(innermostHeading(passage.heading) ?? '', passage.text, type) ||
    (type === 'person' && (namesTeamMember(passage.heading, HEADING_PATH_SEPARATOR) || !!personOfHeadings(passage.heading, HEADING_PATH_SEPARATOR))));

/** What a review says of its writer (their name, their country) is no fact of the business. */
const WRITER_FACTS: ReadonlySet<FactType> = new Set(['person', 'country']);

/** Reviews name their writers ("Michael Thompson, Office Manager"), who are customers, not the business's people. */
const isTestimonial = (passage: SearchHit) => TESTIMONIAL_HEADING.test(folded(passage.heading ?? ''));
/** Headings of reviews, in English and in the languages of other-languages.ts ("Ce que disent nos clients", "Kundenstimmen", "Opinie"). */
const TESTIMONIAL_HEADING = new RegExp(
  String.raw`(?<![\p{L}])(?:${[
    'testimonials?|testimon(?:y|ies)|reviews?|(?:clients?|customers?|patients?|guests?) (?:say|said|love)|what (?:people|they) say',
    'kundenstimmen|bewertungen|erfahrungsberichte|was (?:unsere )?(?:kunden|gaste|patienten) sagen',
    'testimonios|opiniones|resenas|lo que dicen',
    'temoignages?|avis(?: clients?)?|ce que disent',
    'depoimentos?|avaliacoes|o que dizem',
    'recensioni|testimonianze|dicono di noi|ervaringen|beoordelingen|recensies',
    'opinie|referencje|recenzje|co (?:mowia|pisza)',
  ].join('|')})(?![\p{L}])`,
  'u',
);

const isYesNoQuestion = (question: string) =>
  /^\s*(?:are|is|do|does|did|can|could|will|would|should|have|has|may|must)\b/i.test(question) || isOtherLanguageYesNo(question);
const CONTACT_FACTS: ReadonlySet<FactType> = new Set(['phone', 'email', 'address']);
/** Numbers that mean something only beside what they count: days, people, rooms. */
const COUNT_FACTS: ReadonlySet<FactType> = new Set(['duration', 'quantity']);

const isListItem = (line: string) => /^(?:[-+•]|\d+[.)])\s/.test(line);
const isQuestion = (text: string) => /\?\s*$/.test(text);
/**
 * A full stop that ends an initial or an English abbreviation, which has no vowel ("Dan C. Dümmar",
 * "Beard St. Clair", "Dr. Okafor", "Mrs. Patel", "Elm Rd. North"), or an ordinal number after a word, as
 * German and other languages write it ("Jede 4. Nacht ist kostenfrei", "am 3. Oktober"), ends no sentence.
 */
const ABBREVIATION_END = /(?:^|[^\p{L}])(?:\p{Lu}|[B-DF-HJ-NP-TV-Z][b-df-hj-np-tv-z]{1,3})\.$|\p{L}\s\d{1,2}\.$/u;
const sentencesOf = (line: string) =>
  line
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/)
    .reduce<string[]>((sentences, piece) => {
      const last = sentences.at(-1);
      if (last !== undefined && ABBREVIATION_END.test(last)) sentences[sentences.length - 1] = `${last} ${piece}`;
      else sentences.push(piece);
      return sentences;
    }, [])
    .map((s) => s.trim())
    .filter(Boolean);
const wordCount = (text: string) => text.match(/\S+/g)?.length ?? 0;

type Candidate = { passage: SearchHit; rank: number; score: number };

/** Whether `terms` has `term` or a word meaning the same (synonyms.ts). */
const hasTermOrSynonym = (terms: ReadonlySet<string>, term: string) => terms.has(term) || synonymsOf(term).some((synonym) => terms.has(synonym));

/**
 * How much of a question's word a passage saying another word answers: the visitor's own word counts
 * whole, and so does a word of the same group of a small business's words (synonyms.ts: "flat",
 * "apartment"); a synonym of WordNet's less (it may be meant in another sense: a "key" to a door is no
 * key point), a word of the sense directly above or below in WordNet less still ("operation":
 * "surgery" is a synonym; "dog": "puppy" below).
 */
const SYNONYM_SHARE = 0.8;
const NEAR_TERM_SHARE = 0.5;
/**
 * Another form of the visitor's own word: a passage's word that begins with it ("supervises":
 * "Supervisor", "deliver": "delivery"), as search finds it by prefix; more than a synonym. Not the other
 * way round: "vegetarian" does not begin "vegetables". In another language, the same word with another
 * ending (Polish "dietetykiem": "dietetyk", word-forms.ts).
 */
const OTHER_FORM_SHARE = 0.9;
function termMatch(terms: ReadonlySet<string>, term: string, role = false): number {
  // A role asked for ("Who is the chef?") is not answered by the whole it is a kind of ("Meet our team").
  const whole = role ? wholeOfKind(term) : [];
  const says = (synonym: string) => terms.has(synonym) && !whole.includes(synonym);
  if (terms.has(term) || writtenSynonymsOf(term).some(says)) return 1;
  if (saysOtherForm(terms, term)) return OTHER_FORM_SHARE;
  if (synonymsOf(term).some(says)) return SYNONYM_SHARE;
  return nearTermsOf(term).some((near) => terms.has(near)) ? NEAR_TERM_SHARE : 0;
}

/**
 * What "how many" counts: the last word before the verb ("How many help-center *articles* can I
 * publish?"). A number answers it only beside that word or a synonym, not beside another word of the
 * question ("Help center: 1 site" is no number of articles).
 */
function countedThingOf(question: string): Set<string> | undefined {
  const phrase = /\bhow many\s+((?:[\p{L}'-]+\s+){0,3}?[\p{L}'-]+?)\s+(?:can|do|does|did|are|is|was|were|will|would|should|could|have|has|you|we|i|they|there|of|in|on|at|for|per|fit|sit|stay|come|go|get|use|need|take|join|attend|work|live|make)\b/iu.exec(question)?.[1];
  const counted = phrase ? termsOf(phrase).at(-1) : undefined;
  return counted ? new Set([counted]) : undefined;
}

/** Share of the question's words an FAQ heading must have to ask the same ("Where is my data stored?"). */
const SAME_QUESTION_SHARE = 0.75;

/** Whether the passage is the answer of an FAQ whose question (its heading) has the visitor's words. */
function asksSameAs(passage: SearchHit, terms: ReadonlySet<string>): boolean {
  const heading = innermostHeading(passage.heading);
  // One shared word is too little to call two questions the same.
  if (!heading || !isQuestion(heading) || terms.size < 2) return false;
  const headingTerms = new Set(passageTermsOf(heading));
  const shared = [...terms].filter((term) => hasTermOrSynonym(headingTerms, term));
  return shared.length / terms.size >= SAME_QUESTION_SHARE;
}

/** Terms naming a kind of offer ("discount", "deal"): what the question asks for, not its context. */
const OFFER_TERMS: ReadonlySet<string> = new Set([...NAMING_FACT_WORDS].flatMap((word) => termsOf(word)));

/** Whether the passage's heading leaves out the kind of offer asked about, and its text states none. */
function leavesOutOfferAsked(passage: SearchHit, terms: ReadonlySet<string>, asked: readonly FactType[]): boolean {
  const headingTerms = new Set(passageTermsOf(innermostHeading(passage.heading) ?? ''));
  const missing = [...terms].filter((term) => OFFER_TERMS.has(term) && !hasTermOrSynonym(headingTerms, term));
  return missing.length > 0 && !asked.some((type) => statesFactIn(passage, type));
}

/** Words for a business's own place, which "your salon" or "at the clinic" means: the business itself. */
const BUSINESS_PLACES = new Set(termsOf(BUSINESS_PLACE_WORDS.join(' ')));
/** "Can I leave my car at *the clinic*?", "Is *your salon* open late?": the place the whole knowledge is about. */
function businessPlaceTermsOf(question: string): string[] {
  const said = question.matchAll(/\b(?:your|(?:at|to|in|into|from|near|outside|inside|by|reach|visit)\s+the)\s+([\p{L}]+)/giu);
  return [...said].flatMap((match) => termsOf(match[1]!)).filter((term) => BUSINESS_PLACES.has(term));
}

/**
 * The business's own name in a question ("Who runs Dhaka Sparkle?", "Does PureClean do offices?"),
 * or its place ("at your clinic"), says nothing about what is asked: the whole knowledge is about it.
 * Left out, unless nothing else is asked ("Tell me about PureClean"); a kind of fact asked for is
 * enough ("who runs it?").
 */
function withoutBusinessName(groups: string[][], businessTerms: ReadonlySet<string>, asksFact: boolean): string[][] {
  const rest = groups.filter((group) => !group.every((term) => businessTerms.has(term)));
  return rest.length || asksFact ? rest : groups;
}


function factBesideTerm(passage: SearchHit, asked: readonly FactType[], terms: ReadonlySet<string>): boolean {
  if (!asked.length || !terms.size) return false;
  const about = (text: string) => {
    const said = new Set(passageTermsOf(text));
    return [...terms].some((term) => hasTermOrSynonym(said, term));
  };
  // A section's heading says what every line of it is about ("The Cellar Room": "Up to 24 guests").
  const headingIsAbout = about(innermostHeading(passage.heading) ?? '');
  return plainLines(passage.text).some((line) => asked.some((type) => statesFact(line, type)) && (headingIsAbout || about(line)));
}

/**
 * How much of the question a passage answers: the share of the question's meaningful words that the
 * passage (its title, heading path and text) contains, where a word asking for a kind of fact
 * ("cost", "located", "open") counts as answered when the passage states such a fact.
 */
export function coverageOf(question: ParsedQuestion, passage: SearchHit): number {
  const known = termsAnsweredBy(question, passage);
  // Weighted by how telling each term is in this assistant's knowledge (1 where unknown); of
  // alternatives ("shops or warehouses") one is enough, and it weighs as the heaviest.
  const termWeight = (term: string) => {
    const idf = question.termWeights.get(term) ?? 1;
    if (Number.isFinite(idf)) return Math.min(idf, MAX_TERM_WEIGHT);
    return question.everydayTerms.has(term) ? UNKNOWN_EVERYDAY_TERM_WEIGHT : UNKNOWN_TERM_WEIGHT;
  };
  // The role a person is asked by weighs as the question's heaviest word: "chef" over "head".
  const heaviest = Math.max(0, ...question.termGroups.flat().map(termWeight));
  const weight = (term: string) => (term === question.roleTerm ? heaviest : termWeight(term));
  let total = 0;
  let covered = 0;
  for (const group of question.termGroups) {
    const groupWeight = Math.max(...group.map(weight)) * (group.every((term) => question.contextTerms.has(term)) ? CONTEXT_TERM_SHARE : 1);
    total += groupWeight;
    covered += groupWeight * Math.max(...group.map((term) => termMatch(known, term, term === question.roleTerm)));
  }
  // The kind of fact asked for ("where", "how much") is itself part of the question, as telling as an average word.
  if (question.factWords.size) {
    const weights = question.termGroups.map((group) => Math.max(...group.map(weight)));
    const factWeight = Math.min(weights.length ? weights.reduce((a, b) => a + b, 0) / weights.length : 1, MAX_TERM_WEIGHT);
    total += factWeight;
    if ([...question.factWords.keys()].some((type) => statesFactIn(passage, type))) covered += factWeight;
  }
  return total ? covered / total : 0;
}

/** The terms a passage answers: those it says, and the question's words asking for a kind of fact it states. */
function termsAnsweredBy(question: ParsedQuestion, passage: SearchHit): Set<string> {
  const said = `${headingsOf(passage)} ${passage.text}`;
  const known = new Set(passageTermsOf(said));
  for (const [type, words] of question.factWords) {
    if (statesFactIn(passage, type)) for (const word of words) for (const term of termsOf(word)) known.add(term);
  }
  for (const group of question.termGroups) for (const term of group) if (statesValueLike(term, said)) known.add(term);
  for (const { name, gloss } of question.glosses) if (name.every((term) => known.has(term))) for (const term of gloss) known.add(term);
  return known;
}

/** A name with its gloss in brackets, alone on a line: "Gukoza Imisatsi (Haircut)", "Balayage (hand-painted highlights)". */
const GLOSSED_NAME = /^(?:[-+•]\s*)?([^()\d]{3,60}?)\s*\(([^()\d]{3,40})\)$/u;
const MAX_GLOSS_WORDS = 4;

/**
 * The glosses the passages give their names. A site in Kinyarwanda may say in English only what its
 * booking form's options mean ("Gukoza Imisatsi (Haircut)") and price each under its own name alone:
 * a passage saying the whole name says what its gloss says. Names of other languages only (at most half
 * of their words English, isOtherLanguageName): "Balayage (hand-painted highlights)", not "Window cleaning (interior)".
 */
export function glossesOf(passages: readonly SearchHit[]): Gloss[] {
  const glosses: Gloss[] = [];
  for (const passage of passages) {
    for (const line of plainLines(passage.text)) {
      const match = GLOSSED_NAME.exec(line);
      if (!match || wordCount(match[1]!) > MAX_GLOSS_WORDS || wordCount(match[2]!) > MAX_GLOSS_WORDS) continue;
      const name = termsOf(match[1]!);
      const gloss = termsOf(match[2]!).filter((term) => !name.includes(term));
      // A name in English words is qualified by its brackets, not translated: "Window cleaning (interior)"
      // says nothing of another package's window cleaning.
      if (name.length && gloss.length && isOtherLanguageName(name)) glosses.push({ name, gloss });
    }
  }
  return glosses;
}
type Gloss = { name: string[]; gloss: string[] };
/** At most half of a name's words (of three letters or more) are English ones (WordNet's table or the most frequent words). */
const isOtherLanguageName = (name: readonly string[]) => {
  const words = name.filter((term) => term.length >= 3);
  return words.filter((term) => isWordNetTerm(term) || isCommonTerm(term)).length * 2 <= words.length && words.length > 0;
};

/**
 * Whether the passage says anything of what the question asks about, beyond the kind of fact: the
 * opening hours state times but say nothing of "What time is *happy* hour?", and a price list says
 * nothing of "How much is a *dog* grooming?".
 */
function mentionsWhatIsAsked(question: ParsedQuestion, passage: SearchHit): boolean {
  // Words the knowledge never uses tell no passage from another; context is not what is asked.
  const asked = question.termGroups.filter(
    (group) => !group.every((term) => question.contextTerms.has(term)) && group.some((term) => Number.isFinite(question.termWeights.get(term) ?? Infinity)),
  );
  if (!asked.length) return true;
  const known = termsAnsweredBy(question, passage);
  return asked.some((group) => group.some((term) => termMatch(known, term) > 0));
}

/** The share of `terms` a passage says as the visitor does, or in another form of the same word (see termMatch). */
function ownWordsShare(terms: readonly string[], passage: SearchHit): number {
  if (!terms.length) return 0;
  const said = new Set(passageTermsOf(`${headingsOf(passage)} ${passage.text}`));
  return terms.filter((term) => said.has(term) || saysOtherForm(said, term)).length / terms.length;
}

/** How many of the question's values (times, months, numbers) the passage says as the question does. */
function sameValuesSaid(valueTerms: ReadonlySet<string>, passage: SearchHit): number {
  if (!valueTerms.size) return 0;
  const said = new Set(passageTermsOf(`${headingsOf(passage)} ${passage.text}`));
  return [...valueTerms].filter((term) => said.has(term)).length;
}

/**
 * What a passage says it is about: its two innermost headings (outer ones, a home page's tagline, say
 * little) and, for the owner's own entries, their title.
 */
const headingsOf = (passage: SearchHit) =>
  `${passage.source === 'entry' ? passage.title : ''} ${passage.heading?.split(HEADING_PATH_SEPARATOR).slice(-2).join(' ') ?? ''}`;

export type ParsedQuestion = {
  termGroups: string[][];
  factWords: ReadonlyMap<FactType, ReadonlySet<string>>;
  termWeights: ReadonlyMap<string, number>;
  /** Terms that weigh little when the knowledge lacks them (see UNKNOWN_EVERYDAY_TERM_WEIGHT). */
  everydayTerms: ReadonlySet<string>;
  /** Terms said only around the question, not in it (see CONTEXT_TERM_SHARE). */
  contextTerms: ReadonlySet<string>;
  /** The role a person is asked by ("Who is the head *chef*?"), as a term (see roleAsked). */
  roleTerm?: string;
  /** Names the passages gloss (glossesOf). */
  glosses: readonly Gloss[];
};

/**
 * "Do you install water *softeners*?": a yes/no question names what it asks about last; when the
 * knowledge never uses that word nor one meaning the same, it does not know the answer, however well
 * a passage matches the question's other words ("install", "water").
 */
function asksAboutUnknownThing(asking: string, passages: readonly SearchHit[], termWeights: ReadonlyMap<string, number>, factTerms: ReadonlySet<string>): boolean {
  // The question's last word itself ("...before hiring them?" ends on no thing), with the words it is an
  // alternative to ("...a vet or a groomer?"): one of them the knowledge uses is a thing it knows.
  const alternatives = (asking.match(/(?:[\p{L}\p{N}]+\s+or\s+(?:an?\s+)?)*[\p{L}\p{N}]+(?=[^\p{L}\p{N}]*$)/u)?.[0] ?? '').split(/\s+or\s+(?:an?\s+)?/).map(toSearchTerm);
  const last = alternatives.at(-1);
  if (!isYesNoQuestion(asking) || !last || REQUEST_WORDS.has(last) || factTerms.has(last)) return false;
  if (alternatives.some((term) => term !== null && Number.isFinite(termWeights.get(term) ?? 0))) return false;
  // A value ("...on a Saturday in August?") is the visitor's case, not a thing the business offers.
  if (valueKindOf(last)) return false;
  // An everyday word ("night", "qualified") may be said otherwise; a rarer one names a thing.
  if (everydayTermsOf(asking).has(last)) return false;
  return !saidIn(passages, last);
}

/**
 * Whether any passage says the term or a word meaning the same. A kind of the thing says the business
 * has it ("Do you serve drinks?": "coffee, tea"); the kind it is one of does not ("Do you have a
 * sauna?": "changing rooms").
 */
function saidIn(passages: readonly SearchHit[], term: string): boolean {
  const said = new Set(passages.flatMap((passage) => passageTermsOf(`${passage.title} ${passage.heading ?? ''} ${passage.text}`)));
  return hasTermOrSynonym(said, term) || narrowerTermsOf(term).some((narrower) => said.has(narrower));
}

/**
 * "How much is a *kid's* haircut?", "Do you have a *children's* menu?": the possessive names the kind
 * asked about. When the knowledge never uses it nor a word meaning the same, the haircut it prices is
 * another kind, whatever the question's other words match.
 */
const asksAboutUnknownKind = (asking: string, passages: readonly SearchHit[], termWeights: ReadonlyMap<string, number>) =>
  possessiveTermsOf(asking).some((term) => !Number.isFinite(termWeights.get(term) ?? 0) && !valueKindOf(term) && !saidIn(passages, term));

function lightUnknownTermsOf(question: string, asking: string): Set<string> {
  const everyday = everydayTermsOf(question);
  const askingTerms = termsOf(asking);
  if (isYesNoQuestion(asking) && askingTerms.length) everyday.delete(askingTerms.at(-1)!);
  // "a *kid's* haircut", "a *children's* menu": a possessive names the kind of thing asked about, which a
  // site not saying it does not offer, however everyday the word.
  for (const term of possessiveTermsOf(question)) everyday.delete(term);
  return everyday;
}

/** Words that are no possessives though written with 's: "what's" is "what is". */
const CONTRACTED_IS = new Set(['what', 'that', 'it', 'there', 'here', 'who', 'where', 'when', 'how', 'he', 'she', 'let', 'everyone', 'everything', 'nobody', 'nothing']);

/** The terms of a question's possessives before another word: "a kid's haircut", "the children's menu", "my parents' room". */
export function possessiveTermsOf(question: string): string[] {
  const owners = question.matchAll(/([\p{L}]+)(?:['’]s|s['’])(?=\s+\p{L})/gu);
  return [...owners].map((match) => match[1]!).filter((word) => !CONTRACTED_IS.has(word.toLowerCase())).flatMap((word) => termsOf(word));
}

/**
 * The sentence that asks, in a message that also sets the scene ("There are nine of us. *Can I book
 * on the website?*"): its last question, else its last sentence.
 */
function askingSentence(message: string): string {
  const sentences = sentencesOf(message.replace(/\s+/g, ' '));
  return sentences.findLast(isQuestion) ?? sentences.at(-1) ?? message;
}

/** Terms of the scene-setting sentences that the asking sentence does not repeat. */
function contextTermsOf(message: string, asking: string): Set<string> {
  const askingTerms = new Set(termsOf(asking));
  return new Set(termsOf(message.replace(asking, ' ')).filter((term) => !askingTerms.has(term)));
}

/** The question's meaningful terms in groups of alternatives: in "shops or warehouses" the two are one group. */
export function termGroupsOf(question: string): string[][] {
  const groups: string[][] = [];
  for (const clause of question.split(/[,;:.!?]+/)) {
    const clauseStart = groups.length;
    const sides = clause.split(/\s+or\s+/i).map((part) => termsOf(part).filter((term) => !isRequestTermIn(term, part)));
    sides.forEach((terms, side) => {
      terms.forEach((term, position) => {
        const joinsPrevious = position === 0 && side > 0 && sides[side - 1]!.length > 0;
        if (joinsPrevious) groups.at(-1)!.push(term);
        else groups.push([term]);
      });
    });
    joinHyphenatedWords(clause, groups.slice(clauseStart));
  }
  return groups;
}

/**
 * "no-show", "drop-in": a hyphenated word written as one, as passages are indexed beside their own
 * words ("noshow"), answers the question's word as well as its parts do.
 */
function joinHyphenatedWords(clause: string, groups: string[][]): void {
  for (const word of clause.match(/\p{L}+(?:[-\u2010\u2011]\p{L}+)+/gu) ?? []) {
    const joined = toSearchTerm(word.replace(/[-\u2010\u2011]/g, ''));
    const parts = new Set(termsOf(word));
    const group = groups.find((terms) => terms.some((term) => parts.has(term)));
    if (joined && group && !group.includes(joined)) group.push(joined);
  }
}

/**
 * "a women's cut with blow dry": two neighbouring words the knowledge writes as one ("Blowdry") are
 * said by it, each. The closed form joins the group of each part, weighed only when the knowledge
 * uses it (questionTermWeights), so an unknown joining adds nothing.
 */
function withClosedCompounds(question: string, groups: string[][], termWeights: ReadonlyMap<string, number>): void {
  for (const { parts, joined } of openCompoundsOf(question)) {
    const term = toSearchTerm(joined);
    if (!term || !Number.isFinite(termWeights.get(term) ?? Infinity)) continue;
    for (const part of parts.map(toSearchTerm)) {
      const group = groups.find((terms) => part && terms.includes(part));
      if (group && !group.includes(term)) group.push(term);
    }
  }
}

/** A line this long is prose, not a line of an address or a contact card. */
const PROSE_LINE_WORDS = 12;
const CARD_LINE_WORDS = 8;

/**
 * Asked for a phone, an e-mail or an address in a passage of prose and a contact block (a footer the
 * page runs into a review or an about text), the block's short lines that state it: the prose would fill
 * the answer's length before the block.
 */
/** A card's label on a line of its own: "Address:", "Phone :", "Opening hours:". */
const CARD_LABEL = /^[\p{L}][\p{L} '-]{1,24}\s?:$/u;
/** The lines a label's value may take ("Address:", "Shri Maruthi Health Clinic", "Shop no 6, ..."). */
const LABELLED_VALUE_LINES = 2;

function contactBlock(lines: readonly string[], asked: readonly FactType[]): string[] | undefined {
  const contact = asked.filter((type) => CONTACT_FACTS.has(type));
  if (!contact.length || !lines.some((line) => wordCount(line) > PROSE_LINE_WORDS)) return undefined;
  const blocks: string[][] = [];
  let block: string[] = [];
  for (const [index, line] of [...lines, ''].entries()) {
    // A card's value may be one long line, after its label ("Address:" then "Shop no 6, ... main road,
    // opposite ..., Bangalore 560077") or stating the fact itself.
    const labelled = lines.slice(Math.max(0, index - LABELLED_VALUE_LINES), index).some((before) => CARD_LABEL.test(before));
    if (line && (wordCount(line) <= CARD_LINE_WORDS || labelled || contact.some((type) => statesFact(line, type)))) block.push(line);
    else if (block.length) {
      blocks.push(block);
      block = [];
    }
  }
  const stating = blocks.filter((lines) => contact.some((type) => statesFact(lines.join('\n'), type)));
  return stating.length ? stating.flat() : undefined;
}

/** The lines of a passage that answer the question: all of a short one, else those carrying its terms or asked facts. */
function answerLines(passage: SearchHit, terms: ReadonlySet<string>, asked: readonly FactType[], given: readonly number[] = [], about: ReadonlySet<string> = new Set()): string[] {
  const lines = plainLines(passage.text).filter((line) => !isQuestion(line));
  const contact = contactBlock(lines, asked);
  if (contact) return contact;
  if (wordCount(lines.join(' ')) <= WHOLE_PASSAGE_WORDS) return rowsAskedOf(lines, terms, asked, about) ?? lines;
  const units = lines.flatMap((line, lineIndex) =>
    (isListItem(line) ? [line] : sentencesOf(line)).map((text) => ({ text, lineIndex, list: isListItem(line) })),
  );
  // A term in few lines says more about which line answers than one in every line ("Sundays" in an
  // hours table where every line says "dinner"); a line stating the fact asked for counts as one such term.
  // A line says a question's word when it says it or a word meaning the same ("children's cut" for "a child's haircut").
  const unitTerms = units.map((unit) => {
    const said = new Set(passageTermsOf(unit.text));
    return new Set([...terms].filter((term) => termMatch(said, term) > 0));
  });
  const linesWith = new Map<string, number>();
  for (const found of unitTerms) for (const term of found) linesWith.set(term, (linesWith.get(term) ?? 0) + 1);
  const statesAsked = units.map(
    (unit) => (asked.some((type) => statesFact(unit.text, type)) ? 1 : 0) + (given.some((number) => thresholdApplies(number, unit.text)) ? 1 : 0),
  );
  // Lines are chosen one by one, each mostly for the question's words the lines before it did not say:
  // "Which days does the women's health physio work?" is answered by the line about women's health and
  // the line with the days, not by two lines repeating "health".
  const said = new Set<string>();
  const best: ((typeof units)[number] & { index: number })[] = [];
  // Once a chosen line states the fact asked for beside what is asked about ("Womens Haircut & Blowdry
  // $57.00"), another line stating such a fact of something else ("1/2 Head Highlights $91.00") does
  // not answer: the fact alone picks no more lines. Questions about nothing but the fact ("What are
  // your opening hours?") still get every line stating it.
  let answered = false;
  while (best.length < 3) {
    let pick: { index: number; score: number } | undefined;
    units.forEach((unit, index) => {
      if (isQuestion(unit.text) || best.some((chosen) => chosen.index === index)) return;
      const fact = answered && ![...unitTerms[index]!].some((term) => about.has(term)) ? 0 : statesAsked[index]!;
      const score = [...unitTerms[index]!].reduce((sum, term) => sum + (said.has(term) ? SAID_TERM_SHARE : 1) / linesWith.get(term)!, 0) + fact;
      if (score > 0 && (!pick || score > pick.score)) pick = { index, score };
    });
    if (!pick) break;
    best.push({ ...units[pick.index]!, index: pick.index });
    for (const term of unitTerms[pick.index]!) said.add(term);
    answered ||= statesAsked[pick.index]! > 0 && [...unitTerms[pick.index]!].some((term) => about.has(term));
  }
  if (!best.length) return lines.slice(0, 2);
  // A list the best line belongs to is shown whole (up to a few items): its items answer together.
  const chosen = new Set(best.map((unit) => unit.index));
  for (const unit of best) {
    if (!unit.list) continue;
    units.forEach((other, index) => {
      if (other.list && Math.abs(other.lineIndex - unit.lineIndex) <= MAX_ANSWER_LINES && chosen.size < MAX_ANSWER_LINES) chosen.add(index);
    });
  }
  return [...chosen].sort((a, b) => a - b).map((index) => units[index]!.text);
}

/** A table this short is shown whole: its rows are too few to choose among. */
const MIN_TABLE_ROWS = 3;

/**
 * A short passage that is a table whose every row states the fact asked ("Class: Spin; Day:
 * Wednesday; Time: 5:00 PM", a row per class): the rows naming what is asked ("When is the spin
 * class?") rather than the whole timetable. A row names it by a word of the question that not every row
 * says ("spin", not "class"); without such a word the table is shown whole.
 */
function rowsAskedOf(lines: readonly string[], terms: ReadonlySet<string>, asked: readonly FactType[], about: ReadonlySet<string>): string[] | undefined {
  if (!asked.length || lines.length < MIN_TABLE_ROWS || !lines.every((line) => asked.some((type) => statesFact(line, type)))) return undefined;
  const said = lines.map((line) => {
    const words = new Set(passageTermsOf(line));
    return [...terms].filter((term) => about.has(term) && termMatch(words, term) > 0);
  });
  const telling = new Set(said.flat().filter((term) => said.some((row) => !row.includes(term))));
  const rows = lines.filter((_, index) => said[index]!.some((term) => telling.has(term)));
  return rows.length && rows.length < lines.length ? rows : undefined;
}

/** The passage's innermost heading, when it names the answer ("Basic", "Opening hours") rather than repeating the question. */
function namingHeading(passage: SearchHit, lines: readonly string[]): string | undefined {
  const heading = innermostHeading(passage.heading);
  if (!heading || isQuestion(heading) || wordCount(heading) > 8) return undefined;
  return lines.join(' ').toLowerCase().startsWith(heading.toLowerCase()) ? undefined : heading;
}

function present(heading: string | undefined, lines: readonly string[]): string {
  if (!heading) return lines.join('\n');
  // A heading may end in its own colon ("Horaires d'ouverture :", "Contact:"): said once.
  const label = heading.replace(/\s*:\s*$/, '');
  return lines.length === 1 ? `${label}: ${lines[0]}` : `${label}:\n${lines.join('\n')}`;
}

const presentPassage = (passage: SearchHit, lines: readonly string[], asked: readonly FactType[] = []) =>
  present(asked.includes('person') ? (withPersonHeading(passage) ?? namingHeading(passage, lines)) : namingHeading(passage, lines), lines);

/**
 * Asked who, a section about someone that its own heading does not name ("mgr Iga Nowak > Areas of
 * practice") is answered with their name before its heading: the lines alone name no one.
 */
function withPersonHeading(passage: SearchHit): string | undefined {
  const heading = innermostHeading(passage.heading) ?? '';
  if (statesFactUnder(heading, passage.text, 'person')) return undefined;
  const person = personOfHeadings(passage.heading, HEADING_PATH_SEPARATOR);
  return person && `${person} – ${heading.replace(/[\s:]+$/, '')}`;
}

const parentPath = (passage: SearchHit) => passage.heading?.split(HEADING_PATH_SEPARATOR).slice(0, -1).join(HEADING_PATH_SEPARATOR);

/**
 * A price question that names none of the options ("How much is your cheapest package?") is answered
 * with every priced option of the same list the best passage belongs to (sibling sections of one page).
 * One that names something the best passage lists ("a follow-up") is answered by that passage.
 */
function pricedSiblings(best: SearchHit, passages: readonly SearchHit[], terms: ReadonlySet<string>, askedTerms: ReadonlySet<string>, glosses: readonly Gloss[]): SearchHit[] | undefined {
  const heading = innermostHeading(best.heading);
  if (!heading || termsOf(heading).some((term) => terms.has(term) && !REQUEST_WORDS.has(term))) return undefined;
  const said = new Set(passageTermsOf(best.text));
  // A heading naming what a gloss says ("Gukoza Imisatsi" for a haircut) names the option asked about.
  const named = new Set(passageTermsOf(`${heading} ${best.text}`));
  for (const { name, gloss } of glosses) if (name.every((term) => named.has(term))) for (const term of gloss) said.add(term);
  if ([...askedTerms].some((term) => hasTermOrSynonym(said, term))) return undefined;
  const parent = parentPath(best);
  const siblings = passages.filter(
    (p) => p.documentId === best.documentId && parentPath(p) === parent && innermostHeading(p.heading) && statesFact(p.text, 'price'),
  );
  if (siblings.length < 2) return undefined;
  const ordinal = (p: SearchHit) => Number(p.chunkId.split('#').at(-1));
  return siblings.sort((a, b) => ordinal(a) - ordinal(b));
}

/**
 * The embedded answerer used without an AI provider. It answers only with what a retrieved passage
 * says: the passage that covers most of the question and, when the question asks for a kind of fact
 * (a price, the hours, a phone number...), states one; else nothing (the caller says the fallback).
 * The answer is the passage's own text (its heading when that names the answer, list items on their
 * own lines, never the FAQ question again) and a link to its page by title.
 */
export function offlineAnswer(question: string, knowledge: QuestionKnowledge, strictnessLevel: number, businessName = ''): GroundedAnswer {
  const { passages, termWeights } = knowledge;
  const terms = termsOf(question);
  const asked = factTypesAsked(question);
  // "yes", "ok thanks" (after a transfer message, say) asks nothing: no FAQ that happens to say "yes"
  // answers it. "Where are you?" is all stop words too, but asks for the address.
  if (!asked.length && terms.every((term) => SMALL_TALK.has(term))) return { sources: [] };
  const factWords = factWordsAsked(question);
  // Words asking for a kind of fact ("much", "located") are answered by the fact, not by their spelling.
  const factTerms = new Set(
    // A hyphenated word is also searched joined ("e-mail": "email"), which asks as much.
    [...factWords.values()].flatMap((words) => [...words].filter((word) => !NAMING_FACT_WORDS.has(word)).flatMap((word) => [...termsOf(word), ...termsOf(word.replace(/-/g, ''))])),
  );
  const placeTerms = new Set(businessPlaceTermsOf(question));
  const businessTerms = new Set([...termsOf(businessName), ...placeTerms]);
  const termGroups = withoutBusinessName(
    termGroupsOf(question)
      .map((group) => group.filter((term) => !factTerms.has(term)))
      .filter((group) => group.length),
    businessTerms,
    factWords.size > 0,
  );
  withClosedCompounds(question, termGroups, termWeights);
  // What the question is about, without the words asking for a kind of fact or naming the business.
  const askedTerms = new Set(termGroups.flat());
  const asking = askingSentence(question);
  if (!isLenient(strictnessLevel) && (asksAboutUnknownThing(asking, passages, termWeights, factTerms) || asksAboutUnknownKind(asking, passages, termWeights))) {
    return { sources: [] };
  }
  const parsed: ParsedQuestion = {
    termGroups,
    factWords,
    termWeights,
    everydayTerms: lightUnknownTermsOf(question, asking),
    contextTerms: contextTermsOf(question, asking),
    roleTerm: asked.includes('person') ? termsOf(roleAsked(asking) ?? '')[0] : undefined,
    glosses: glossesOf(passages),
  };
  const needed = requiredCoverage(strictnessLevel);

  // The business's name often names its trade too ("Brightside *Cleaning*"): only its place is left out here.
  const contentTerms = terms.filter((term) => !isRequestTermIn(term, question) && !placeTerms.has(term));
  const contentTermSet = new Set(contentTerms.filter((term) => !factTerms.has(term)));
  const asksCount = contentTermSet.size > 0 && asked.length > 0 && asked.every((type) => COUNT_FACTS.has(type));
  const countedTerms = countedThingOf(question);
  const yesNo = isYesNoQuestion(asking);
  const valueTerms = new Set(termGroups.flat().filter((term) => valueKindOf(term)));
  const given = numbersGiven(valueTerms);
  // "What's included in...?" asks for a list; "Is parking included?" asks whether one thing is.
  const contents = !yesNo && asksContents(asking);
  const when = asksWhen(asking);
  // "What services do you offer?" names nothing but the offer itself, which a list under a heading naming it answers.
  const offer = !termGroups.length && !asked.length ? offerListOf(asking, passages) : undefined;
  if (offer) return groundedIn(offer, presentPassage(offer, plainLines(offer.text)));
  const streetGiven = asked.length === 1 && asked[0] === 'address' && passages.some((passage) => statesStreetAddress(passage.text));
  let best: Candidate | undefined;
  passages.forEach((passage, rank) => {
    // The site's own FAQ asking the same question answers it, whatever kind of fact it seemed to ask for;
    // not one that leaves out the offer asked about and does not state one ("Any discount on the annual
    // check?": "Why are annual check-ups important?").
    const sameQuestion = asksSameAs(passage, askedTerms) && !leavesOutOfferAsked(passage, askedTerms, asked);
    // "How much is a deep clean?" needs an amount; "Are there any extra fees?" may be answered by "No hidden fees".
    if (!sameQuestion && asked.length && !yesNo && !asked.some((type) => statesFactIn(passage, type))) return;
    // Asked where, a passage only naming the town ("Located in the centre of Amsterdam") answers when no passage gives the address.
    if (!sameQuestion && streetGiven && !statesStreetAddress(passage.text)) return;
    // "How soon...?", "How many...?": a number of days or things counts only where it is said of what is asked.
    if (!sameQuestion && !yesNo && asksCount && !factBesideTerm(passage, asked, countedTerms ?? contentTermSet)) return;
    // "What are your opening hours on Sunday?": another day's times, or a class timetable's, are no answer.
    if (!sameQuestion && asked.includes('hours') && leavesOutDaysAsked(asking, innermostHeading(passage.heading) ?? passage.title, plainLines(passage.text).join('\n'))) return;
    const coverage = sameQuestion ? 1 : coverageOf(parsed, passage);
    // A business has one phone number, e-mail and address: asked for one ("the office e-mail"), the
    // passage stating it answers, whatever the question's other words.
    const statesContact = asked.some((type) => CONTACT_FACTS.has(type) && statesFactIn(passage, type));
    if (coverage < (statesContact ? needed / 2 : needed)) return;
    if (!sameQuestion && !statesContact && !mentionsWhatIsAsked(parsed, passage)) return;
    // "Can you come to my house?": what a customer felt ("like a home to me") says nothing of whether the business does it.
    if (yesNo && !statesContact && isTestimonial(passage)) return;
    // Of passages answering alike, the owner's own knowledge, then the one whose own heading names
    // what was asked ("Opening hours" over "Holiday hours").
    const headingTerms = new Set(termsOf(passage.source === 'entry' ? passage.title : (innermostHeading(passage.heading) ?? '')));
    const headingMatch = contentTerms.filter((term) => headingTerms.has(term)).length / (contentTerms.length || 1);
    // An FAQ's question is written to be matched by visitors' questions: its words count twice.
    const faqHeading = isQuestion(innermostHeading(passage.heading) ?? '');
    const score =
      coverage +
      (faqHeading ? 0.2 : 0.1) * headingMatch +
      (factBesideTerm(passage, asked, contentTermSet) ? FACT_BESIDE_TERM_PREFERENCE : 0) +
      (contents && listsThings(passage) ? LIST_PREFERENCE : 0) +
      (when && factBesideTerm(passage, ['hours'], contentTermSet) ? WHEN_PREFERENCE : 0) +
      (passage.source === 'entry' ? OWNER_KNOWLEDGE_PREFERENCE : 0) +
      (statesContact && isSiteDetailsDocument(passage.documentId) ? SITE_CONTACT_PREFERENCE : 0) +
      SAME_VALUE_PREFERENCE * sameValuesSaid(valueTerms, passage) +
      (given.some((number) => thresholdApplies(number, passage.text)) ? THRESHOLD_PREFERENCE : 0) +
      OWN_WORDS_PREFERENCE * ownWordsShare(contentTerms, passage) +
      (parsed.roleTerm && saysRole(passage, parsed.roleTerm) ? ROLE_PREFERENCE : 0) +
      (asked.includes('address') && statesStreetAddress(passage.text) ? ADDRESS_FORM_PREFERENCE : 0) -
      (isTestimonial(passage) ? REVIEW_PENALTY : 0) -
      (yesNo && asked.includes('hours') && innermostHeading(passage.heading) === DECLARED_DETAILS_HEADING ? DECLARED_HOURS_PENALTY : 0);
    if (!best || score > best.score) best = { passage, rank, score };
  });
  if (!best) return { sources: [] };

  const termSet = new Set(terms);
  const chosen = best.passage;
  const options = asked.includes('price') ? pricedSiblings(chosen, passages, termSet, askedTerms, parsed.glosses) : undefined;
  const body = options
    ? options
        .map((option) => present(innermostHeading(option.heading), plainLines(option.text).filter((l) => statesFact(l, 'price')).slice(0, 1)))
        .join('\n')
    : presentPassage(chosen, answerLines(chosen, termSet, when && !asked.includes('hours') ? [...asked, 'hours'] : asked, given, askedTerms), asked);
  if (!body.trim()) return { sources: [] };
  // "Are you open on a Monday?" against "Tue–Sun 10–4": said before the hours, open or closed.
  const verdict = asked.includes('hours') ? dayVerdict(asking, innermostHeading(chosen.heading) ?? chosen.title, plainLines(chosen.text).join('\n')) : undefined;
  return groundedIn(chosen, verdict ? `${verdict}\n${body}` : body);
}

/** An answer from a passage, with the link to the page it is from. */
function groundedIn(chosen: SearchHit, answer: string): GroundedAnswer {
  if (!chosen.url) return { answer, sources: [] };
  const title = sourceTitle(chosen);
  return { answer: `${answer}\n\nMore details: ${sourceLink(title, chosen.url)}`, sources: [{ title, url: chosen.url }] };
}

/** "What services do you offer?", "What treatments do you have?", "What do you sell?": the whole offer asked for. */
const ASKS_OFFER =
  /\bwhat (?:kinds? of |types? of |sorts? of )?(services?|treatments?|products?)\b(?=.*\b(?:offer|provide|do|have|sell|available)\b)|\bwhat (?:do|does|can) (?:you|your \w+) (?:offer|provide|sell)\s*\??$/i;

/**
 * The list a question asking for the whole offer is answered by: the best-ranked passage listing two
 * things or more under a heading that names what was asked ("Services", "Our treatments"; for "What do
 * you offer?", one naming services, products or the offer).
 */
function offerListOf(asking: string, passages: readonly SearchHit[]): SearchHit | undefined {
  const match = ASKS_OFFER.exec(asking);
  if (!match) return undefined;
  const named = new Set(termsOf(match[1] ?? 'services products offer'));
  return passages.find((passage) => listsThings(passage) && termsOf(innermostHeading(passage.heading) ?? '').some((term) => named.has(term)));
}
