import { wordNetRelatedTerms } from './related-words.js';
import { toSearchTerm } from './search-terms.js';

/**
 * Words visitors and small-business websites use for the same thing that WordNet does not relate
 * closely (related-words.ts has the rest): trade usage ("package", "plan", "tier"), spellings of one
 * word, and business senses WordNet keeps apart ("fee", "price", "rate"). Stemming makes "cleaners"
 * find "cleaner"; this makes "shop" find "retail", on any site, without a model. Groups are general
 * English; they never name a business, a place or a product. A pair WordNet relates in the senses
 * English mostly means ("guarantee" and "warranty", "big" and "large") is not written here.
 */
const GROUPS = [
  'customer client patron',
  'staff team employee worker crew personnel technician professional',
  'owner founder proprietor',
  'manager supervisor',
  'price cost fee charge rate',
  'package plan tier bundle',
  'shop store retail boutique',
  'warehouse industrial factory',
  'home house residential apartment flat',
  'office workplace commercial business',
  'extra additional hidden surcharge',
  'discount deal promotion',
  'green eco ecofriendly sustainable',
  'check screen verify',
  'hire recruit',
  'redo reclean',
  'book booking appointment reserve reservation schedule',
  'cancel cancellation reschedule',
  'reply respond response',
  'quick fast prompt',
  'location address',
  'children child kids',
  'pet dog cat',
  'sofa couch upholstery',
  'tenancy rental lease',
  'fridge refrigerator',
  'moving move relocation',
  'biweekly fortnightly',
  'equipment supplies',
  'products detergent',
  'cheapest lowest',
  'free complimentary',
  'area neighborhood neighbourhood district region town city village community suburb',
  'demo showroom',
  'doctor gp physician',
  'parking park car',
  'trial test',
  'people guest',
  'arrive come',
  'start begin',
  'outside exterior outdoor',
  'inside interior indoor',
  'online website web internet',
];

/**
 * Words for a kind of something, found by the words for the whole kind but not by each other: a
 * business's cleaners or plumbers are its staff ("How many cleaners do you have?": "200+ trained
 * professionals"), though a plumber is no chef.
 */
const KINDS: [string, string][] = [['cleaner plumber electrician mechanic stylist barber therapist nurse chef instructor trainer tutor', 'staff team employee worker crew personnel professional']];

const searchTermsOf = (words: string) => [...new Set(words.split(' ').map(toSearchTerm).filter((t): t is string => t !== null))];

/** Each term's synonyms, as search terms (stemmed). */
const synonymsByTerm = new Map<string, string[]>();
const addSynonyms = (term: string, synonyms: readonly string[]) =>
  synonymsByTerm.set(term, [...new Set([...(synonymsByTerm.get(term) ?? []), ...synonyms.filter((t) => t !== term)])]);
for (const group of GROUPS) {
  const terms = searchTermsOf(group);
  for (const term of terms) addSynonyms(term, terms);
}
const wholeByKind = new Map<string, string[]>();
for (const [kinds, whole] of KINDS) for (const kind of searchTermsOf(kinds)) addSynonyms(kind, searchTermsOf(whole));
for (const [kinds, whole] of KINDS) for (const kind of searchTermsOf(kinds)) wholeByKind.set(kind, searchTermsOf(whole));

/** The other search terms the groups above give `term` (a search term): the same thing in a small business's words. */
export function writtenSynonymsOf(term: string): readonly string[] {
  const variant = otherSpellingOf(term);
  const written = synonymsByTerm.get(term) ?? [];
  return variant ? [...written, variant] : written;
}

/**
 * The British or American spelling of a search term (a Porter2 stem): "colour" / "color", "centr" /
 * "center", "organis" / "organiz". A visitor writes their own; the site, the other.
 */
export function otherSpellingOf(term: string): string | undefined {
  if (term.length < 5 || !/^[a-z]+$/.test(term)) return undefined;
  if (/[^aeiou]our$/.test(term) && term.length >= 6) return term.replace(/our$/, 'or');
  if (/[^aeiou]or$/.test(term)) return term.replace(/or$/, 'our');
  if (/tr$/.test(term)) return term.replace(/tr$/, 'ter');
  if (/ter$/.test(term)) return term.replace(/ter$/, 'tr');
  if (term.length >= 6 && /[^aeiou][iy]s$/.test(term)) return term.replace(/s$/, 'z');
  if (term.length >= 6 && /[^aeiou][iy]z$/.test(term)) return term.replace(/z$/, 's');
  return undefined;
}

/**
 * The whole a kind of KINDS belongs to ("chef": "staff", "team"). Asked who the chef is, every card of
 * the team is staff: only the one saying "chef" answers.
 */
export function wholeOfKind(term: string): readonly string[] {
  return wholeByKind.get(term) ?? [];
}

/** The other search terms meaning the same as `term` (a search term): in the groups above or in WordNet. */
export function synonymsOf(term: string): readonly string[] {
  const written = synonymsByTerm.get(term) ?? [];
  const wordNet = wordNetRelatedTerms(term).synonyms;
  return wordNet.length ? [...new Set([...written, ...wordNet])] : written;
}

/**
 * Terms of the senses directly above and below `term`'s in WordNet ("vet": "doctor"; "dog": "puppy"):
 * related, less closely than synonyms.
 */
export function nearTermsOf(term: string): readonly string[] {
  const { broader, narrower } = wordNetRelatedTerms(term);
  return [...broader, ...narrower];
}

/** Terms of senses directly below `term`'s: kinds of it ("drink": "coffee", "tea"). */
export function narrowerTermsOf(term: string): readonly string[] {
  return wordNetRelatedTerms(term).narrower;
}

/**
 * One term standing for the words meaning the same as `term`, for grouping paraphrases: the first of
 * its group above, else the first of those WordNet synonyms whose synonyms include it in turn (a word
 * that is a synonym of another only in a rare sense of it keeps its own meaning: "reserve" is not
 * grouped with "allow").
 */
export function canonicalTerm(term: string): string {
  const written = synonymsByTerm.get(term);
  if (written?.length) return [term, ...written].sort()[0]!;
  const mutual = wordNetRelatedTerms(term).synonyms.filter((synonym) => wordNetRelatedTerms(synonym).synonyms.includes(term));
  return [term, ...mutual].sort()[0]!;
}
