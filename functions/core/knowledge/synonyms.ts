import { toSearchTerm } from './search-terms.js';

/**
 * Words visitors and small-business websites use for the same thing. Stemming makes "cleaners" find
 * "cleaner"; this makes "customers" find "clients" and "shop" find "retail", on any site, without a
 * model. Groups are general English; they never name a business, a place or a product.
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
  'guarantee warranty',
  'green eco ecofriendly sustainable',
  'vet screen background',
  'check screen verify',
  'hire recruit',
  'redo reclean',
  'book booking appointment reserve reservation schedule',
  'cancel cancellation reschedule',
  'reply respond response',
  'quick fast prompt',
  'location address',
  'country countries',
  'children child kids',
  'pet dog cat',
  'sofa couch upholstery',
  'rug carpet',
  'fridge refrigerator',
  'tenancy rental lease',
  'moving move relocation',
  'biweekly fortnightly',
  'equipment supplies',
  'products detergent',
  'large big',
  'small little',
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
for (const [kinds, whole] of KINDS) for (const kind of searchTermsOf(kinds)) addSynonyms(kind, searchTermsOf(whole));

/** The other search terms meaning the same as `term` (a search term). */
export function synonymsOf(term: string): readonly string[] {
  return synonymsByTerm.get(term) ?? [];
}
