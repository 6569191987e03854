import { NUMBER_WORDS, numberValue } from './number-words.js';
import { withoutEnglishLookingStopWords } from './other-languages.js';

/**
 * Everyday phrases visitors use where websites use one word ("every two weeks" for "bi-weekly",
 * "get back to me" for "respond"): a word-by-word search cannot see that they mean the same. Each
 * phrase is rewritten to the site's usual word before the question is searched and answered. General
 * English only: never a business's, a product's or a place's name.
 */
const count = String.raw`(?:\d{1,2}|${NUMBER_WORDS.join('|')})`;
const ADULT_AGE = 18;

/** "our five-year-old", "my 6 yr old": a child of that age, as sites write it ("children aged 5", "from age 8"). */
const childAge: [RegExp, (match: string, number: string) => string] = [
  new RegExp(String.raw`\b(${count})[- ]?(?:years?|yrs?|y)[- ]?olds?\b|\b(${count}) ?yo\b`, 'gi'),
  (match, number) => (numberValue(number) < ADULT_AGE ? `child aged ${number}` : `aged ${number}`),
];

/** People counted in parts ("two adults and two kids", "3 adults, 1 child"): sites say how many a room or table takes. */
const people = String.raw`(?:adults?|kids?|children|child|people|persons?|guests?|teens?|teenagers?|babies|baby|infants?|toddlers?|grown-?ups?)`;
const partyOfParts: [RegExp, (match: string) => string] = [
  new RegExp(String.raw`\b${count} ${people}(?:(?:,| and| &| plus|,? and) (?:an? |${count} )${people})+\b`, 'gi'),
  (match) => {
    const total = [...match.matchAll(new RegExp(String.raw`\b(${count}|an?) ${people}`, 'gi'))].reduce((sum, [, n]) => sum + (/^an?$/i.test(n!) ? 1 : numberValue(n!)), 0);
    return `${match} (${total} people)`;
  },
];

const PHRASES: [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  childAge,
  partyOfParts,
  [/\bevery (?:two|2|other) weeks?\b|\btwice a month\b/gi, 'biweekly'],
  [/\b(?:get|gets|got|getting|come|coming) back to (?:me|us)\b|\bhear back\b/gi, 'respond'],
  [/\b(?:get|have|want|getting) (?:my|our|the|your) money back\b/gi, 'refund'],
  // The visitor's words stay: leaving a car may be parking, or leaving it with a garage overnight.
  [/\b(?:leave|put|stop) (?:my|our|the) (?:car|van|vehicle)\b/gi, '$& (parking)'],
  [/\b(?:sat ?nav|gps|google maps)\b/gi, 'directions'],
  [/\b(?:first[- ]time|new) (?:customers?|clients?)\b/gi, 'first'],
  // Coming for the first time is being new: sites write "New here?", "new students", "new patients".
  [/\b(?:for|at) (?:the|my|our) (?:very )?first time\b|\b(?:try|trying|tried) (?:you|it|us|the \w+) out\b|\bfirst[- ]timers?\b/gi, 'new'],
  // UK "end of tenancy" is the US "move-out"; settling in somewhere new is moving in.
  [/\bend[- ]of[- ](?:tenancy|tenancies|lease|let)\b/gi, 'move-out'],
  [/\bsettl(?:e|ing) in\b/gi, 'move in'],
  [/\b(?:people|persons?|folks?|those) (?:you|who you) (?:hire|employ|send)\b/gi, 'staff'],
  // A table at a restaurant is reserved: sites write "reservations" or "bookings", seldom "table".
  [/\b(?:reserve|book|get) (?:a|an|our|the) table\b/gi, '$& or reservation or booking'],
  // Asking for work ("Are you hiring?", not "...before hiring them?"): sites write careers, jobs, vacancies
  // or opportunities, seldom "hiring". Joined by "or", the words are alternatives of one term
  // (termGroupsOf), any of which a careers page answers.
  [/\b(?:are|is) (?:you|they|the \w+|\w+) (?:currently |still |now )?(?:hiring|recruiting)\b|\bjob (?:openings?|vacanc(?:y|ies))\b/gi, '$& or careers or jobs or vacancies or positions or opportunities'],
  // "Who owns the salon?" asks for the owner, as team pages title a person ("Owner & Lead Stylist").
  [/\bwho (?:owns|owned)\b/gi, '$& (owner)'],
  [/\bwho (?:founded|started|set up)\b/gi, '$& (founder)'],
  [/\bwho (?:manages|managed)\b/gi, '$& (manager)'],
  // Leaving a room for good, on the last morning, is checking out.
  [/\b(?:be|get) out(?= by\b| on the (?:last|final|departure)\b)|\b(?:vacate|leave) (?:the|our|my) (?:room|rooms|cottage|cabin|apartment|flat|house|property|lodge|suite)\b|\bcheck(?:ing)? out\b/gi, 'check-out'],
  [/\bon (?:the|our) (?:last|final|departure) (?:morning|day)\b/gi, 'on check-out day'],
  // Not coming to a booking is what a site's no-show (or cancellation) policy is about.
  [/\b(?:miss|missed|missing|skip|skipped) (?:my|our|an|a|the|your) (?:appointment|booking|reservation|session|class|lesson|visit)\b/gi, 'no-show'],
  [/\b(?:do ?n[o']t|did ?n[o']t|not) (?:turn|show) up\b/gi, 'no-show'],
  // Work not done properly is work the customer is not satisfied with.
  [/\b(?:is ?n[o']t|was ?n[o']t|not) (?:done )?(?:properly|right|well|good enough)\b|\bnot (?:completely |fully |totally )?(?:happy|pleased)\b|\bunhappy\b/gi, 'not satisfied'],
];

/** The question in the site's words: the phrases above rewritten, and in another language without its English-looking function words. */
export function withSiteWords(question: string): string {
  return PHRASES.reduce((text, [phrase, word]) => text.replace(phrase, word as string), withoutEnglishLookingStopWords(question));
}
