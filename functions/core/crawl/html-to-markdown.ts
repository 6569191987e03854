// The browser build: the default Node build bundles a whole DOM implementation (domino, ~235 KB minified)
// only to parse HTML strings; this module passes linkedom nodes, never strings.
import TurndownService from 'turndown/lib/turndown.browser.cjs.js';
import { socialProfileOf } from './social-profile.js';
import { tableToText } from './table-text.js';

/**
 * DOM to markdown for knowledge text: headings, lists and emphasis survive; data tables become
 * `Column: value` lines (see table-text.ts) rather than pipe tables, which lose a value's column once
 * whitespace is collapsed or a chunk cuts the table; images are dropped; links keep only their text (URLs are noise for retrieval); markdown escaping is off because the
 * text is stored and shown as text, never rendered as HTML.
 */
const service = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', codeBlockStyle: 'fenced' });
service.escape = (text: string) => text;
service.addRule('dropMedia', {
  filter: ['img', 'picture', 'video', 'audio', 'input', 'select', 'textarea'],
  replacement: () => '',
});
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
// Accordions put FAQ questions in buttons and <summary>: the question heads its answer's section.
// Other buttons ("Book now") are controls, not knowledge.
service.addRule('questionControl', {
  filter: ['button', 'summary'],
  replacement: (content, node) => {
    const text = oneLine(content.replace(/[#*_`]/g, ''));
    // In a heading already ("<h3><button>Is there Wi-Fi?</button></h3>"), the question is that heading's text.
    if ((node as Element).parentElement?.closest('h1, h2, h3, h4, h5, h6')) return text;
    return node.nodeName === 'SUMMARY' || /\?$/.test(text) ? `\n\n#### ${text}\n\n` : '';
  },
});
// Definition lists (hours, specs, FAQs) become `term: definition` lines, one per pair.
service.addRule('definitionTerm', {
  filter: 'dt',
  replacement: (content) => `\n${oneLine(content)}: `,
});
service.addRule('definitionValue', {
  filter: 'dd',
  replacement: (content) => `${oneLine(content)}\n`,
});
// A phone or e-mail link shown as an icon or a word ("Call us") still gives its number or address,
// and a social profile shown as an icon its network and address.
service.addRule('linkText', {
  filter: 'a',
  replacement: (content, node) => {
    const href = (node as Element).getAttribute('href') ?? '';
    const profile = socialProfileOf(href);
    if (profile) {
      const text = oneLine(content);
      const given = `${profile.network}: ${profile.address}`;
      if (!text) return `${given} `;
      return text.toLowerCase().includes(profile.network.split(' ')[0]!.toLowerCase()) ? `${text} (${profile.address})` : `${text} (${given})`;
    }
    let contact = /^(?:tel|mailto):([^?]+)/i.exec(href)?.[1];
    if (!contact) return content;
    try {
      contact = decodeURIComponent(contact).trim();
    } catch {
      contact = contact.trim();
    }
    if (!content.trim()) return contact;
    return /[\d@]/.test(content) ? content : `${content.trim()}: ${contact}`;
  },
});
service.addRule('dataTable', {
  filter: 'table',
  // A layout table keeps its cells' converted content as ordinary blocks.
  replacement: (content, node) => `\n\n${tableToText(node as Element) ?? content}\n\n`,
});
service.addRule('tightListItem', {
  filter: 'li',
  replacement: (content, node) => {
    // A card laid out as a list item (a heading and its text) is a section, not a bullet.
    if ((node as Element).querySelector('h1, h2, h3, h4, h5, h6')) return `\n\n${content.trim()}\n\n`;
    const parent = node.parentNode as Element | null;
    const ordered = parent?.nodeName === 'OL';
    const index = ordered && parent ? Array.prototype.indexOf.call(parent.children, node) + 1 : 0;
    const marker = ordered ? `${index}. ` : '- ';
    const body = content.trim().replace(/\n+/g, '\n  ');
    return `${marker}${body}${node.nextSibling ? '\n' : ''}`;
  },
});

/** Converts an element (of any DOM implementation, e.g. linkedom) to markdown text. */
export function htmlToMarkdown(element: Element): string {
  return service
    .turndown(element as unknown as HTMLElement)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
