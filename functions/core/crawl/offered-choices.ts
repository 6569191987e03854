import { namesCountry } from '../knowledge/country-names.js';
import { heading, precedingHeadingLevels } from './page-structure.js';

/**
 * A booking or quote form's drop-down of services ("Service type: Residential, Commercial, Deep, Move
 * In/Out Cleaning") is often the only place a page names everything the business offers. Forms are not
 * knowledge and a <select> has no text in markdown, so such a list is kept, before its form, as a
 * passage headed by the field's label. Drop-downs of anything else (a country, a time, a number of
 * rooms, how you heard of us) stay out.
 */

/** A field label that names what the business offers. */
const offerLabel =
  /\b(?:services?|treatments?|therap(?:y|ies)|procedures?|products?|packages?|plans?|courses?|class(?:es)?|lessons?|programmes?|programs?|menus?|rooms?|events?|occasions?|jobs?|projects?|repairs?|interest(?:ed)?|enquir(?:y|ies)|inquir(?:y|ies))\b/i;
/** "Select a service", "-- Choose --": a prompt, not a choice. */
const placeholder = /^(?:-+|select|choose|pick|please|any\b|none\b|other\b)/i;
const MAX_OPTION_CHARS = 80;
const MIN_OPTIONS = 2;

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function labelOf(select: Element): string {
  const document = select.ownerDocument;
  const id = select.getAttribute('id');
  const forLabel = id ? [...document.querySelectorAll('label[for]')].find((label) => label.getAttribute('for') === id) : undefined;
  const labelledBy = (select.getAttribute('aria-labelledby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((labelId) => clean([...document.querySelectorAll('[id]')].find((element) => element.getAttribute('id') === labelId)?.textContent))
    .join(' ');
  const wrapping = select.closest('label');
  const wrappingText = wrapping ? clean([...wrapping.childNodes].filter((node) => node !== select && !(node as Element).contains?.(select)).map((node) => node.textContent).join(' ')) : '';
  return clean(forLabel?.textContent) || labelledBy || clean(select.getAttribute('aria-label')) || wrappingText;
}

/** The options a visitor chooses from, without prompts, or undefined when they are not a list of offers. */
function offeredOptions(select: Element): string[] | undefined {
  const options = [...select.querySelectorAll('option')]
    .filter((option) => option.getAttribute('value') !== '' && !option.hasAttribute('disabled'))
    .map((option) => clean(option.textContent))
    .filter((text) => text && text.length <= MAX_OPTION_CHARS && !placeholder.test(text));
  const distinct = [...new Set(options)];
  if (distinct.length < MIN_OPTIONS) return undefined;
  // Numbers, sizes, times and dates ("1 bedroom", "9:00 am") are quantities; countries are places.
  const counted = distinct.filter((text) => /\d/.test(text) || namesCountry(text)).length;
  return counted * 2 >= distinct.length ? undefined : distinct;
}

/** What names the field: its label, else the prompt option ("Select a service"), else its name. */
function fieldNames(select: Element): { label: string; names: string } {
  const label = labelOf(select);
  const prompt = clean([...select.querySelectorAll('option')].find((option) => placeholder.test(clean(option.textContent)))?.textContent);
  const names = [label, prompt, select.getAttribute('name') ?? '', select.getAttribute('id') ?? ''].join(' ').replace(/[_-]+/g, ' ');
  return { label: label.replace(/\s*[:*]+$/, '') || prompt.replace(placeholder, '').replace(/^\s*(?:an?|the|your)\s+/i, '').trim(), names };
}

/** Puts each drop-down of offers before its form (forms are dropped later) as a heading and a list. */
export function revealOfferedChoices(document: Document): void {
  const lists: { anchor: Element; label: string; options: string[] }[] = [];
  for (const select of document.querySelectorAll('select')) {
    if (select.closest('nav, [role="navigation"], dialog')) continue;
    const { label, names } = fieldNames(select);
    const options = label && offerLabel.test(names) ? offeredOptions(select) : undefined;
    if (options) lists.push({ anchor: select.closest('form') ?? select, label, options });
  }
  const levels = precedingHeadingLevels(document, lists.map((list) => list.anchor));
  for (const { anchor, label, options } of lists) {
    const list = document.createElement('ul');
    for (const option of options) {
      const item = document.createElement('li');
      item.textContent = option;
      list.append(item);
    }
    anchor.before(heading(document, (levels.get(anchor) ?? 0) + 1, label), list);
  }
}
