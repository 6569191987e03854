// The browser build: the default Node build bundles a whole DOM implementation (domino, ~235 KB minified)
// only to parse HTML strings; this module passes linkedom nodes, never strings.
import TurndownService from 'turndown/lib/turndown.browser.cjs.js';
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
  filter: ['img', 'picture', 'video', 'audio', 'button', 'input', 'select', 'textarea'],
  replacement: () => '',
});
service.addRule('linkText', {
  filter: 'a',
  replacement: (content) => content,
});
service.addRule('dataTable', {
  filter: 'table',
  // A layout table keeps its cells' converted content as ordinary blocks.
  replacement: (content, node) => `\n\n${tableToText(node as Element) ?? content}\n\n`,
});
service.addRule('tightListItem', {
  filter: 'li',
  replacement: (content, node) => {
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
