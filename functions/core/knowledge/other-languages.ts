import { englishStopWords } from './search-terms.js';
import englishLookingStopWords from './stop-words/english-looking-stop-words.json' with { type: 'json' };
import otherStopWords from './stop-words/stop-words.json' with { type: 'json' };
import weekdays from './weekdays/weekdays.json' with { type: 'json' };

/**
 * The kinds of fact of fact-types.ts as sites and visitors write them in German, Spanish, French,
 * Portuguese, Italian, Dutch and Polish. Matched on text folded as search terms are (lower case,
 * accents removed: "Öffnungszeiten" is "offnungszeiten", "¿Dónde?" is "donde"). Day names come from
 * CLDR (weekdays/generate.ts); the words asking for a fact are the few each language uses for it.
 */
const combiningMarks = /[\u0300-\u036f]/g;
export const folded = (text: string) => text.toLowerCase().normalize('NFD').replace(combiningMarks, '');

/** Alternatives as whole words: a letter or digit on neither side ("preis" in "preise" is no word). */
const words = (alternatives: string) => new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${alternatives})(?![\p{L}\p{N}])`, 'u');

/** Any locale's name of a day: "montag", "lunes", "segunda-feira", "mié". */
export const OTHER_DAY = weekdays.names.flat().sort((a, b) => b.length - a.length).join('|');
const DAY_NAMES: ReadonlySet<string> = new Set(weekdays.names.flat());
const DAY_ABBREVIATIONS: ReadonlySet<string> = new Set(weekdays.abbreviations.flat());

/** A time of day as other languages write it: "18 Uhr", "9.30 Uhr", "19h", "9h30", "10 h". */
const TIME = /(?<![\p{L}\p{N}])\d{1,2}(?:[:.]\d{2})?\s*uhr(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])\d{1,2}\s?h(?:\s?\d{2})?(?![\p{L}\p{N}])/u;
/** Closed, in the languages above: "Montag geschlossen", "domingo cerrado", "Ruhetag". */
const CLOSED = /geschlossen|ruhetag|cerrado|ferme|fermeture|fechado|chiuso|gesloten|zamkniete/;
/** "Öffnungszeiten:", "Horario:", "Horaires :": the label of a listing of hours. */
const HOURS_LABEL = /(?<![\p{L}\p{N}])(?:offnungszeiten|geoffnet|horarios?|horaires?|horario de atendimento|orari|openingstijden|godziny otwarcia)\s*:/u;
/** Between two abbreviated days of a range: "Mo–Fr", "lun-vie", "Di. bis So.", "lun. au ven.". */
const RANGE_JOIN = /^\.?\s*(?:[-–—]|bis|a|au|à|al|ate)\s*$/u;

/** A street word as the languages above write it: "Calle Mayor 5", "12 rue de la Paix", "Rua Augusta, 123", "ul. Długa 5". */
const STREET_WORDS: ReadonlySet<string> = new Set(
  'calle c avenida avda av paseo plaza carrer carretera camino rue avenue boulevard bd chemin place allee impasse quai route rua travessa praca estrada rodovia alameda via viale piazza corso vicolo straat laan plein gracht ul ulica al aleja plac'.split(' '),
);
/** German streets are one word: "Hauptstraße 12", "Am Mühlweg 3". */
const GERMAN_STREET_END = /(?:strasse|straße|str|weg|gasse|platz|allee|ring|damm|ufer|chaussee)$/;
/**
 * A postcode before its town, as most of Europe writes the last line (five digits; Polish 00-950;
 * Portuguese 1000-001), and a four-digit one (Norway, Denmark, Switzerland, Austria, Belgium) after a
 * street and its number ("Øvregaten 14, 5003 Bergen"): alone, four digits and a word are as often a
 * year ("2016 ingrid").
 */
const POSTCODE_TOWN =
  /(?<![\p{L}\p{N}.,])\d{5}\s+[\p{L}-]{3,}|\b\d{2}-\d{3}\s+[\p{L}-]{3,}|\b\d{4}-\d{3}\b|[\p{L}.'-]{3,}\s+\d{1,3}[a-z]?,\s*\d{4}\s+[\p{L}-]{3,}/u;
/**
 * A Dutch postcode before its town ("1012 AB Amsterdam"). The text is folded to lower case, so its two
 * letters are told from a year and a word ("2003 in Ottawa", "1998 at our") by not being a stop word.
 */
const DUTCH_POSTCODE_TOWN = /\b\d{4}\s?([a-z]{2})\s+[\p{L}-]{3,}/gu;
const isDutchPostcodeTown = (text: string) =>
  [...text.matchAll(DUTCH_POSTCODE_TOWN)].some(([, letters]) => !englishStopWords().has(letters!) && !OTHER_STOP_WORDS.has(letters!));
const ADDRESS_LABEL = /(?<![\p{L}\p{N}])(?:adresse|anschrift|direccion|endereco|indirizzo|adres|ubicacion|localizacao)\s*:/u;

const WORD = /[\p{L}-]+/gu;
/** The text after a word up to the end of its sentence or line, at most `chars` long. */
const after = (text: string, end: number, chars: number) => /^[^.\n]*/.exec(text.slice(end, end + chars))![0];

/**
 * Word by word rather than by one expression with hundreds of alternatives tried at every position,
 * which cost 0.1-0.2 ms a passage, several times per question.
 */
function statesHours(text: string): boolean {
  if (TIME.test(text) || HOURS_LABEL.test(text)) return true;
  if (!/\d/.test(text) && !CLOSED.test(text)) return false;
  let previousAbbreviation: { end: number } | undefined;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const end = match.index + word.length;
    if (DAY_NAMES.has(word)) {
      const rest = after(text, end, 40);
      if (/\d/.test(rest) || CLOSED.test(rest)) return true;
    }
    if (DAY_ABBREVIATIONS.has(word)) {
      if (previousAbbreviation && RANGE_JOIN.test(text.slice(previousAbbreviation.end, match.index)) && /\d/.test(after(text, end, 20))) return true;
      previousAbbreviation = { end };
    }
  }
  return false;
}

function statesAddress(text: string): boolean {
  if (POSTCODE_TOWN.test(text) || ADDRESS_LABEL.test(text) || isDutchPostcodeTown(text)) return true;
  if (!/\d/.test(text)) return false;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const end = match.index + word.length;
    if (word.length > 6 && GERMAN_STREET_END.test(word) && /^\.?\s*\d{1,4}/.test(text.slice(end, end + 6))) return true;
    if (!STREET_WORDS.has(word)) continue;
    // "Calle Mayor 5" (a number after the name), "12 bis rue..." or "210, Rua..." (before the street word).
    if (/^[./]?\s+[\p{L}'-]+[^\n]{0,40}?\d/u.test(text.slice(end, end + 60)) || /\d{1,4}\s*(?:bis|ter)?,?\s+$/.test(text.slice(Math.max(0, match.index - 12), match.index))) return true;
  }
  return false;
}

/** What a passage says to state a fact of each kind, in the languages above (folded text). */
export const STATED_IN_OTHER_LANGUAGES = {
  hours: { test: statesHours },
  address: { test: statesAddress },
  // "seit 1987", "desde 1998", "depuis 2004", "fundada em 2011", "gegründet 1990", "20 Jahre Erfahrung", "15 años de experiencia",
  // "20 Jahre Berufserfahrung".
  founded: new RegExp(
    [
      String.raw`(?<![\p{L}])(?:seit|gegrundet(?: im jahr| in)?|grundungsjahr|desde|fundad[oa] en|fundad[oa] em|depuis|fonde(?:e)? en|cree(?:e)? en|dal|fondat[oa] nel|sinds|opgericht in|od roku|od)\s+(?:1[89]|20)\d{2}(?!\d)`,
      // The experience may close the sentence: "W ciągu 7 lat kariery zdobywałem swoje doświadczenie".
      String.raw`\d+\+?\s*(?:jahre?n?|anos|ans|anni|jaar|lat)\s+(?:[\p{L}]+\s+){0,4}?(?:\p{L}*erfahrung|de experiencia|d'experience|de experiencia|di esperienza|ervaring|doswiadczen\p{L}*)`,
      String.raw`(?<![\p{L}])(?:uber|mehr als|seit uber|mas de|plus de|mais de|oltre|meer dan|ponad)\s+\d+\s+(?:jahren?|anos|ans|anni|jaar|lat)`,
      // German puts the verb last: "wurde im Jahr 2005 von ... gegründet"; a label gives the date: "Création : 30/05/2023".
      String.raw`(?<![\p{L}\d])(?:1[89]|20)\d{2}(?!\d)[^.\n]{0,80}?(?<![\p{L}])(?:gegrundet|eroffnet)(?![\p{L}])`,
      String.raw`(?<![\p{L}])(?:creation|date de creation|grundung|gegrundet|fundacao|fundacion|fondazione|opgericht)\s*:\s*(?:\d{1,2}[/.-]\d{1,2}[/.-])?(?:1[89]|20)\d{2}(?!\d)`,
      // A house's age: "ein Gebäude aus dem Jahr 1877", "construite en 1850", "construída em 1920".
      String.raw`(?<![\p{L}])(?:aus dem jahr|erbaut(?: im jahr| in)?|baujahr:?|construite? en|construid[oa] en|construid[oa] em|costruit[oa] nel|gebouwd in|zbudowan[yaoe] w)\s+(?:1[5-9]|20)\d{2}(?!\d)`,
    ].join('|'),
    'u',
  ),
  duration: words(
    String.raw`\d+(?:[.,]\d+)?\s*(?:-\s*\d+\s*)?(?:minuten|min|stunden?|std|tagen?|wochen?|monaten?|jahren?|minutos?|horas?|dias?|semanas?|meses|mes|anos?|heures?|jours?|semaines?|mois|ans|minuti|ore|giorni|settimane|mesi|anni|uur|dagen|weken|maanden|jaar|minut|godzin[ay]?|dni|tygodni|miesiecy)`,
  ),
} as const;

/** The words that ask for each kind of fact in the languages above (folded question). */
export const ASKED_IN_OTHER_LANGUAGES = {
  price: words(
    [
      // Paying asks a price after "was" or "wie viel" only: "Kann man mit Karte zahlen?" asks how.
      'kostet|kosten|preis|preise|preisen|(?<=(?:was|wie ?viel)(?![\\p{L}])[^?]*)(?:zahle|zahlt|zahlen)|teuer|gunstig\\w*|gebuhr\\w*|tarif\\w*',
      'cuanto (?:cuesta|cuestan|vale|valen|sale|salen|cobran)|precios?|cuesta|cuestan|tarifas?|barat[oa]s?',
      'combien(?! de (?:temps|personnes|places|fois|jours|heures|minutes|annees|ans|gens|enfants))|prix|coute|coutent|tarifs?',
      'quanto (?:custa|custam|sai|saem|cobram)|precos?|custa|custam|valor|barat[oa]s?',
      'quanto costa|prezz[oi]|costano|tariff[ae]',
      'kost|prijs|prijzen|hoeveel kost\\w*',
      'ile kosztuj\\w*|cena|ceny|cennik|koszt\\w*|ile plac\\w*',
    ].join('|'),
  ),
  hours: words(
    [
      'offnungszeit\\w*|geoffnet|offen|offnet|offnen|schliesst|schliessen|geschlossen|bis wann|ab wann|uhrzeit',
      'horarios?|abiert[oa]s?|abren|abre|cierran|cierra|cerrad[oa]s?|a que hora|hasta que hora',
      // "¿Atienden los domingos?": serving customers on a day asks the hours; "¿Atienden gatos?" does not.
      `(?:atienden|atiende|atendem|atende)(?=[^?]*(?<![\\p{L}])(?:(?:${OTHER_DAY})s?|hoy|feriados?|fin de semana|hoje|fim de semana)(?![\\p{L}]))`,
      "horaires?|ouvert\\w*|ouvre\\w*|fermez|ferment|fermes?|(?:jusqu'?a )?quelle heure",
      '(?:fica[mr]? )?abert[oa]s?|abrem|fecham|fechad[oa]s?|(?:ate )?que horas',
      'orari[oa]?|apert[oaie]|apre|aprite|chiude\\w*|chius[oaie]|che ora',
      'openingstijden|geopend|gesloten|sluit\\w*|hoe laat',
      'godzin\\w* otwarcia|otwart\\w*|czynn\\w*|zamkniet\\w*|do ktorej|od ktorej|o ktorej',
    ].join('|'),
  ),
  phone: words(
    [
      'telefon\\w*|telefono|telephone|telefone|telefoon\\w*|handynummer|anruf\\w*|llamar\\w*|llamo|appeler|ligar|zadzwoni\\w*|chiamar\\w*|bellen',
      'welche[rn]? nummer|unter welcher nummer|numer\\w* telefon\\w*|numero(?= (?:de )?(?:tel|whats|movil|celular|contacto|contato))',
      // "¿A qué número le escribo?", "Qual o número?", "À quel numéro ?": which number asks for the phone.
      '(?:(?:a|en|para) )?(?:que|qual|quel|cual) (?:o |e o )?numero',
    ].join('|'),
  ),
  email: words('correo\\w*|courriel|e-?mail\\w*|mailadress\\w*|adresse e-?mail|endereco de e-?mail'),
  address: words(
    [
      'adresse|anschrift|standort|wo (?:seid|sind|ist|befindet|liegt|finde)|in welche[rm] (?:stadt|ort|strasse)|anfahrt',
      'donde (?:esta|estan|queda|quedan|se encuentra\\w*|se ubica\\w*)|direccion|ubicacion|ubicad[oa]s?|en que (?:ciudad|calle|zona|barrio)',
      "se trouve\\w*|situes?|situee?s?|adresse|dans quelle (?:ville|rue|region)|dans quel (?:quartier|endroit|coin)",
      'onde (?:fica|ficam|e|esta|estao)|endereco|localizacao|localizad[oa]s?|em (?:que|qual) (?:lugar|cidade|bairro|rua|regiao)(?: fica\\w*)?',
      'dove (?:siete|si trova|e)|indirizzo|in (?:quale|che) (?:citta|via|zona|quartiere)',
      'waar (?:zijn|zit|is|ligt)|adres|in welke (?:stad|plaats|straat|wijk)',
      'gdzie|adres\\w*|w (?:jakim|ktorym) (?:miescie|miejscu)|na (?:jakiej|ktorej) ulicy',
    ].join('|'),
  ),
  person: words(
    [
      'wer|wem|wessen',
      'quien(?:es)?',
      'qui (?:est|sont|fait|s\'occupe|dirige|gere|prepare|tient)|comment s\'appelle\\w*',
      'quem',
      'chi (?:e|sono|fa|gestisce)',
      'kto|kogo|komu',
      // "Does anyone...?", "Is one of you...?" ask for the person who does it ("Czy ktoś robi...?", "¿Alguien habla inglés?").
      "jemand|alguien|quelqu'?un|alguem|qualcuno|iemand|ktos|ktoras|ktorys|ktokolwiek",
    ].join('|'),
  ),
  founded: words(
    [
      'seit wann|wie lange gibt es|wie alt ist|gegrundet|grundungsjahr',
      'desde cuando|cuantos anos (?:lleva|llevan|tiene|tienen)|fundad[oa]|cuando (?:abrio|abrieron|se fundo)',
      // "Depuis quand la société existe-t-elle ?": existing is what is asked since when, not a thing to find.
      "depuis quand|depuis combien|fonde(?:e)?|quand (?:avez-vous|a) ouvert|(?<=depuis (?:quand|combien)[^?]*)existe\\w*",
      'desde quando|ha quanto tempo',
      'da quando|fondat[oa]',
      'od kiedy|ile lat',
    ].join('|'),
  ),
  duration: words('wie lange|wie schnell|cuanto (?:tiempo|dura|tarda)|con cuanta antelacion|combien de temps|combien de jours|quanto tempo|quanta antecedencia|quanto demora|quanto dura|jak dlugo|ile trwa'),
  quantity: words('wie viele|cuant[oa]s|combien de(?! temps)|quant[oa]s|quanti|hoeveel|ile'),
} as const;

/**
 * Forms of "do" in the languages above that their stop-word lists lack ("Kto *robi* kinesiotaping?",
 * "¿Quién *hace* las uñas?"): they frame a question as English "do" does, a stop word there, and name
 * nothing asked about.
 */
export const OTHER_LANGUAGE_DOING = 'hace hacen haceis hacer fait faites font faire robi robia robicie robisz robic zrobi doet doen fare fanno';
/**
 * Forms of "offer" and "sell" in the same languages ("Vous *vendez* de l'agneau ?", "*Bietet* ihr
 * Massagen an?"): as English "offer" does, they frame what is asked about, which the site may offer
 * with another verb ("Nous proposons un agneau").
 */
export const OTHER_LANGUAGE_OFFERING =
  'proposez proposent proposons offrez offrent vendez vendent bietet bieten anbieten verkauft verkaufen ofrece ofrecen ofreceis venden vendeis oferece oferecem vendem offrite offrono vendete vendono bieden biedt verkopen verkoopt oferuje oferujecie oferujesz sprzedaje sprzedajecie';

/** "Où se trouve...?", "Où êtes-vous ?": French "où" folds to "ou" (or), so it is matched before folding. */
export const FRENCH_WHERE = /(?<![\p{L}])où(?![\p{L}])/u;

const OTHER_STOP_WORDS = new Set(otherStopWords.split(' '));
/** The other languages' stop words that English uses as words ("die", "man", "für" folded): see withoutEnglishLookingStopWords. */
const ENGLISH_LOOKING_STOP_WORDS_ALL: ReadonlySet<string> = new Set(englishLookingStopWords.split(' '));

/**
 * Whether a sentence is written in another language than English: more of its words are stop words of
 * the other languages (stop-words.json) than English ones ("Vocês têm estacionamento?": "voces", "tem").
 * A stop word of both says neither ("*Was* zahlt man für das Tiramisu?").
 */
export function isInOtherLanguage(sentence: string): boolean {
  let other = 0;
  let english = 0;
  for (const word of folded(sentence).match(/[\p{L}]+/gu) ?? []) {
    const isEnglish = englishStopWords().has(word);
    if (isEnglish === (OTHER_STOP_WORDS.has(word) || ENGLISH_LOOKING_STOP_WORDS_ALL.has(word))) continue;
    if (isEnglish) english++;
    else other++;
  }
  return other > english;
}

/** Words of the phrases that ask for a kind of fact ("em que lugar", "ab wann"): those are matched on the whole question. */
const ASKING_PHRASE_WORDS = new Set(Object.values(ASKED_IN_OTHER_LANGUAGES).flatMap((pattern) => pattern.source.match(/[a-z]+/g) ?? []));
const ENGLISH_LOOKING_STOP_WORDS = new Set(englishLookingStopWords.split(' ').filter((word) => !ASKING_PHRASE_WORDS.has(word)));

/**
 * A question in another language without the function words of that language that are also English
 * words ("Wer *hat* das Restaurant gegründet?", "Bis wann kann *man* essen?"): search terms keep them
 * for English's sake, where they mean a hat and a man. A question in English is returned as it is.
 */
export function withoutEnglishLookingStopWords(question: string): string {
  if (!isInOtherLanguage(question)) return question;
  return question.replace(/[\p{L}]+/gu, (word) => (ENGLISH_LOOKING_STOP_WORDS.has(folded(word)) ? '' : word)).replace(/ {2,}/g, ' ');
}

/**
 * The words that ask for something other than yes or no, by language as `stopword` names them (ISO
 * 639-3): "was", "¿dónde?", "combien", "quanto", "gdzie". stop-words/generate.ts adds them to the stop
 * words: like "what" and "where", they ask and name nothing.
 */
export const QUESTION_WORDS = {
  deu: 'was|wie|wo|wann|wer|wem|wen|wessen|welche[rnms]?|warum|wieso|weshalb|woher|wohin|wieviel',
  fra: 'que|quoi|quel|quelle|quels|quelles|combien|comment|ou|quand|qui|pourquoi|lequel|laquelle',
  spa: 'cuanto|cuanta|cuantos|cuantas|donde|cuando|quien|quienes|como|cual|cuales|por que',
  por: 'quanto|quanta|quantos|quantas|onde|quando|quem|qual|quais|porque|por que',
  ita: 'cosa|che|quale|quali|dove|chi|perche',
  nld: 'wat|waar|wanneer|welk|welke|hoe|waarom|hoeveel',
  pol: 'co|gdzie|kiedy|kto|jak|jaki|jaka|jakie|ile|dlaczego|ktory|ktora|ktore|kogo|komu',
} as const;
const QUESTION_WORD = words(Object.values(QUESTION_WORDS).join('|'));

/**
 * A yes/no question in another language: Polish asks with "czy"; the others by word order or
 * intonation ("Vous êtes ouverts le lundi ?", "¿Tienen terraza?", "Habt ihr WLAN?"), so a question
 * in another language with no question word asks yes or no.
 */
export function isOtherLanguageYesNo(sentence: string): boolean {
  if (!/\?\s*$/.test(sentence) || !isInOtherLanguage(sentence)) return false;
  const text = folded(sentence).replace(/^[\s¿¡"'(]+/, '');
  return /^czy(?![\p{L}])/u.test(text) || !(QUESTION_WORD.test(text) || FRENCH_WHERE.test(sentence.toLowerCase()));
}
