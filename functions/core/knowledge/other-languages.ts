import { englishStopWords } from './search-terms.js';
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
/** "Mo–Fr", "lun-vie", "Di. - So.": a range of abbreviated days, which alone ("mo", "so") are everyday words. */
const abbreviated = weekdays.abbreviations.flat().sort((a, b) => b.length - a.length).join('|');
const DAY_RANGE = String.raw`(?:${abbreviated})\.?\s*(?:[-–—]|bis|a|au|à|al|ate)\s*(?:${abbreviated})\.?`;

/** A time of day as other languages write it: "18 Uhr", "9.30 Uhr", "19h", "9h30", "10 h". */
const TIME = String.raw`\d{1,2}(?:[:.]\d{2})?\s*uhr|\d{1,2}\s?h(?:\s?\d{2})?`;
/** Closed, in the languages above: "Montag geschlossen", "domingo cerrado", "Ruhetag". */
const CLOSED = 'geschlossen|ruhetag|cerrado|ferme|fermeture|fechado|chiuso|gesloten|zamkniete|stangt|lukket|stangd';
/** "Öffnungszeiten:", "Horario:", "Horaires :": the label of a listing of hours. */
const HOURS_LABEL = 'offnungszeiten|geoffnet|horarios?|horaires?|horario de atendimento|orari|openingstijden|godziny otwarcia|oppettider|abningstider|apningstider';

/** A street as the languages above write it: "Hauptstraße 12", "Calle Mayor 5", "12 rue de la Paix", "Rua Augusta, 123", "ul. Długa 5". */
const STREET_WORD = 'calle|c/|avenida|avda|av|paseo|plaza|carrer|carretera|camino|rue|avenue|boulevard|bd|chemin|place|allee|impasse|quai|route|rua|travessa|praca|estrada|rodovia|alameda|via|viale|piazza|corso|vicolo|straat|laan|plein|gracht|ul|ulica|al|aleja|plac|gatan|gata|gade|vej|vei';
const GERMAN_STREET = String.raw`[\p{L}-]+(?:strasse|straße|str\.|weg|gasse|platz|allee|ring|damm|ufer|chaussee)`;

/** What a passage says to state a fact of each kind, in the languages above (folded text). */
export const STATED_IN_OTHER_LANGUAGES = {
  hours: new RegExp(
    [
      String.raw`(?<![\p{L}\p{N}])(?:${OTHER_DAY})(?![\p{L}\p{N}])[^.\n]{0,40}(?:\d|${CLOSED})`,
      String.raw`(?<![\p{L}\p{N}])${DAY_RANGE}[^.\n]{0,20}\d`,
      String.raw`(?<![\p{L}\p{N}])(?:${TIME})(?![\p{L}\p{N}])`,
      String.raw`(?<![\p{L}\p{N}])(?:${HOURS_LABEL})\s*:`,
    ].join('|'),
    'u',
  ),
  address: new RegExp(
    [
      String.raw`(?<![\p{L}\p{N}])${GERMAN_STREET}\s*\d{1,4}`,
      String.raw`(?<![\p{L}\p{N}])(?:${STREET_WORD})\.?\s+(?:(?:de|del|de la|du|des|da|do|dos|das|di|della|van|der)\s+)?[\p{L}'-]+[^\n]{0,40}?\d`,
      String.raw`\d{1,4}\s*(?:bis|ter)?,?\s+(?:${STREET_WORD})\.?\s+[\p{L}'-]+`,
      // A postcode before the town: "10115 Berlin", "28001 Madrid", "00-950 Warszawa", "1012 AB Amsterdam".
      String.raw`(?<![\p{L}\p{N}.,])\d{5}\s+[\p{L}-]{3,}|\b\d{2}-\d{3}\s+[\p{L}-]{3,}|\b\d{4}\s?[a-z]{2}\s+[\p{L}-]{3,}|\b\d{4}-\d{3}\b`,
      String.raw`(?<![\p{L}\p{N}])(?:adresse|anschrift|direccion|adresse|endereco|indirizzo|adres|ubicacion|localizacao)\s*:`,
    ].join('|'),
    'u',
  ),
  // "seit 1987", "desde 1998", "depuis 2004", "fundada em 2011", "gegründet 1990", "20 Jahre Erfahrung", "15 años de experiencia".
  founded: new RegExp(
    [
      String.raw`(?<![\p{L}])(?:seit|gegrundet(?: im jahr| in)?|grundungsjahr|desde|fundad[oa] en|fundad[oa] em|depuis|fonde(?:e)? en|cree(?:e)? en|dal|fondat[oa] nel|sinds|opgericht in|od roku|od)\s+(?:1[89]|20)\d{2}(?!\d)`,
      String.raw`\d+\+?\s*(?:jahre?n?|anos|ans|anni|jaar|lat)\s+(?:erfahrung|de experiencia|d'experience|de experiencia|di esperienza|ervaring|doswiadczenia)`,
      String.raw`(?<![\p{L}])(?:uber|mehr als|seit uber|mas de|plus de|mais de|oltre|meer dan|ponad)\s+\d+\s+(?:jahren?|anos|ans|anni|jaar|lat)`,
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
      'kostet|kosten|preis|preise|preisen|zahle|zahlen|teuer|gunstig\\w*|gebuhr\\w*|tarif\\w*',
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
      'horaires?|ouvert\\w*|ouvre\\w*|fermez|ferment|fermes?|quelle heure',
      'abert[oa]s?|abrem|fecham|fechad[oa]s?|que horas',
      'orari[oa]?|apert[oaie]|apre|aprite|chiude\\w*|chius[oaie]|che ora',
      'openingstijden|geopend|gesloten|sluit\\w*|hoe laat',
      'godzin\\w* otwarcia|otwart\\w*|czynn\\w*|zamkniet\\w*|do ktorej|od ktorej|o ktorej',
    ].join('|'),
  ),
  phone: words(
    [
      'telefon\\w*|telefono|telephone|telefone|telefoon\\w*|handynummer|anruf\\w*|llamar\\w*|llamo|appeler|ligar|zadzwoni\\w*|chiamar\\w*|bellen',
      'welche[rn]? nummer|unter welcher nummer|numer\\w* telefon\\w*|numero(?= (?:de )?(?:tel|whats|movil|celular|contacto|contato))',
    ].join('|'),
  ),
  email: words('correo\\w*|courriel|e-?mail\\w*|adresse e-?mail|endereco de e-?mail'),
  address: words(
    [
      'adresse|anschrift|standort|wo (?:seid|sind|ist|befindet|liegt|finde)|in welche[rm] (?:stadt|ort|strasse)|anfahrt',
      'donde (?:esta|estan|queda|quedan|se encuentra\\w*|se ubica\\w*)|direccion|ubicacion|ubicad[oa]s?|en que (?:ciudad|calle|zona|barrio)',
      'se trouve\\w*|situes?|situee?s?|adresse',
      'onde (?:fica|ficam|e|esta|estao)|endereco|localizacao|localizad[oa]s?',
      'dove (?:siete|si trova|e)|indirizzo',
      'waar (?:zijn|zit|is|ligt)|adres',
      'gdzie|adres\\w*',
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
    ].join('|'),
  ),
  founded: words(
    [
      'seit wann|wie lange gibt es|wie alt ist|gegrundet|grundungsjahr',
      'desde cuando|cuantos anos (?:lleva|llevan|tiene|tienen)|fundad[oa]|cuando (?:abrio|abrieron|se fundo)',
      'depuis quand|depuis combien|fonde(?:e)?|quand (?:avez-vous|a) ouvert',
      'desde quando|ha quanto tempo',
      'da quando|fondat[oa]',
      'od kiedy|ile lat',
    ].join('|'),
  ),
  duration: words('wie lange|wie schnell|cuanto (?:tiempo|dura|tarda)|con cuanta antelacion|combien de temps|combien de jours|quanto tempo|quanta antecedencia|quanto demora|quanto dura|jak dlugo|ile trwa'),
  quantity: words('wie viele|cuant[oa]s|combien de(?! temps)|quant[oa]s|quanti|hoeveel|ile'),
} as const;

/** "Où se trouve...?", "Où êtes-vous ?": French "où" folds to "ou" (or), so it is matched before folding. */
export const FRENCH_WHERE = /(?<![\p{L}])où(?![\p{L}])/u;

const OTHER_STOP_WORDS = new Set(otherStopWords.split(' '));

/**
 * Whether a sentence is written in another language than English: more of its words are stop words of
 * the other languages (stop-words.json) than English ones ("Vocês têm estacionamento?": "voces", "tem").
 */
export function isInOtherLanguage(sentence: string): boolean {
  let other = 0;
  let english = 0;
  for (const word of folded(sentence).match(/[\p{L}]+/gu) ?? []) {
    if (englishStopWords().has(word)) english++;
    else if (OTHER_STOP_WORDS.has(word)) other++;
  }
  return other > english;
}

/** The words that ask for something other than yes or no: "was", "¿dónde?", "combien", "quanto", "gdzie". */
const QUESTION_WORD = words(
  [
    'was|wie|wo|wann|wer|wem|wen|wessen|welche[rnms]?|warum|wieso|weshalb|woher|wohin|wieviel',
    'que|quoi|quel|quelle|quels|quelles|combien|comment|ou|quand|qui|pourquoi|lequel|laquelle',
    'cuanto|cuanta|cuantos|cuantas|donde|cuando|quien|quienes|como|cual|cuales|por que',
    'quanto|quanta|quantos|quantas|onde|quando|quem|qual|quais|porque|por que',
    'cosa|che|quale|quali|dove|chi|perche',
    'wat|waar|wanneer|welk|welke|hoe|waarom|hoeveel',
    'co|gdzie|kiedy|kto|jak|jaki|jaka|jakie|ile|dlaczego|ktory|ktora|ktore|kogo|komu',
  ].join('|'),
);

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
