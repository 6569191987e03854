import { namesCountry } from '../knowledge/country-names.js';
import { heading, precedingHeadingLevels } from './page-structure.js';

/**
 * A booking or quote form's drop-down of services ("Service type: Residential, Commercial, Deep, Move
 * In/Out Cleaning") is often the only place a page names everything the business offers. Forms are not
 * knowledge and a <select> has no text in markdown, so such a list is kept, before its form, as a
 * passage headed by the field's label. Drop-downs of anything else (a country, a time, a number of
 * rooms, how you heard of us) stay out. A choice of the business's people ("Preferred dentist"), of
 * the insurers it works with or of how it is paid is what it offers too; so are radio buttons, named by
 * the caption before them (a heading, a legend, a label of no field).
 */

/** A field label that names what the business offers. */
const offerLabel =
  /\b(?:dentists?|doctors?|stylists?|barbers?|therapists?|trainers?|instructors?|teachers?|coaches|coach|experts?|specialists?|practitioners?|insurance|insurers?|payments?|services?|treatments?|therap(?:y|ies)|procedures?|products?|packages?|plans?|courses?|class(?:es)?|lessons?|programmes?|programs?|menus?|rooms?|events?|occasions?|jobs?|projects?|repairs?|interest(?:ed)?|enquir(?:y|ies)|inquir(?:y|ies))\b/i;
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

const CAPTIONS = 'h1, h2, h3, h4, h5, h6, legend, label';
const isCaption = (element: Element) => element.localName !== 'label' || !element.querySelector('input, select, textarea');

/** Radio buttons by group, each with the caption before its first button and its buttons' labels. */
function radioGroups(document: Document): { first: Element; label: string; options: string[] }[] {
  const groups = new Map<string, { first: Element; label: string; options: string[] }>();
  let caption = '';
  for (const element of document.querySelectorAll(`${CAPTIONS}, input[type="radio" i]`)) {
    if (element.localName !== 'input') {
      if (isCaption(element)) caption = clean(element.textContent).replace(/\s*[:*]+$/, '');
      continue;
    }
    const name = element.getAttribute('name') ?? '';
    const id = element.getAttribute('id');
    // ids are matched as written (CSS.escape is not in every DOM implementation).
    const forLabel = id ? [...document.querySelectorAll('label[for]')].find((candidate) => candidate.getAttribute('for') === id) : undefined;
    const label = clean((element.closest('label') ?? forLabel)?.textContent);
    if (!name || !label || label.length > MAX_OPTION_CHARS) continue;
    const group = groups.get(name) ?? { first: element, label: caption, options: [] };
    if (!group.options.includes(label)) group.options.push(label);
    groups.set(name, group);
  }
  return [...groups.values()];
}

/** Puts each drop-down of offers before its form (forms are dropped later) as a heading and a list. */
export function revealOfferedChoices(document: Document): void {
  const lists: { anchor: Element; label: string; options: string[] }[] = [];
  for (const { first, label, options } of radioGroups(document)) {
    if (first.closest('nav, [role="navigation"], dialog') || !label || !offerLabel.test(label) || options.length < MIN_OPTIONS) continue;
    const counted = options.filter((text) => /\d/.test(text) || namesCountry(text)).length;
    if (counted * 2 < options.length) lists.push({ anchor: first.closest('form') ?? first, label, options });
  }
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
