/**
 * Makes the structure a visitor sees (by clicking or by layout) explicit in the DOM before it is
 * converted to markdown, so that chunking by headings yields one answer unit per tab, per FAQ item and
 * per price row. Site themes ship tab and accordion panels hidden and let a script reveal them; their
 * labels are divs and links, not headings, and their rows are spans laid out by CSS.
 */

const headingTags = 'h1, h2, h3, h4, h5, h6';
/** Longer than this, a control's text is not a label. */
const MAX_LABEL_CHARS = 200;
/** The level FAQ question controls get (the same as ./html-to-markdown.ts gives question buttons). */
const QUESTION_LEVEL = 4;

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function byId(document: Document, id: string): Element | null {
  // ids are matched as written: CSS.escape is not available in every DOM implementation.
  for (const element of document.querySelectorAll('[id]')) if (element.getAttribute('id') === id) return element;
  return null;
}

/**
 * For each element of `targets`, the level of the last real heading before it in page order (0 when
 * none). querySelectorAll lists elements in page order (linkedom's compareDocumentPosition does not).
 */
export function precedingHeadingLevels(document: Document, targets: readonly Element[]): Map<Element, number> {
  const wanted = new Set(targets);
  const levels = new Map<Element, number>();
  let level = 0;
  for (const element of document.querySelectorAll('*')) {
    if (wanted.has(element)) levels.set(element, level);
    else if (/^h[1-6]$/.test(element.localName) && !element.hasAttribute('data-structure-label')) level = Number(element.localName.slice(1));
  }
  return levels;
}

/** A heading the page shows by layout or control rather than as a heading element; not a heading of the page's own. */
export function heading(document: Document, level: number, text: string): Element {
  const element = document.createElement(`h${Math.min(6, Math.max(1, level))}`);
  element.setAttribute('data-structure-label', '');
  element.textContent = text;
  return element;
}

/**
 * A tab panel starts with its tab's label as a heading ("Colour", "Water heaters"), one level below the
 * section it is in; the row of tabs itself is a control and goes.
 */
function labelTabPanels(document: Document): void {
  const panels = [...document.querySelectorAll('[role="tabpanel"]')];
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  const before = precedingHeadingLevels(document, panels);
  const levels = new Map<Element | null, number>();
  for (const panel of panels) {
    const id = panel.getAttribute('id');
    const labelIds = (panel.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
    const labelled = labelIds.map((labelId) => byId(document, labelId)).find((label) => label && !panel.contains(label));
    const tab = labelled ?? tabs.find((candidate) => id && candidate.getAttribute('aria-controls') === id);
    const label = clean(tab?.textContent ?? panel.getAttribute('aria-label'));
    if (!label || label.length > MAX_LABEL_CHARS) continue;
    // Every panel of one tab set gets the same level, whatever headings an earlier panel holds.
    const group = panel.parentElement;
    if (!levels.has(group)) levels.set(group, (before.get(panel) ?? 0) + 1);
    panel.insertBefore(heading(document, levels.get(group)!, label), panel.firstChild);
  }
  if (panels.length) for (const tab of tabs) tab.remove();
}

/** The element an accordion control opens, if it is on the page. */
function controlledPanel(control: Element): Element | null {
  const document = control.ownerDocument;
  const ids = (control.getAttribute('aria-controls') ?? '').split(/\s+/).filter(Boolean);
  const target = control.getAttribute('data-bs-target') ?? control.getAttribute('data-target') ?? '';
  if (/^#[\w-]+$/.test(target)) ids.push(target.slice(1));
  const href = control.localName === 'a' ? (control.getAttribute('href') ?? '') : '';
  if (/^#[\w-]+$/.test(href) && /collapse|toggle|accordion/i.test(control.getAttribute('data-toggle') ?? control.getAttribute('data-bs-toggle') ?? '')) ids.push(href.slice(1));
  for (const id of ids) {
    const panel = byId(document, id);
    if (panel && clean(panel.textContent) && !panel.contains(control)) return panel;
  }
  return null;
}

/**
 * Accordion titles that are not buttons or <summary> (a div or link with role="button", aria-expanded
 * or a collapse target) head their answer: a question, or a label whose panel is on the page. Site
 * builders (Wix) set the title as a paragraph inside the control; a control with more (several
 * paragraphs, a list) is a clickable card, not a title. Those in a heading already keep it; buttons are
 * left to the markdown converter.
 */
function headDisclosures(document: Document): void {
  const controls = document.querySelectorAll('[role="button"], [aria-expanded], [aria-controls], [data-toggle], [data-bs-toggle]');
  for (const control of [...controls]) {
    if (!control.isConnected || control.localName === 'button' || control.localName === 'summary') continue;
    if (control.closest(headingTags) || control.querySelector(`${headingTags}, ul, ol, table`) || control.querySelectorAll('p').length > 1) continue;
    const text = clean(control.textContent);
    if (!text || text.length > MAX_LABEL_CHARS) continue;
    if (!/\?$/.test(text) && !controlledPanel(control)) continue;
    control.replaceWith(heading(document, QUESTION_LEVEL, text));
  }
}

const inlineTags = new Set(['a', 'abbr', 'b', 'cite', 'code', 'data', 'em', 'i', 'label', 'mark', 'q', 'small', 'span', 'strong', 'time', 'u']);
/** Where two pieces of text meet without a space and a layout (flex, grid) separates them on screen. */
const endsWord = /[\p{L}\p{N})\].!?%]$/u;
const startsWord = /^[\p{L}\p{N}(£$€¥]/u;

/**
 * Sibling inline elements written without whitespace between them ("<span>Bridal trial</span><span>£60</span>",
 * a price row laid out by CSS) are read with a space, not run together as "Bridal trial£60". A currency
 * sign and its amount ("<span>$</span><span>49</span>") stay together.
 */
function separateAdjacentInlines(document: Document): void {
  for (const element of document.querySelectorAll('span, a, strong, b, em, i, small, time, data, label')) {
    if (!clean(element.textContent)) continue;
    // Empty siblings between them (a dotted leader, an icon) separate nothing in the text.
    let next = element.nextSibling;
    while (next && next.nodeType === 1 && inlineTags.has((next as Element).localName) && !clean(next.textContent)) next = next.nextSibling;
    if (!next || next.nodeType !== 1 || !inlineTags.has((next as Element).localName)) continue;
    if (endsWord.test(clean(element.textContent)) && startsWord.test(clean(next.textContent))) {
      element.after(document.createTextNode(' '));
    }
  }
}

/** A code a tooltip explains ("VG" titled "Vegan"): short, without spaces. */
const abbreviation = /^[\p{L}\p{N}+&/.-]{1,5}$/u;
const MAX_EXPANSION_CHARS = 40;

/**
 * A tag whose meaning is in its tooltip ("<span class=tag title=Vegan>VG</span>", "<abbr title=Gluten-free>GF</abbr>")
 * is read with it: "VG (Vegan)". A visitor asks for vegan dishes, not for "VG".
 */
function expandAbbreviations(document: Document): void {
  for (const element of document.querySelectorAll('abbr[title], span[title], small[title], i[title], b[title], em[title]')) {
    const text = clean(element.textContent);
    const title = clean(element.getAttribute('title'));
    if (!abbreviation.test(text) || !title || title.length > MAX_EXPANSION_CHARS || title.toLowerCase() === text.toLowerCase()) continue;
    element.textContent = `${text} (${title})`;
  }
}

/** Card containers: what themes repeat for each service, person or room (not list items or table cells). */
const cardTags = new Set(['div', 'article', 'section', 'figure', 'aside']);
const blockTags = 'p, div, ul, ol, dl, table, section, article, figure, blockquote, address, li, h1, h2, h3, h4, h5, h6';
/** A card's title is a name ("Sam Okafor", "Cutting & styling"), not a sentence or a figure. */
const MAX_TITLE_CHARS = 60;
const MAX_TITLE_WORDS = 8;

/** The first piece of text of a card, as the element holding just that line. */
function firstLine(card: Element): Element | undefined {
  for (const element of card.querySelectorAll('*')) {
    const text = clean(element.textContent);
    if (!text || element.querySelector(blockTags)) continue;
    // A list, a table or a control first: not a card with a title.
    const within = element.closest('li, dt, dd, td, th, button, summary, label');
    if (within && card.contains(within)) return undefined;
    // An inline title ("<span class=name>") is its whole line when its block holds nothing else.
    const parent = element.parentElement;
    return parent && parent !== card && !cardTags.has(element.localName) && clean(parent.textContent) === text ? parent : element;
  }
  return undefined;
}

function cardTitle(card: Element): Element | undefined {
  if (card.querySelector('h1, h2, h3, h4, h5, h6')) return undefined;
  const line = firstLine(card);
  const text = clean(line?.textContent);
  const words = text.split(' ').length;
  if (!line || text.length > MAX_TITLE_CHARS || words > MAX_TITLE_WORDS || /[.!?:,;]$/.test(text) || !/\p{L}.*\p{L}/u.test(text)) return undefined;
  // A title heads something: the card says more than its title.
  return clean(card.textContent).length > text.length + 10 ? line : undefined;
}

/**
 * Cards without headings (a team member whose name is a <p>, a feature whose title is a <div>) get their
 * title as a heading, so each card is a passage of its own that names what it is about. Cards are
 * siblings of the same tag and class; every one of them must have a title, or none is changed.
 */
function headCardTitles(root: Element): void {
  const grids: { cards: Element[]; titles: Element[] }[] = [];
  for (const cards of cardGroups(root)) {
    const titles = cards.map(cardTitle);
    if (titles.every(Boolean)) grids.push({ cards, titles: titles as Element[] });
  }
  const document = root.ownerDocument;
  const before = precedingHeadingLevels(document, grids.map((grid) => grid.cards[0]!));
  for (const { cards, titles } of grids) {
    const level = (before.get(cards[0]!) ?? 0) + 1;
    for (const title of titles) if (title.isConnected) title.replaceWith(heading(document, level, clean(title.textContent)));
  }
}

/** What a card may show above its heading and still be the heading's: a caption, a badge, a price. */
const MAX_TEXT_ABOVE_HEADING = 80;

/** Sibling cards of the same tag and class, two or more, each with text. */
function cardGroups(root: Element): Element[][] {
  const grids: Element[][] = [];
  for (const container of root.querySelectorAll('*')) {
    const groups = new Map<string, Element[]>();
    for (const child of container.children) {
      if (!cardTags.has(child.localName) || !child.getAttribute('class')) continue;
      const key = `${child.localName}.${child.getAttribute('class')}`;
      groups.set(key, [...(groups.get(key) ?? []), child]);
    }
    for (const cards of groups.values()) {
      const withText = cards.filter((card) => clean(card.textContent));
      if (withText.length >= 2) grids.push(withText);
    }
  }
  return grids;
}

/** The text of `card` that comes before `heading` in document order. */
function textAbove(card: Element, heading: Element): string {
  let text = '';
  for (let node: Element | null = heading; node && node !== card; node = node.parentElement) {
    for (let sibling = node.previousSibling; sibling; sibling = sibling.previousSibling) text = `${sibling.textContent ?? ''} ${text}`;
  }
  return clean(text);
}

/**
 * Cards whose picture, caption and price come before their heading ("<figure>…<div class=price>€3.50</div>
 * </figure><h2>Artisan Bread</h2><p>…</p>"): the heading names the whole card, so it is moved to the card's
 * start, and the price is in the passage of what it prices, not in the one of the card before. Every card
 * of the row must have one heading with little above it, or none is changed.
 */
function headCardsFromBelow(root: Element): void {
  for (const cards of cardGroups(root)) {
    const headings = cards.map((card) => card.querySelectorAll('h1, h2, h3, h4, h5, h6'));
    if (!headings.every((found) => found.length === 1)) continue;
    const above = cards.map((card, at) => textAbove(card, headings[at]![0]!));
    if (!above.some(Boolean) || above.some((text) => text.length > MAX_TEXT_ABOVE_HEADING)) continue;
    cards.forEach((card, at) => card.prepend(headings[at]![0]!));
  }
}

const isQuestionParagraph = (element: Element | null): boolean => {
  const text = clean(element?.textContent);
  return element?.localName === 'p' && text.length <= MAX_LABEL_CHARS && /\?$/.test(text) && !/[.!?]\s/.test(text.slice(0, -1));
};
/** Questions in a row with their answers make an FAQ; one lone question ("Ready to start?") does not. */
const MIN_FAQ_QUESTIONS = 2;

/**
 * An FAQ written as plain paragraphs ("<p><strong>Can I park?</strong></p><p>Yes, behind...</p>"): each
 * paragraph that is one question, followed by its answer, heads that answer, so that an FAQ item is one
 * answer unit and not a share of the whole list.
 */
function headQuestionParagraphs(document: Document): void {
  const byParent = new Map<Element, Element[]>();
  for (const paragraph of document.querySelectorAll('p')) {
    const answer = paragraph.nextElementSibling;
    if (!isQuestionParagraph(paragraph) || !answer || isQuestionParagraph(answer) || !clean(answer.textContent) || !paragraph.parentElement) continue;
    byParent.set(paragraph.parentElement, [...(byParent.get(paragraph.parentElement) ?? []), paragraph]);
  }
  for (const questions of byParent.values()) {
    if (questions.length < MIN_FAQ_QUESTIONS) continue;
    const level = Math.max(QUESTION_LEVEL, (precedingHeadingLevels(document, questions).get(questions[0]!) ?? 0) + 1);
    // "Q: Can I park?": the mark says it is the question, which the heading now says itself.
    for (const question of questions) question.replaceWith(heading(document, level, clean(question.textContent).replace(/^Q(?:uestion)?\s*[:.]\s*/i, '')));
  }
}

/**
 * A heading element with no text holds an icon (`<h3 class="flaticon-dog"><img></h3>` above a card's
 * title): it heads nothing, and a card holding one would seem to have a heading of its own already.
 * Its contents stay, in a plain block.
 */
function unheadEmptyHeadings(document: Document): void {
  for (const element of document.querySelectorAll(headingTags)) {
    if (clean(element.textContent)) continue;
    const block = document.createElement('div');
    block.append(...element.childNodes);
    element.replaceWith(block);
  }
}

/** Applies the rules for controls and layout to a document about to be converted to markdown (in place). */
export function revealPageStructure(document: Document): void {
  unheadEmptyHeadings(document);
  labelTabPanels(document);
  headDisclosures(document);
  headQuestionParagraphs(document);
  expandAbbreviations(document);
  separateAdjacentInlines(document);
}

/** Gives heading-less cards of the page's content (not of its header and footer) their title as a heading. */
export function revealCardTitles(content: Element): void {
  headCardsFromBelow(content);
  headCardTitles(content);
}
