import { amountsIn } from '../knowledge/currency-amounts.js';

/**
 * What a visitor sees that a page's own script puts there, read without running it (the crawler runs
 * no scripts): the final number of a counter that counts up from 0, and a price list kept as data in
 * an inline script.
 */

/** Attributes that counting-up scripts read their final number from: `<span data-target="10">0</span>`. */
const COUNTER_ATTRIBUTES = ['data-target', 'data-count', 'data-to', 'data-number', 'data-value', 'data-counter'];
const NUMBER = /^\d+(?:[.,]\d+)?$/;

/** A counter that shows 0 (or nothing) until its script counts up shows its final number instead. */
export function revealCounters(document: Document): void {
  for (const element of document.querySelectorAll(COUNTER_ATTRIBUTES.map((name) => `[${name}]`).join(', '))) {
    if (element.children.length) continue;
    const shown = (element.textContent ?? '').trim();
    const target = COUNTER_ATTRIBUTES.map((name) => element.getAttribute(name)?.trim() ?? '').find((value) => NUMBER.test(value));
    if (target && (shown === '' || /^0+(?:[.,]0+)?$/.test(shown))) element.textContent = target;
  }
}

/** `key: 'value'` (or "value", `value`) properties of a script's object literal. */
const STRING_PROPERTY = /\b([A-Za-z_]\w*)\s*:\s*(["'`])((?:\\.|(?!\2)[^\\\n])*)\2/g;
/** An object literal without objects inside: one item of a list. */
const FLAT_OBJECT = /\{[^{}]*\}/g;
const MAX_NAME_CHARS = 100;
const MAX_SCRIPT_CHARS = 256 * 1024;

/**
 * Items priced in an inline script's data (`{ name: 'Skin Fade', price: '£27' }`) as lines of text,
 * "Skin Fade: £27", under the title of the list they are in (the nearest `title: '…'` before a run of
 * items). An item is an object with a value that is an amount of money, in any currency, and nothing
 * else, and a short text naming it; an object of any other data is no item.
 */
export function scriptPriceListOf(document: Document): string {
  const lines: string[] = [];
  for (const script of document.querySelectorAll('script:not([src])')) {
    if (/json/i.test(script.getAttribute('type') ?? '')) continue;
    const text = (script.textContent ?? '').slice(0, MAX_SCRIPT_CHARS);
    let previousEnd = 0;
    for (const object of text.matchAll(FLAT_OBJECT)) {
      const values = [...object[0].matchAll(STRING_PROPERTY)].map((property) => property[3]!.replace(/\\(.)/g, '$1').trim());
      const price = values.find((value) => amountsIn(value)[0]?.text === value);
      const name = values.find((value) => value !== price && /\p{L}/u.test(value) && value.length <= MAX_NAME_CHARS);
      if (!price || !name) continue;
      // A list's title is said before its first item, in the object that holds the list.
      const between = text.slice(previousEnd, object.index);
      const title = [...between.matchAll(/\b(?:title|name|category|heading)\s*:\s*(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g)].at(-1)?.[2];
      if (title) lines.push('', `### ${title.trim()}`, '');
      lines.push(`- ${name}: ${price}`);
      previousEnd = object.index + object[0].length;
    }
  }
  return lines.join('\n').trim();
}
