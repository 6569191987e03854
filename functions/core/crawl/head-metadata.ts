import { Parser } from 'htmlparser2';

export interface HeadMetadata {
  title?: string;
  siteName?: string;
  ogTitle?: string;
  applicationName?: string;
  description?: string;
  ogDescription?: string;
}

/**
 * The name, title and description of a page from its <head>, with htmlparser2's streaming parser
 * (no DOM): assistant creation needs only these, and stays small and fast by not loading the
 * crawler's DOM stack.
 */
export function readHeadMetadata(html: string): HeadMetadata {
  const found: HeadMetadata = {};
  let inTitle = false;
  let title = '';
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (name === 'body') done = true;
        if (name === 'title') inTitle = true;
        if (name !== 'meta') return;
        const key = (attributes.property ?? attributes.name ?? '').toLowerCase();
        const content = attributes.content;
        if (content === undefined) return;
        if (key === 'og:site_name') found.siteName ??= content;
        else if (key === 'og:title') found.ogTitle ??= content;
        else if (key === 'application-name') found.applicationName ??= content;
        else if (key === 'description') found.description ??= content;
        else if (key === 'og:description') found.ogDescription ??= content;
      },
      ontext(text) {
        if (inTitle && !done) title += text;
      },
      onclosetag(name) {
        if (name === 'title') {
          inTitle = false;
          found.title ??= title;
        }
        if (name === 'head') done = true;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return found;
}
