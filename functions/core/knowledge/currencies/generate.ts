/**
 * Writes currencies.json: how amounts of every currency are written, from CLDR as Node's Intl has it
 * (the ISO codes of Intl.supportedValuesOf('currency'), each one's symbol and narrow symbol in English
 * and in the locales of the country it belongs to, and its English name in the singular and plural).
 * Building the formatters takes over a second, far too long for a Lambda's cold start, so the chat
 * function reads this small JSON instead. Run after a Node upgrade changes ICU's data:
 *   npx tsx functions/core/knowledge/currencies/generate.ts
 * test/unit/currency-amounts.test.ts fails when the file no longer matches what Intl says.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import commonWords from '../common-words/common-english-words.json' with { type: 'json' };

export const CURRENCIES_FILE = resolve(import.meta.dirname, 'currencies.json');

export type CurrencyData = {
  /** ISO 4217 codes written before or after an amount ("KES 2,500", "2 500 NOK"); those that are also everyday English words ("TOP 10", "ALL") are left out. */
  codes: string[];
  /** Symbols as locales write them ("R", "kr", "Ksh", "₹", "CHF", "R$"), longest first. */
  symbols: string[];
  /** The last word of each currency's English name, singular and plural ("shilling", "shillings", "rand", "naira"). */
  words: string[];
};

const currencyPart = (locale: string, currency: string, display: 'symbol' | 'narrowSymbol' | 'name', value = 1) =>
  // Whole numbers: in English "1.00" takes the plural ("1.00 Nigerian nairas"), "1" the singular.
  new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: display, maximumFractionDigits: 0, minimumFractionDigits: 0 }).formatToParts(value).find((part) => part.type === 'currency')?.value;

/** The locales of the country a currency belongs to: its code's first two letters name the country (KES: KE, Kenya). */
function localesOf(currency: string): string[] {
  const region = currency.slice(0, 2);
  try {
    const language = new Intl.Locale(`und-${region}`).maximize().language;
    return [`${language}-${region}`, `en-${region}`];
  } catch {
    return [];
  }
}

export function currencyDataFromIntl(): CurrencyData {
  const everyday = new Set(commonWords);
  const codes = Intl.supportedValuesOf('currency');
  const symbols = new Set<string>();
  const words = new Set<string>();
  for (const code of codes) {
    let hasSymbol = false;
    for (const locale of ['en', ...localesOf(code)]) {
      for (const display of ['symbol', 'narrowSymbol'] as const) {
        const symbol = currencyPart(locale, code, display)?.trim();
        // A symbol that is the code itself is found as a code; one without a letter or sign (a zero-width space) is none.
        if (symbol && symbol !== code && /[\p{L}\p{Sc}]/u.test(symbol)) {
          symbols.add(symbol);
          hasSymbol = true;
        }
      }
    }
    // Units of account (special drawing rights, gold, the sucre) have no symbol: nobody prices a haircut in them.
    if (!hasSymbol && code.startsWith('X')) continue;
    for (const value of [1, 2]) {
      const word = currencyPart('en', code, 'name', value)?.split(/\s+/).at(-1)?.toLowerCase();
      if (word && /^\p{L}+$/u.test(word)) words.add(word);
    }
  }
  return {
    codes: codes.filter((code) => !everyday.has(code.toLowerCase())),
    symbols: [...symbols].sort((a, b) => b.length - a.length || a.localeCompare(b)),
    words: [...words].sort(),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(CURRENCIES_FILE, `${JSON.stringify(currencyDataFromIntl())}\n`);
  console.log(`wrote ${CURRENCIES_FILE}`);
}
