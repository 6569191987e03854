import { parseHTML } from 'linkedom';

const headElements = new Set(['title', 'meta', 'link', 'base', 'style', 'script', 'noscript', 'template']);

/**
 * HTML text to a linkedom Document with the usual <html><head/><body/></html> shape. linkedom does not
 * add the elements HTML lets pages omit, and Readability and `document.body` need them, so a page without
 * <html>, <head> or <body> tags is put into that shape here.
 */
export function parseDocument(html: string): Document {
  const source = /<html[\s>]/i.test(html) ? html : `<!doctype html><html>${html}</html>`;
  const document = (parseHTML(source) as unknown as { document: Document }).document;
  const root = document.documentElement as Element | null;
  if (!root || root.localName !== 'html') return parseDocument('<html><head></head><body></body></html>');

  const children = [...root.childNodes];
  let head = children.find((node) => node.nodeName.toLowerCase() === 'head') as Element | undefined;
  let body = children.find((node) => node.nodeName.toLowerCase() === 'body') as Element | undefined;
  if (head && body) return document;
  if (!head) {
    head = document.createElement('head');
    root.insertBefore(head, root.firstChild);
  }
  if (!body) {
    body = document.createElement('body');
    root.appendChild(body);
  }
  for (const node of children) {
    if (node === head || node === body) continue;
    const name = node.nodeName.toLowerCase();
    if (headElements.has(name) && !body.hasChildNodes()) head.appendChild(node);
    else body.appendChild(node);
  }
  return document;
}
