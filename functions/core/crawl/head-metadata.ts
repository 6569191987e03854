import { Parser } from 'htmlparser2';
import { jsonLdItemsIn, type JsonObject } from './json-ld.js';

export interface HeadMetadata {
  title?: string;
  siteName?: string;
  ogTitle?: string;
  applicationName?: string;
  description?: string;
  ogDescription?: string;
  /** Every JSON-LD item the page declares (head or body), `@graph` members included. */
  jsonLd: JsonObject[];
  /** The alt text of the site's logo image (an image marked as a logo, or inside an element that is). */
  logoAlt?: string;
}

const LOGO = /logo|brand/i;

/** Past this many characters a JSON-LD script is not read further (json-ld.ts bounds it again). */
const MAX_JSON_LD_CHARS = 100_000;

/**
 * The name, title and description of a page from its <head>, the JSON-LD it declares and its logo's alt
 * text, with htmlparser2's streaming parser (no DOM): assistant creation needs only these, and stays
 * small and fast by not loading the crawler's DOM stack.
 */
export function readHeadMetadata(html: string): HeadMetadata {
  const found: Omit<HeadMetadata, 'jsonLd'> = {};
  const jsonLdSources: string[] = [];
  let inHead = true;
  let inTitle = false;
  let title = '';
  let jsonLd: string | undefined;
  /** Depth of open elements whose class or id says logo: an image inside one is the logo. */
  const logoDepths: number[] = [];
  let depth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        depth++;
        if (name === 'body') inHead = false;
        const marks = `${attributes.class ?? ''} ${attributes.id ?? ''}`;
        if (LOGO.test(marks)) logoDepths.push(depth);
        if (name === 'script' && (attributes.type ?? '').trim().toLowerCase() === 'application/ld+json') jsonLd = '';
        if (name === 'img' && found.logoAlt === undefined && attributes.alt?.trim()) {
          if (logoDepths.length > 0 || LOGO.test(`${marks} ${attributes.src ?? ''}`)) found.logoAlt = attributes.alt;
        }
        if (!inHead) return;
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
        if (inTitle && inHead) title += text;
        if (jsonLd !== undefined && jsonLd.length < MAX_JSON_LD_CHARS) jsonLd += text;
      },
      onclosetag(name) {
        while (logoDepths.length > 0 && logoDepths.at(-1)! >= depth) logoDepths.pop();
        depth--;
        if (name === 'title' && inTitle) {
          inTitle = false;
          found.title ??= title;
        }
        if (name === 'script' && jsonLd !== undefined) {
          jsonLdSources.push(jsonLd);
          jsonLd = undefined;
        }
        if (name === 'head') inHead = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { ...found, jsonLd: jsonLdItemsIn(jsonLdSources) };
}
