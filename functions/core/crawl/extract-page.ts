import { Readability } from '@mozilla/readability';
import { htmlToMarkdown } from './html-to-markdown.js';
import { normaliseUrl } from './crawl-url.js';
import { parseDocument } from './parse-document.js';

export interface ExtractedPage {
  /** The document title, else the first h1, else ''. */
  title: string;
  /** Readable text as markdown (no scripts, styles, navigation or images; links reduced to their text). */
  text: string;
  /** h1-h3 texts of the page's content, in order, without navigation and footer headings. */
  headings: string[];
  description?: string;
  /** Absolute http(s) links of the page (normalised, de-duplicated, rel=nofollow excluded). */
  links: string[];
  /** From `<meta name="robots">`: noindex (do not keep the page), nofollow (do not follow its links). */
  robots: { noindex: boolean; nofollow: boolean };
}

/** Readability output shorter than this is not trusted: the page's main text is used instead. */
const minimumArticleChars = 250;

const neverText = 'script, style, noscript, template, iframe, svg, canvas, object, embed, math';
const chrome = 'nav, header, footer, aside, form, dialog, [role="navigation"], [role="banner"], [role="contentinfo"]';

function clean(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function meta(document: Document, selector: string): string | undefined {
  return clean(document.querySelector(selector)?.getAttribute('content')) || undefined;
}

function baseUrl(document: Document, pageUrl: string): URL | string {
  const href = document.querySelector('base[href]')?.getAttribute('href');
  return (href && normaliseUrl(href, pageUrl)) || pageUrl;
}

function links(document: Document, pageUrl: string): string[] {
  const base = baseUrl(document, pageUrl);
  const found = new Set<string>();
  for (const anchor of document.querySelectorAll('a[href], area[href]')) {
    if (/\bnofollow\b/i.test(anchor.getAttribute('rel') ?? '')) continue;
    const url = normaliseUrl(anchor.getAttribute('href') ?? '', base);
    if (url) found.add(url.href);
  }
  // <meta http-equiv="refresh" content="0; url=/home"> is how some sites redirect their home page.
  const refresh = document.querySelector('meta[http-equiv="refresh" i]')?.getAttribute('content') ?? '';
  const target = /url\s*=\s*['"]?([^'"\s]+)/i.exec(refresh)?.[1];
  const refreshUrl = target && normaliseUrl(target, base);
  if (refreshUrl) found.add(refreshUrl.href);
  return [...found];
}

function headings(document: Document): string[] {
  const texts: string[] = [];
  for (const heading of document.querySelectorAll('h1, h2, h3')) {
    if (heading.closest(chrome)) continue;
    const text = clean(heading.textContent);
    if (text && !texts.includes(text)) texts.push(text);
  }
  return texts.slice(0, 100);
}

/** The main text when Readability finds no article: `<main>` if present, else the body without chrome. */
function mainContent(document: Document): Element | undefined {
  const main = document.querySelector('main, [role="main"]');
  if (main) return main;
  const body = document.body as Element | null;
  if (!body) return undefined;
  for (const element of body.querySelectorAll(chrome)) element.remove();
  return body;
}

/**
 * Reads one HTML page: metadata, links and headings from the whole document, then the readable text
 * (Readability's article, or the page's main content for short pages), converted to markdown.
 */
export function extractPage(html: string, pageUrl: string): ExtractedPage {
  const document = parseDocument(html);
  for (const element of document.querySelectorAll(neverText)) element.remove();

  const robotsMeta = (meta(document, 'meta[name="robots" i]') ?? '').toLowerCase();
  const robots = { noindex: /\b(noindex|none)\b/.test(robotsMeta), nofollow: /\b(nofollow|none)\b/.test(robotsMeta) };
  const description = meta(document, 'meta[name="description" i]') ?? meta(document, 'meta[property="og:description"]');
  const pageHeadings = headings(document);
  const title = clean(document.title) || pageHeadings[0] || '';
  const pageLinks = robots.nofollow ? [] : links(document, pageUrl);

  // Readability changes the document it reads, so it runs on a copy; the original stays for the fallback.
  const copy = document.cloneNode(true) as Document;
  const article = new Readability(copy, { serializer: (node: Node) => node } as never).parse();
  const articleNode = article?.content as unknown as Element | undefined;
  const articleText = clean(article?.textContent);

  const fallback = mainContent(document);
  const fallbackText = clean(fallback?.textContent);
  const useArticle =
    articleNode && articleText.length >= minimumArticleChars && articleText.length >= fallbackText.length * 0.5;
  const source = useArticle ? articleNode : fallback;
  const text = source ? htmlToMarkdown(source) : '';

  return { title, text, headings: pageHeadings, description, links: pageLinks, robots };
}
