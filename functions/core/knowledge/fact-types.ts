import { LruCache } from '../runtime/lru-cache.js';
import { BUSINESS_PLACE_WORDS } from './business-places.js';
import { namesCountry } from './country-names.js';
import { statesAmount } from './currency-amounts.js';
import { ASKED_IN_OTHER_LANGUAGES, folded, FRENCH_WHERE, OTHER_DAY, STATED_IN_OTHER_LANGUAGES } from './other-languages.js';

/**
 * The kinds of fact visitors most often ask a business for, recognised the same way in passages
 * (does this text state a price, a time, an address...?) and in questions (is this asking for one?).
 * A question for a kind of fact is answered only by a passage that states one: "How much is a deep
 * clean?" needs an amount, "What's your phone number?" needs a number, whatever words surround it.
 * These are general English patterns, not facts of any site.
 */
export const FACT_TYPES = ['price', 'discount', 'hours', 'address', 'phone', 'email', 'duration', 'quantity', 'person', 'country', 'founded'] as const;
export type FactType = (typeof FACT_TYPES)[number];

/** What a named person is at a business: the word that makes "Fatima Ahmed" a person and "Deep Cleaning" not. */
const ROLES =
  'founder|co-?founder|owner|director|manager|supervisor|lead|head|chief|ceo|coo|cto|president|partner|principal|coordinator|administrator|receptionist|therapist|physio(?:therapist)?|chef|sommelier|specialist|consultant|advisor|adviser|accountant|technician|engineer|nurse|doctor|dentist|surgeon|vet|veterinarian|instructor|trainer|teacher|tutor|coach|stylist|designer|developer|officer|secretary|assistant|clerk|agent|representative|' +
  // Trades and crafts of small businesses: the people a visitor asks for by what they do.
  'mechanic|barber|hairdresser|colou?rist|groomer|hygienist|optometrist|optician|pharmacist|midwife|osteopath|chiropractor|podiatrist|masseu(?:r|se)|esthetician|beautician|artist|baker|barista|bartender|photographer|electrician|plumber|builder|carpenter|joiner|decorator|gardener|landscaper|roofer|locksmith|tiler|glazier|welder|tailor|florist|butcher|guide|lawyer|solicitor|attorney|architect|surveyor|pilot|skipper|captain|' +
  // The same in German, Spanish, French, Portuguese, Italian and Polish, as team pages write them
  // (forms starting and ending with an ASCII letter, as the pattern's word boundaries need).
  'inhaber(?:in)?|gesch[äa]ftsf[üu]hrer(?:in)?|k[öo]chin|koch|chefk[öo]ch(?:in)?|konditor(?:in)?|kellner(?:in)?|k[üu]chenchef(?:in)?|friseur(?:in|e)?|friseurmeister(?:in)?|b[äa]ckermeister(?:in)?|physiotherapeut(?:in)?|zahnarzt|zahn[äa]rztin|arzt|trainerin|' +
  'due[ñn][oa]|propietari[oa]|gerente|cociner[oa]|jefe de cocina|peluquer[oa]|entrenador(?:a)?|fisioterapeuta|m[ée]dic[oa]|dentista|odont[óo]log[oa]|' +
  'propri[ée]taire|g[ée]rante?|fondat(?:eur|rice)|p[âa]tissi(?:er|[èe]re)|coiffeu(?:r|se)|cuisini(?:er|[èe]re)|esth[ée]ticienne|kin[ée]sith[ée]rapeute|m[ée]decin|dentiste|' +
  'dono|dona|propriet[áa]ri[oa]|cabeleireir[oa]|treinador(?:a)?|professor(?:a)?|nutricionista|' +
  'titolare|parrucchier[ea]|cuoc[oa]|allenatore|fisioterapista|' +
  'w[łl]a[śs]ciciel(?:ka)?|kierownik|fizjoterapeut(?:a|ka)|trener(?:ka)?|dietety(?:k|czka)|lekarz|stomatolog';

const day = String.raw`(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?`;
/** A time of day: "9am", "5:30 pm", "17:30". */
export const clock = String.raw`\b\d{1,2}(?:[:.]\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)(?![a-z])|\b(?:[01]?\d|2[0-3]):[0-5]\d\b`;

/** What a passage must contain to state a fact of each kind. */
const statedIn: Record<FactType, RegExp> = {
  // "20% off your first clean", "save $20": a price reduction.
  discount: /\b\d+\s?%\s?(?:off|discount)\b|\p{Sc}\s?\d+(?:[.,]\d+)? off\b|\b(?:save|saving)s? (?:up to )?(?:\p{Sc}\s?)?\d|\bdiscount(?:s|ed)? (?:of|for|on)\b/iu,
  // An amount, or a share of what is paid ("a 30% deposit", "charged at 50% of the booked service").
  // (Amounts in any currency are found by statesAmount, see statesFact.)
  price: /\b(?:free of charge|no charge|for free)\b|\b\d+(?:\.\d+)?\s?%(?:\s+[\p{L}-]+){0,3}?\s+(?:deposit|charge|fee|price|cost|bill|total|balance|payment)s?\b/iu,
  hours: new RegExp(String.raw`${clock}|\b(?:opening hours|hours|open)\s*:|\b${day}\b[^.\n]{0,40}(?:\d|closed|open)|\b24\s*/\s*7\b|\bround the clock\b|\bopen (?:daily|every day)\b`, 'i'),
  address: new RegExp(
    [
      // 123 Main Street, 45 Sparkle Road (a capitalised name before the street word), Suite 4, a labelled "Address:" field
      String.raw`\b\d{1,5}[a-zA-Z]?,?\s+(?:\p{Lu}[\p{L}'.-]*\s+){1,4}(?:[Ss]treet|St|[Rr]oad|Rd|[Aa]venue|Ave|[Bb]oulevard|Blvd|[Ll]ane|Ln|[Dd]rive|Dr|[Ww]ay|[Cc]ourt|Ct|[Pp]lace|Pl|[Ss]quare|[Pp]arkway|Pkwy|[Hh]ighway|Hwy|[Tt]errace|[Cc]lose|[Cc]rescent|[Pp]laza|[Rr]ow)\b`,
      String.raw`\b(?:[Ss]uite|[Ff]loor|[Uu]nit|P\.?O\.? [Bb]ox)\s+\d`,
      String.raw`\b(?:[Aa]ddress|ADDRESS|[Ll]ocation|[Ff]ind us|[Vv]isit us|[Hh]ead office|[Oo]ur office)\s*:`,
    ].join('|'),
    'u',
  ),
  // Digits in the usual groupings (at least seven, see hasPhoneNumber), a vanity number such as 1 (800) CLEAN-NOW,
  // or an international number written without spaces ("+254790657234", "(+254)790657234").
  // Groups may be set apart by spaced hyphens ("613 - 777 - 7777"); a national number starting with
  // its trunk 0 is often written in one run ("08123456789", "0712345678").
  phone: /\b0\d{8,11}\b|(?:\+\d{1,3}[\s.-]?|\(\+\d{1,3}\)\s?)?(?:\(0?\d{1,5}\)[\s.-]?)?\d{2,5}(?:(?:[^\S\n]?[.-][^\S\n]?|[^\S\n]\/[^\S\n]|\s)\d{2,5}){0,4}|\(\d{3}\)\s?[A-Z0-9]{2,}(?:-[A-Z0-9]{2,})+|(?:\+|\(\+)\d{1,3}\)?\d{7,12}\b/g,
  email: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/,
  duration: /\b(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|sixty|ninety)\s*\+?\s*(?:(?:-|to)\s*\d+\s*)?-?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?)\b|\b(?:same|next)[- ]day\b|\bwithin an? (?:hour|day|week)\b/i,
  // A name beside what the person does ("Ayesha Begum, Lead Supervisor"): a pair of capitalised words
  // alone is as often a service ("Deep Cleaning") as a person (see statesPerson).
  // Within one line: a heading ("Cut & Style") and the line under it ("Curly cut") are no name.
  person: /(?:^|[^\p{L}])\p{Lu}\p{Ll}+(?:[^\S\n]+\p{Lu}\.)?[^\S\n]+\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?(?![\p{L}])/u,
  // Checked by namesCountry (country-names.ts); this only rules out text without a capital letter.
  country: /\p{Lu}/u,
  // How long the business has been going: "since 1987", "Established 1998", "Est. 2004", "founded in
  // 2011", "over 15 years in business", "for more than 20 years".
  founded: new RegExp(
    [
      String.raw`\b(?:since|established|estd?\.|founded|opened|trading since|in business since)(?:\s+(?:in|our doors in|back in))?\s+(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+)?(?:1[89]|20)\d{2}\b`,
      // A house's age is when it was built: "a farmhouse built in 1764", "dating from 1890".
      String.raw`\b(?:built|dating (?:back )?(?:from|to)|dates (?:back )?(?:from|to))\s+(?:in\s+)?(?:1[5-9]|20)\d{2}\b`,
      String.raw`\b\d+\+?\s*years?\s+(?:of\s+(?:experience|service|trading|serving)|in\s+(?:business|the trade|the industry)|experience|serving|trading)\b`,
      String.raw`\bfor\s+(?:over|more than|nearly|almost|well over)\s+(?:\d+|[a-z]+)\s+(?:years|decades)\b`,
      // "I've been tattooing for three years", "we have been baking bread for over 20 years".
      String.raw`\bbeen\s+[a-z]+ing(?:\s+[a-z]+){0,2}?\s+for\s+(?:(?:over|more than|nearly|almost|well over|about|around)\s+)?(?:\d+|[a-z]+)\+?\s+(?:years|decades)\b`,
    ].join('|'),
    'i',
  ),
  quantity: /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|fifty|hundred|thousand|dozen|several)\b/i,
};

/** A time of day as visitors write it: "4pm", "4:30 p.m.", "half past four", "quarter to 6", "five o'clock", "noon". */
const HOUR_WORD = String.raw`(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
const TIME_OF_DAY = String.raw`\b(?:(?:half|quarter)\s+(?:past|to)\s+${HOUR_WORD}|\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|${HOUR_WORD}\s*o'?clock|noon|midday|midnight)(?![a-z0-9])`;
const DAY_OR_DATE = String.raw`(?:${day}|today|tonight|tomorrow)`;
/** "...before my appointment", "...in advance": how long ahead of something, not a time of day. */
const AHEAD = String.raw`[^?.!]*\b(?:before|ahead|in advance|prior to|beforehand)\b`;
const NOT_AHEAD = `(?!${AHEAD})`;

/** After "how much", what makes it a price question ("how much is...", "how much?") rather than a quantity ("how much honey"). */
const PRICE_FOLLOWS = String.raw`\s+(?:is|are|was|does|do|did|will|would|should|can|could|for|to|it|they|you|we|i|a|an|the|per|on|extra)\b|\s*[?.!]|\s*$`;

/** The words that ask for each kind of fact (matched on whole words of the lower-cased question). */
const askedBy: Record<FactType, RegExp> = {
  // "How much is / does / for..." asks a price; "how much honey" a quantity.
  price: new RegExp(String.raw`\b(?:price[sd]?|pricing|costs?|costing|charges?|charged|fees?|rates?|how much(?=${PRICE_FOLLOWS})|expensive|cheap(?:er|est)?|afford(?:able)?|budget|set me back|run (?:me|us)|tariffs?|quote[sd]?)\b`),
  discount: /\b(?:price breaks?|discount(?:s|ed)?|deals?|promo(?:tion)?s?|special offers?|coupons?|vouchers?|money off)\b/,
  hours: new RegExp(
    // A day alone ("which loaf do you bake on Thursdays?") is not asking for opening times, nor a time
    // alone ("We won't arrive until 10pm, is that OK?"); a day and a time the visitor would come at
    // are ("Could we come in at half past four on a Sunday?", "lunch on a Tuesday at noon").
    String.raw`\b(?:hours?|open(?:ing|s)?|clos(?:e|es|ed|ing)|shut(?:s|ting)?|what time|how (?:late|early)${NOT_AHEAD}|weekends?|weekdays?)\b|(?<=\b${DAY_OR_DATE}\b.*)${TIME_OF_DAY}|${TIME_OF_DAY}(?=.*\b${DAY_OR_DATE}\b)`,
  ),
  // "Where are you / is your office" asks for the business's address; "where does the bus park" may not,
  // nor "Where did you study / train / go to school?", which asks about a person's past.
  // "Where exactly is...", "Which part of town / area of the city are you in?", "What neighbourhood...?",
  // "Which city are you in?", "What town is your shop in?".
  address:
    /\bwhere\b(?!\s+(?:did|do|have)\s+(?:you|they|he|she)\s+(?:go to|study|studied|train|trained|graduate|graduated|learn|learned|learnt|qualify|qualified|grow up|come from|work before)\b)(?=.*\b(?:you|your|yours|office|shop|store|business|company|premises|headquarters|hq)\b)|\bwhere(?:'s| is| are|\s+(?:exactly|about|abouts)\s+(?:is|are)\b)|\b(?:located|locations?|(?<!e-?mail )address(?:es)?|directions?|find you|based|premises|visit you|come to you|postcode|zip|whereabouts|neighbou?rhood|(?:area|part|side) of (?:the )?(?:city|town))\b|\b(?:which|what) (?:city|town|suburb|village|district|region|county|state|province)\b(?=.*\b(?:you|your)\b)/,
  phone: /\b(?:phone|call|ring|telephone|tel|mobile|number to|whatsapp|text you|hotline)\b|(?<!\b(?:registration|company|vat|tax|account|order|reference|tracking|policy|serial|model|invoice|licen[cs]e) )\bnumber\b(?![^?]*\b(?:of|many)\b)/,
  email: /\b(?:e-?mail|mail you|email address)\b/,
  // "How early should I arrive before my slot?" asks how long before, not the opening time.
  duration: new RegExp(String.raw`\bhow (?:long|quickly|soon|fast)\b|\bhow far (?:ahead|in advance)\b|\bturnaround\b|\bhow (?:early|late)\b(?=${AHEAD})`),
  // "Who teaches...?", "Which mechanic should I ask...?", "Which of your stylists does curly hair?"
  person: new RegExp(String.raw`\bwho(?:m|se)?\b|\bwhich (?:of (?:your|the) )?(?:${ROLES})s?\b`),
  // "Which countries do you operate in?", "Do you work abroad?": answered by the places named.
  country: /\b(?:countr(?:y|ies)|international(?:ly)?|abroad|overseas|worldwide|continents?)\b/,
  // "How long have you been in business?", "When were you founded?", "How old is the bakery?"; "How long
  // have you been practising / trading / teaching?" asks the same, whatever the trade's verb.
  founded:
    /\bhow long (?:have|has) (?:you|your|the|it|they|this|[a-z]+)(?: [a-z]+)? been(?: (?:in business|around|open|doing this|[a-z]+ing))?\b|\bhow long (?:have|has) (?:you|it|they) (?:existed|traded|operated)\b|\bwhen (?:were|was|did) (?:you|your|the|it|they|(?:[\w'&-]+ ){1,4}?)\b.*\b(?:founded|established|started|opened|set up|begin|start|open)\b|\bhow old is (?:the|your|this) (?:business|company|firm|shop|salon|restaurant|bakery|garage|studio|clinic|practice|gym|cafe|hotel|house|building|inn|property)\b|\bwhat year\b|\byears? (?:in|of) (?:business|trading|experience)\b|\bhow many years(?: (?:have|has) [a-z]+ been(?: [a-z]+)?)?\b|\bhow experienced\b/,
  quantity: new RegExp(String.raw`\bhow many\b|\bhow much(?!${PRICE_FOLLOWS})|\bnumber of\b|\bhow big\b|\bhow large\b`),
};
/**
 * Words that ask for a kind of fact and also name what is asked about ("Is there a *discount* for
 * regular customers?"): a passage must state the fact or say the word itself, unlike "how much".
 */
export const NAMING_FACT_WORDS: ReadonlySet<string> = new Set(['discount', 'discounts', 'discounted', 'deal', 'deals', 'promo', 'promos', 'promotion', 'promotions', 'coupon', 'coupons', 'voucher', 'vouchers']);

/** "How can I reach / contact you?" asks for any of these. */
const contactWords = /\b(?:contact|reach|get in touch|get hold)\b/;
const contactTypes: FactType[] = ['phone', 'email', 'address'];

/** The kinds of fact a passage states; a person's name is often its heading ("Ayesha Begum" over "Lead Supervisor"). */
export function factTypesStated(text: string, heading = ''): FactType[] {
  return FACT_TYPES.filter((type) => statesFactUnder(heading, text, type));
}

/**
 * Whether a passage under this heading states a fact of the kind. A staff card is headed by the
 * person's name and says their role anywhere in its text ("Bea Thornton": "...she is also our
 * studio manager").
 */
export function statesFactUnder(heading: string, text: string, type: FactType): boolean {
  if (type === 'address' && isAddressCard(heading, text)) return true;
  // A priced card's heading ("Deluxe Wash: Ksh.4500") prices what its text describes.
  if (type === 'price' && statesAmount(heading)) return true;
  // A banner's heading states what its short text does not ("Your Trusted Cycle Store Since 1985",
  // "Call 0722 555 014"): the fact is the section's.
  if (HEADING_FACTS.has(type) && statesFact(heading, type)) return true;
  if (type !== 'person') return statesFact(text, type);
  return statesPerson(`${heading}\n${text}`) || (namesPersonOnly(heading) && personRole.test(text));
}

/**
 * A contact card's section headed "Address" or "Location" is the address, however it is written
 * ("Tshitale / Donkerhoek", "Near the market, Kabuga"): places without a street number or postcode.
 */
const ADDRESS_HEADING = new RegExp(
  String.raw`^(?:(?:our|the)\s+)?(?:(?:exact|full|street|postal|business|${BUSINESS_PLACE_WORDS.join('|')})\s+)?(?:address|location|find us|where to find us|where we are|visit us|adresse|anschrift|standort|direccion|ubicacion|endereco|localizacao|indirizzo|adres|lokalizacja)$`,
);
/**
 * An address is a few short lines; a sentence under such a heading ("Located in the heart of town, we
 * welcome you...") describes the place rather than saying where it is.
 */
const ADDRESS_CARD_WORDS = 25;
const ADDRESS_LINE_WORDS = 8;
function isAddressCard(heading: string, text: string): boolean {
  if (!ADDRESS_HEADING.test(folded(heading).replace(/[^\p{L}\s]/gu, ' ').replace(/\s+/g, ' ').trim())) return false;
  // Vowel signs are marks, not letters: "साइकिल" is one word, not three.
  const lines = text.split('\n').map((line) => line.match(/[\p{L}\p{M}\p{N}]+/gu)?.length ?? 0).filter((words) => words > 0);
  const words = lines.reduce((sum, count) => sum + count, 0);
  return words > 0 && words <= ADDRESS_CARD_WORDS && lines.every((count) => count <= ADDRESS_LINE_WORDS);
}

/** Kinds of fact a heading states for its section; a heading's hours or price words ("Opening hours", "Prices") only name what follows. */
const HEADING_FACTS: ReadonlySet<FactType> = new Set(['founded', 'phone', 'email']);

const namesPersonOnly = (heading: string) => NAME_HEADING.test(heading.trim()) && !personRole.test(heading);

/**
 * A site without a street address names its place: "located in the heart of Nairobi", "a Leeds-based
 * studio", "Localizado no bairro de Barra Grande", "situé au cœur de Lyon", "gelegen in Gent". Where a
 * street address is given too, it answers better (statesStreetAddress).
 */
const PLACE_NAMED = new RegExp(
  [
    String.raw`\b(?:[Ll]ocated|[Bb]ased|[Ss]ituated)\s+(?:right\s+)?(?:in|at)\s+(?:the\s+(?:heart|centre|center|middle)\s+of\s+)?(?:downtown\s+)?\p{Lu}\p{Ll}`,
    String.raw`\b\p{Lu}\p{Ll}+[- ]based\b`,
    String.raw`(?<!\p{L})(?:[Ll]ocalizad[oa]s?|[Ss]ituad[oa]s?|[Uu]bicad[oa]s?|[Ss]itu[ée]e?s?|[Ss]ituat[oa]|[Gg]elegen)\s+(?:no|na|em|en|el|in|im|à|au|dans|nel|nella|a)\s+(?:(?:bairro|centro|coração|barrio|corazón|cœur|centre|quartier|Zentrum|quartiere|cuore)\s+(?:de|do|da|del|di|du|von)\s+)?\p{Lu}\p{Ll}`,
  ].join('|'),
  'u',
);

/** Whether a text gives an address, not only the place (a street and number, a postcode, an address label). */
export const statesStreetAddress = (text: string): boolean => postcode.test(text) || statedIn.address.test(text) || statedInOtherLanguage(text, 'address');

export function statesFact(text: string, type: FactType): boolean {
  if (type === 'phone') return hasPhoneNumber(text);
  if (type === 'price' && (statesAmount(text) || statesFreeOffer(text))) return true;
  if (type === 'person') return statesPerson(text);
  if (type === 'address') return statesStreetAddress(text) || PLACE_NAMED.test(text);
  if (type === 'country') return namesCountry(text);
  return statedIn[type].test(text) || statedInOtherLanguage(text, type);
}

/** Hours, addresses, years in business and durations as other languages write them (other-languages.ts). */
function statedInOtherLanguage(text: string, type: FactType): boolean {
  const pattern = (STATED_IN_OTHER_LANGUAGES as Partial<Record<FactType, { test(text: string): boolean }>>)[type];
  return !!pattern && pattern.test(folded(text));
}

const askedInOtherLanguage = (type: FactType) => (ASKED_IN_OTHER_LANGUAGES as Partial<Record<FactType, RegExp>>)[type];

/**
 * The same expressions, matching every occurrence (matchAll copies them, so they are shared). The kinds
 * asked are found with these too (`appearsIn`): V8 compiles an expression once per source and flags, and
 * these are among the largest a cold chat turn compiles.
 */
const askedByAll = Object.fromEntries(FACT_TYPES.map((type) => [type, new RegExp(askedBy[type].source, 'g')])) as Record<FactType, RegExp>;
const askedInOtherLanguageAll = Object.fromEntries(
  FACT_TYPES.map((type) => [type, askedInOtherLanguage(type) && new RegExp(askedInOtherLanguage(type)!.source, 'gu')]),
) as Record<FactType, RegExp | undefined>;

/** `test` of the expression without its `g`: `search` starts at the beginning and leaves `lastIndex` as it was. */
const appearsIn = (text: string, expression: RegExp | undefined) => expression !== undefined && text.search(expression) !== -1;

/**
 * "Get a free quote before we start any work": a price of nothing is a price, said in a sentence. A
 * button or banner ("Get a Free Estimate", "Start free trial") is an invitation on every page, not
 * an answer to what something costs.
 */
const freeOffer = /\bfree (?:quotes?|estimates?|consultations?|assessments?|delivery|shipping|cancellations?)\b/i;
const MIN_SENTENCE_WORDS = 7;

function statesFreeOffer(text: string): boolean {
  return text.split(/\n+|(?<=[.!?])\s+/).some((sentence) => freeOffer.test(sentence) && (sentence.match(/\S+/g)?.length ?? 0) >= MIN_SENTENCE_WORDS);
}

const personRole = new RegExp(String.raw`\b(?:${ROLES})s?\b`, 'i');

/**
 * The role a question asks a person by: its last word naming one ("Who is the head *chef*?": English
 * names the kind last, and "head" only says which chef).
 */
export function roleAsked(question: string): string | undefined {
  const whole = new RegExp(`^(?:${ROLES})s?$`, 'i');
  return question.match(/[\p{L}-]+/gu)?.findLast((word) => whole.test(word));
}

/** How near a name its role must be ("Ayesha Begum, Lead Supervisor"), so a reviewer's name in a testimonial is no staff member. */
const ROLE_DISTANCE_CHARS = 40;

/**
 * Who takes a class or a session, as timetables and service lists say it: "led by Coach Tom",
 * "taught by Marta Novak", and "Beginners' Yoga with Anna" in a line with a day or time (a menu's
 * "Served with Fries" names no one).
 */
const NAMED = String.raw`\s+(?:(?:Dr|Coach|Chef|Mr|Mrs|Ms|Miss)\.?\s+)?\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+)?(?=\s*(?:$|[,.;:)(|–—-]|\s(?:at|on|in|from|and|&|\d)\b))`;
const TAKEN_BY = new RegExp(String.raw`\b(?:taught|led|run|hosted|coached|guided|presented|instructed) by${NAMED}`, 'mu');
const WITH_PERSON = new RegExp(String.raw`\bwith${NAMED}`, 'u');
/** A timetable's or list's column of people, as the crawler writes a table: "Coach: Achieng", "Instructor: Tom Berg". */
const ROLE_LABEL = /([\p{L}]+)\s*[:|]\s*\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+)?(?=\s*(?:$|[,.;)|]))/gmu;
const statesRoleLabel = (text: string) => [...text.matchAll(ROLE_LABEL)].some((match) => new RegExp(`^(?:${ROLES})s?$`, 'i').test(match[1]!));
const statesTakenBy = (text: string) =>
  TAKEN_BY.test(text) ||
  statesRoleLabel(text) || text.split('\n').some((line) => WITH_PERSON.test(line) && new RegExp(`${clock}|\\b${day}\\b`, 'i').test(line));

/** Where one paragraph or list item ends: "- Building a Relationship with Your Veterinarian" names no "Addressing Behavioural" of the next item. */
const ITEM_BREAK = /\n\s*\n|\n(?=\s*(?:[-+•]|\d+[.)])\s)/g;

/** The part of `text` in the same paragraph or list item as the `length` characters at `at`. */
function withinItem(text: string, at: number, length: number): string {
  let start = 0;
  let end = text.length;
  for (const item of text.matchAll(ITEM_BREAK)) {
    if (item.index + item[0].length <= at) start = item.index + item[0].length;
    else if (item.index >= at + length) {
      end = item.index;
      break;
    }
  }
  return text.slice(start, end);
}

function statesPerson(markdown: string): boolean {
  // Emphasis marks are no letters: "_Practice Manager_" names a role as "Practice Manager" does.
  const text = markdown.replace(/[*_]+/g, ' ');
  if (statesTakenBy(text)) return true;
  for (const match of text.matchAll(new RegExp(statedIn.person.source, 'gu'))) {
    // "Senior Stylist: £52", "Creative Director": a title is capitalised like a name but names no one.
    if (personRole.test(match[0])) continue;
    const end = match.index + match[0].length;
    const around = text.slice(Math.max(0, match.index - ROLE_DISTANCE_CHARS), end + ROLE_DISTANCE_CHARS);
    if (personRole.test(withinItem(around, match.index - Math.max(0, match.index - ROLE_DISTANCE_CHARS), match[0].length))) return true;
  }
  // Small teams name themselves by first names: "Sandrine et Nathalie, coiffeuses", "Anna and Tom, our stylists".
  for (const match of text.matchAll(FIRST_NAMES)) {
    if (personRole.test(text.slice(match.index + match[0].length, match.index + match[0].length + ROLE_DISTANCE_CHARS))) return true;
  }
  return false;
}

/** Two first names joined by "and" in the languages of other-languages.ts, before the role they share. */
const FIRST_NAMES = /(?<![\p{L}])\p{Lu}\p{Ll}{2,} (?:and|&|et|und|y|e|i|en) \p{Lu}\p{Ll}{2,}(?=[,:–—-]|\s+(?:are|sont|sind|son|sao|sa|zijn)\b)/gu;

/** A section of people: "Meet the team", "Our experts", "Our teachers", "Our vets". */
const PEOPLE_SECTION =
  /\b(?:team|staff|people|crew|experts|specialists|mentors|teachers|instructors|trainers|coaches|stylists|doctors|dentists|vets|veterinarians|therapists|physios|lawyers|solicitors|attorneys|accountants|partners|who we are|mitarbeiter(?:innen)?|equipo|nuestro equipo|personal|[ée]quipe|equipa|squadra|zesp[óo][łl]|kadra|specjali[śs]ci|wer wir sind|qui(?:enes)? somos|qui sommes-nous|quem somos|chi siamo|o nas)\b/i;
/** A heading that is a name: two to four capitalised words, maybe after a title ("Dr Nadia Rahman", "Marta Novak"). */
const TITLE = String.raw`(?:Dr|Mr|Mrs|Ms|Miss|Prof|Dra|Sr|Sra|Mme|mgr|dr|lek|prof|in[żz])\.?`;
// Post-nominal letters may follow, after a comma ("Ana Ruiz, DDS") or in brackets ("Dr Meredith Grey (BVSc MANZCVS (Surgery))").
const NAME_REST = String.raw`\p{Lu}[\p{Ll}'-]+(?:\s+(?:(?:du|de|da|di|dos|van|von|der|den|le|la|al|el|bin|ter|ten)\s+)*\p{Lu}[\p{Ll}'.-]*){1,3}(?:,\s*[\p{L}.]+)?(?:\s*\((?:[^()]|\([^()]*\)){1,40}\))?$`;
const NAME_HEADING = new RegExp(`^(?:${TITLE}\\s+)?${NAME_REST}`, 'u');
/** A name with its title ("mgr Iga Nowak", "Dr. Sarah Lee"): a person, whatever section it is in. */
const TITLED_NAME = new RegExp(`^${TITLE}\\s+${NAME_REST}`, 'u');

/**
 * Whether a heading path ("Meet the team > Marta Novak") is a card of one of the business's people:
 * a name under a section of people, whose role the card itself may not name ("Mat Pilates & Barre").
 */
/**
 * The person a section is about when its own heading is not their name: "mgr Iga Nowak > Areas of
 * practice" lists what Iga Nowak does. A titled name, or a name under a section of people.
 */
export function personOfHeadings(headingPath: string | undefined, separator: string): string | undefined {
  const headings = headingPath?.split(separator).map((heading) => heading.trim()) ?? [];
  return headings.slice(0, -1).findLast((heading, index) => TITLED_NAME.test(heading) || (NAME_HEADING.test(heading) && headings.slice(0, index).some((outer) => PEOPLE_SECTION.test(outer))));
}

export function namesTeamMember(headingPath: string | undefined, separator: string): boolean {
  const headings = headingPath?.split(separator) ?? [];
  const name = headings.at(-1)?.trim();
  return headings.length > 1 && !!name && NAME_HEADING.test(asWrittenInTitleCase(name)) && headings.slice(0, -1).some((heading) => PEOPLE_SECTION.test(heading));
}

/** A heading set in capitals ("SARAH FIT") as a name is written ("Sarah Fit"); any other as it is. */
const asWrittenInTitleCase = (heading: string) =>
  heading === heading.toUpperCase() ? heading.toLowerCase().replace(/(?<![\p{L}'])\p{L}/gu, (letter) => letter.toUpperCase()) : heading;

/**
 * UK postcodes (EC1A 1BB, M1 1AE) and US states with ZIP codes (NY 10001): upper case matters. And the
 * last line of an address in most of the world: places, then a five- or six-digit postcode at the end
 * ("Ghaziabad, Uttar Pradesh 201005", "Kota Jakarta Barat, 13473", "कानपुर, उत्तर प्रदेश - 208001");
 * a place is a capitalised word or one of a script without capitals.
 */
const postcode = new RegExp(
  [
    String.raw`\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b|\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b`,
    String.raw`,\s*(?:[\p{Lu}\p{Lo}][\p{L}\p{M}.'-]*\s+){0,3}[\p{Lu}\p{Lo}][\p{L}\p{M}.'-]*,?\s*[-–]?\s*\d{5,6}[.,]?[^\S\n]*$`,
  ].join('|'),
  'mu',
);

/**
 * A phone number has 7 to 15 digits (E.164) or is a vanity number; years, prices and dates are not. Its
 * groups are parted by spaces, dots, dashes or a spaced slash ("0711 / 123 456", as German-speaking sites write).
 */
function hasPhoneNumber(text: string): boolean {
  for (const match of text.matchAll(statedIn.phone)) {
    const candidate = match[0];
    if (/[A-Z]{2,}/.test(candidate)) return true;
    const digits = candidate.replace(/\D/g, '').length;
    const before = text[match.index - 1] ?? '';
    // Not a date, a range of years, nor a decimal number such as a GPS coordinate ("48.79921").
    const notPhone = /^\d{4}-\d{2}-\d{2}$|^(?:19|20)\d{2}\s*[-–]\s*(?:19|20)\d{2}$|^\d{1,3}\.\d{4,}$/;
    if (digits >= 7 && digits <= 15 && !/[$£€¥₹\d/]/.test(before) && !notPhone.test(candidate.trim())) return true;
  }
  return false;
}

/**
 * One chat turn asks about its question from several places (the search, the offline answer, the
 * off-topic and paraphrase checks): the results of the last questions are kept, so the question rules'
 * large expressions run once per question. Callers only read the results.
 */
function perQuestion<T>(compute: (question: string) => T): (question: string) => T {
  const results = new LruCache<string, T>(16);
  return (question) => {
    let result = results.get(question);
    if (result === undefined) results.set(question, (result = compute(question)));
    return result;
  };
}

/** The kinds of fact a question asks for (none for most questions). */
export const factTypesAsked: (question: string) => readonly FactType[] = perQuestion(typesAsked);

function typesAsked(question: string): FactType[] {
  const text = question.toLowerCase().replace(/[’`]/g, "'");
  const other = folded(text);
  const asked = FACT_TYPES.filter(
    (type) => appearsIn(text, askedByAll[type]) || appearsIn(other, askedInOtherLanguageAll[type]) || (type === 'address' && FRENCH_WHERE.test(text)),
  );
  if (contactWords.test(text)) for (const type of contactTypes) if (!asked.includes(type)) asked.push(type);
  return asked.filter((type) => !coveredByFounded(asked, type) && !(type === 'quantity' && countAsksMore(question, asked)));
}

/**
 * "Ile kosztuje wizyta?", "Wie viele Jahre gibt es euch schon?": the word asking how many ("ile", "wie
 * viele") is part of the words asking for a price or for years in business, and asks for no count of its
 * own (a count would be answered by any number: an article of a privacy law).
 */
function countAsksMore(question: string, asked: readonly FactType[]): boolean {
  const words = factWordsAsked(question);
  const counting = words.get('quantity');
  if (!counting?.size) return false;
  return asked.some((type) => type !== 'quantity' && [...counting].every((word) => words.get(type)?.has(word)));
}

/**
 * "How long have you been open?", "When did the café open?": asking how long the business has been
 * going, not its opening hours or how long something takes.
 */
const coveredByFounded = (asked: readonly FactType[], type: FactType) => asked.includes('founded') && (type === 'hours' || type === 'duration');

/**
 * The question's words that ask for each kind of fact ("how", "much" and "cost" for price; "located"
 * for address): a passage stating such a fact answers those words, whatever its own words are.
 */
export const factWordsAsked: (question: string) => ReadonlyMap<FactType, ReadonlySet<string>> = perQuestion(wordsAsked);

function wordsAsked(question: string): Map<FactType, Set<string>> {
  const text = question.toLowerCase().replace(/[’`]/g, "'");
  const words = new Map<FactType, Set<string>>();
  const add = (type: FactType, phrase: string) => {
    const set = words.get(type) ?? new Set<string>();
    for (const word of phrase.match(/[\p{L}\p{N}]+/gu) ?? []) set.add(word);
    words.set(type, set);
  };
  const other = folded(text);
  for (const type of FACT_TYPES) {
    for (const match of text.matchAll(askedByAll[type])) add(type, match[0]);
    const inOtherLanguage = askedInOtherLanguageAll[type];
    if (inOtherLanguage) for (const match of other.matchAll(inOtherLanguage)) add(type, match[0]);
  }
  if (FRENCH_WHERE.test(text)) add('address', 'où');
  // In a question about opening times, the day or part of it asked about ("open on Saturday mornings",
  // "Which evenings are you open late?") and the day's start and end ("What time do you start?") are
  // answered by the hours, which say when, not "evening" or "start"; "How late are you available?" asks
  // when the business is open.
  if (words.has('hours')) {
    const when = String.raw`\b${day}\b|\b(?:today|tonight|tomorrow|holidays?|week-?days?|week-?ends?|(?:morning|afternoon|evening|night|lunch(?:time)?)s?|late|latest|early|earliest|start|finish|begin|available|availability)\b`;
    for (const match of text.matchAll(new RegExp(when, 'g'))) add('hours', match[0]);
    for (const match of other.matchAll(new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${OTHER_DAY}|${OTHER_WHEN})(?![\p{L}\p{N}])`, 'gu'))) add('hours', match[0]);
  }
  for (const match of text.matchAll(new RegExp(contactWords.source, 'g'))) for (const type of contactTypes) add(type, match[0]);
  for (const type of [...words.keys()]) if (coveredByFounded([...words.keys()], type)) words.delete(type);
  // "Who runs / supervises / founded...": the verb names the role, which the person's title answers.
  for (const match of text.matchAll(/\bwho(?:m|se)?\s+([\p{L}]+)/gu)) add('person', match[1]!);
  return words;
}

/** Parts of the day and week asked about in the languages of other-languages.ts ("heute", "mañana", "le soir", "fim de semana"). */
const OTHER_WHEN =
  'heute|morgen|morgens|abends|wochenende|werktags|feiertag\\w*|hoy|manana|tarde|noche|fin de semana|entre semana|festivos?|aujourd\'hui|demain|matin|soir|week-end|semaine|jours feries|hoje|amanha|manha|noite|fim de semana|durante a semana|feriados?|oggi|domani|mattina|sera|fine settimana|vandaag|morgen|ochtend|avond|weekend|dzisiaj|jutro|rano|wieczorem|weekend';

/** The search term a passage stating a fact of this kind is indexed with (never a real English word). */
export const factTerm = (type: FactType) => `zzfact${type}`;
