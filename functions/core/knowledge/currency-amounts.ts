import currencies from './currencies/currencies.json' with { type: 'json' };

/**
 * Amounts of money in any currency, as small businesses around the world write them: a symbol or
 * ISO code before or after the figure ("R95", "₦5,000", "KES 2,500", "2 500 NOK", "kr 200",
 * "CHF 1'234.50", "1.234,50 €"), or the currency's name after it ("95 rand", "2,500 shillings").
 * Which symbols, codes and names exist comes from CLDR (currencies/currencies.json, written from
 * Node's Intl by currencies/generate.ts), not from a hand-kept list.
 */
export type Amount = {
  /** The amount as written, with its currency. */
  text: string;
  index: number;
  /** The figure alone, with no thousands separators and no zero decimals ("2 500,00" and "2,500" are "2500"). */
  value: string;
};

/**
 * A figure with the separators of any locale: groups of three after a comma, dot, apostrophe or
 * (narrow, no-break) space, India's lakh and crore groups ("1,20,000"), decimals after a comma or dot, and the ",-" or "/-" some countries end
 * a whole amount with.
 * A dot before the figure is a decimal point only after a digit: "Ksh.2000" and "Rs.499" are amounts.
 */
const FIGURE = new RegExp(String.raw`(?<![\d,'’])(?<!\d\.)(?:\d{1,2}(?:,\d{2})+,\d{3}(?![\d])(?:\.\d{1,2})?|\d{1,3}(?:[,.'’\u00a0\u202f ]\d{3})+(?![\d])(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?![\d])(?:,-|/-|\.-)?`, 'gu');

/** Codes and symbols as written, case and all ("KES", "kr", "Ksh"; "TOP 10" is no amount, see generate.ts). */
const MARKS = new Set([...currencies.codes, ...currencies.symbols]);
const NAMES = new Set(currencies.words);
/**
 * Symbols of three letters or more with a small letter ("Ksh", "TSh", "USh"), by their lower case: sites
 * write them in any case and often plural ("KShs. 3,000", "Shs 500"), as they do not write ISO codes
 * ("ALL 3" is no amount of leks, "5 ft" no forints).
 */
const LETTER_SYMBOLS = new Set(currencies.symbols.filter((mark) => /^\p{L}{3,}$/u.test(mark) && /\p{Ll}/u.test(mark)).map((mark) => mark.toLowerCase()));
/** Whether a word is a currency's code or symbol as written, or a letter symbol in another case or plural. */
function isMark(written: string): boolean {
  if (MARKS.has(written)) return true;
  const lower = written.toLowerCase();
  return LETTER_SYMBOLS.has(lower) || (lower.length > 3 && lower.endsWith('s') && LETTER_SYMBOLS.has(lower.slice(0, -1)));
}
/** The longest symbol or code, in characters: how far from a figure its currency is looked for. */
const LONGEST_MARK = Math.max(...[...MARKS, ...NAMES].map((mark) => mark.length)) + 1;
const SPACE = /[ \u00a0\u202f]/;
const isLetter = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
/** A sign of its own ("$", "₦", "₹"): any Unicode currency symbol. */
const isSign = (mark: string) => /^\p{Sc}$/u.test(mark);
/**
 * A symbol of one letter ("R", "P", "K") counts only right before a figure of two digits or more:
 * "R95", never "10K run", "R 5" or a postcode's district ("M1 1AE").
 */
const isSingleLetter = (mark: string) => /^\p{L}$/u.test(mark);

/** Where the currency written before a figure starts ("KES 2,500", "R95", "Rs. 499", "₹499"), if one is. */
function currencyBefore(text: string, figureStart: number, figure: string): number | undefined {
  const spaced = SPACE.test(text[figureStart - 1] ?? '');
  const end = spaced ? figureStart - 1 : figureStart;
  let start = end;
  while (start > 0 && end - start < LONGEST_MARK && !/[\s\d]/.test(text[start - 1]!)) start--;
  for (let from = start; from < end; from++) {
    const written = text.slice(from, end);
    // "Rs." is "Rs" with a full stop.
    const mark = isMark(written) || !written.endsWith('.') ? written : written.slice(0, -1);
    if (!isMark(mark) && !isSign(mark)) continue;
    // A letter symbol or code is a word of its own, not the end of one ("XR95", "MASKR 5").
    if (/^\p{L}/u.test(mark) && isLetter(text[from - 1])) continue;
    if (isSingleLetter(mark) && (spaced || !/^\d{2}/.test(figure) || /^\s\d\p{Lu}{2}/u.test(text.slice(figureStart + figure.length)))) continue;
    return from;
  }
  return undefined;
}

/** Where the currency written after a figure ends ("2 500 NOK", "200 kr.", "1.234,50 €", "95 rand"), if one is. */
function currencyAfter(text: string, figureEnd: number): number | undefined {
  const start = SPACE.test(text[figureEnd] ?? '') ? figureEnd + 1 : figureEnd;
  let end = start;
  while (end < text.length && end - start < LONGEST_MARK && !/[\s\d]/.test(text[end]!)) end++;
  for (let to = end; to > start; to--) {
    const written = text.slice(start, to);
    const known = (isMark(written) && !isSingleLetter(written)) || isSign(written) || NAMES.has(written.toLowerCase());
    // "kr/month" ends the mark at the slash; "KESTREL" is no "KES".
    if (known && !(/\p{L}$/u.test(written) && isLetter(text[to]))) return to;
  }
  return undefined;
}

/** The figure of an amount as a plain number: the last separator before one or two digits is the decimal point. */
export function figureValue(raw: string): string {
  const figure = raw.replace(/[,./]-$/, '');
  const decimal = /[.,](\d{1,2})$/.exec(figure);
  const whole = (decimal ? figure.slice(0, decimal.index) : figure).replace(/\D/g, '');
  const fraction = decimal && !/^0+$/.test(decimal[1]!) ? `.${decimal[1]}` : '';
  return `${whole.replace(/^0+(?=\d)/, '')}${fraction}`;
}

/** Every amount of money a text states, in the order written. */
export function amountsIn(text: string): Amount[] {
  const found: Amount[] = [];
  if (!/\d/.test(text)) return found;
  for (const match of text.matchAll(FIGURE)) {
    const figureEnd = match.index + match[0].length;
    const from = currencyBefore(text, match.index, match[0]);
    const to = from === undefined ? currencyAfter(text, figureEnd) : figureEnd;
    if (to === undefined) continue;
    const index = from ?? match.index;
    found.push({ text: text.slice(index, to), index, value: figureValue(match[0]) });
  }
  return found;
}

/** Whether a text states an amount of money in any currency. */
export const statesAmount = (text: string): boolean => amountsIn(text).length > 0;
