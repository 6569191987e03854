/**
 * A site's menu is no knowledge, but some menus hold what no page repeats: a drop-down "Our branches"
 * of cards, each a place and its phone number. Such text is not links, so it is kept: the largest
 * blocks of a menu that hold no link and give a phone number are moved out of it, headed by the label
 * of the menu item they drop down from, before the menu is removed.
 */

/** Seven to fifteen digits in a run of phone separators: "+91 9888505602", "(0203) 496 4512". */
const PHONE = /(?:\+\s?)?\(?\d[\d\s().-]{5,}\d/g;
const isPhone = (run: string) => {
  const digits = run.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
};
const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const givesPhone = (element: Element) => [...(element.textContent ?? '').matchAll(PHONE)].some(([run]) => isPhone(run));
const linkFree = (element: Element) => element.localName !== 'a' && !element.querySelector('a, button, input, select');

/** The blocks of the menu that give a phone number and hold no link, largest first found (none inside another). */
function contactBlocksOf(menu: Element): Element[] {
  const blocks: Element[] = [];
  for (const element of menu.querySelectorAll('div, li, p, address, section, ul, ol')) {
    if (blocks.some((block) => block.contains(element))) continue;
    if (linkFree(element) && givesPhone(element)) blocks.push(element);
  }
  return blocks;
}

/** The label of the menu item a block drops down from: the link or button beside it in its item. */
function itemLabelOf(block: Element, menu: Element): string {
  for (let item = block.parentElement; item && item !== menu.parentElement; item = item.parentElement) {
    const toggle = [...item.children].find((child) => child.matches('a, button'));
    if (toggle) return clean(toggle.textContent);
  }
  return '';
}

/** Moves each menu's contact blocks out of it, into a section before the menu. */
export function keepMenuContacts(menus: readonly Element[]): void {
  for (const menu of menus) {
    const blocks = contactBlocksOf(menu);
    if (!blocks.length) continue;
    const document = menu.ownerDocument;
    const section = document.createElement('section');
    const label = itemLabelOf(blocks[0]!, menu);
    if (label) section.append(Object.assign(document.createElement('h2'), { textContent: label }));
    section.append(...blocks);
    menu.before(section);
  }
}
