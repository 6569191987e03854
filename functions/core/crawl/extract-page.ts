import { businessDetailsText } from './business-data.js';
import { declaredFaqText } from './declared-faqs.js';
import { htmlToMarkdown } from './html-to-markdown.js';
import { jsonLdItemsOf } from './json-ld.js';
import { keepMenuContacts } from './menu-contacts.js';
import { withDayMarksInWords } from './day-marks.js';
import { withKeyMeanings } from './legend-codes.js';
import { normaliseUrl } from './crawl-url.js';
import { revealOfferedChoices } from './offered-choices.js';
import { revealCardTitles, revealPageStructure } from './page-structure.js';
import { parseDocument } from './parse-document.js';
import { readability } from './readability.js';
import { inlineScriptLinks, scriptFilesOf } from './script-links.js';
import { revealCounters, scriptPriceListOf } from './scripted-values.js';
import { socialProfileOf } from './social-profile.js';

export interface ExtractedPage {
  /** The document title, else the first h1, else ''. */
  title: string;
  /** The page's visible content as markdown (no scripts, styles, navigation, site header/footer or images; links reduced to their text). */
  text: string;
  /**
   * The site-wide blocks of the page (its header and footer without their menus): where the contact
   * details, address and opening hours of most small-business sites are. The same on every page, so
   * the index keeps them once per site rather than once per page.
   */
  siteText: string;
  /** h1-h3 texts of the page's content, in order, without navigation and footer headings. */
  headings: string[];
  description?: string;
  /** Absolute http(s) links of the page (normalised, de-duplicated, rel=nofollow excluded), with those its inline scripts write. */
  links: string[];
  /** The page's script files: the links they write (a menu built by a script) are the page's links too. */
  scripts: string[];
  /** From `<meta name="robots">`: noindex (do not keep the page), nofollow (do not follow its links). */
  robots: { noindex: boolean; nofollow: boolean };
}

/** Readability output shorter than this is not trusted: the page's main text is used instead. */
const minimumArticleChars = 250;

const neverText = 'script, style, noscript, template, iframe, svg, canvas, object, embed, math';
/** Never knowledge: menus, dialogs and consent banners. */
const menus = 'nav, dialog, [role="navigation"], [role="dialog"], [role="alertdialog"]';
/**
 * Sidebars: their link lists (recent posts, categories) are menus, but their text widgets hold the
 * hours, the phone number or "we cover these towns". Beside the page's content they are site text, like
 * the footer; inside it (a callout box) they are the page's.
 */
const sidebars = 'aside, [role="complementary"]';
const consentBanner = /(^|[\s_-])(cookie|consent|gdpr)/i;
/** "Home / Contact": where the page sits in the site, not what it says. */
const breadcrumb = /breadcrumb/i;
/** Longer than this, an element named "breadcrumb" wraps more than the trail (a page layout's class). */
const MAX_BREADCRUMB_CHARS = 200;
/** The site's own header and footer (not a section's or an article's header). */
const siteChrome = 'header, footer, [role="banner"], [role="contentinfo"]';
/** A strip above the header with the phone, e-mail or a notice, on every page: site chrome too. */
const topBar = /(^|[\s_-])(top-?bar|topbar|utility-bar|header-top|top-header)([\s_-]|$)/i;
/** "Skip to content": a keyboard shortcut of the theme, on every page. */
const skipLink = /^skip (to|navigation)/i;
const contentContainers = 'main, article, section, [role="main"]';

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

const isSiteChrome = (element: Element) => !element.parentElement?.closest(contentContainers);

/**
 * A top-level header with the page's own h1 and text (a hero banner, "A quiet harbourside B&B") is the
 * page's content, not the site's header; an h1 that is only the logo link is the site's name.
 */
function isPageHero(element: Element): boolean {
  if (element.localName !== 'header' && element.getAttribute('role') !== 'banner') return false;
  return [...element.querySelectorAll('h1')].some((h1) => {
    const text = clean(h1.textContent);
    return text !== '' && text !== clean([...h1.querySelectorAll('a')].map((a) => a.textContent).join(' '));
  });
}

/** The site chrome of a page in page order: its own header and footer, and top bars outside them. */
function siteChromeOf(document: Document): Element[] {
  return [...document.querySelectorAll(`${siteChrome}, ${sidebars}, [id], [class]`)].filter((element) =>
    element.matches(siteChrome) || element.matches(sidebars)
      ? !isPageHero(element)
      : topBar.test(`${element.getAttribute('id') ?? ''} ${element.getAttribute('class') ?? ''}`) && !element.querySelector('h1'),
  );
}

function headings(document: Document): string[] {
  const texts: string[] = [];
  for (const heading of document.querySelectorAll('h1, h2, h3')) {
    if (heading.closest(`${menus}, ${sidebars}`)) continue;
    const chrome = heading.closest(siteChrome);
    if (chrome && isSiteChrome(chrome) && !isPageHero(chrome)) continue;
    const text = clean(heading.textContent);
    if (text && !texts.includes(text)) texts.push(text);
  }
  return texts.slice(0, 100);
}

/** Text without separators: what is left of a row of links once the links are taken out. */
const words = (text: string | null) => clean(text).replace(/[|•·,/\-–—\s]+/g, '');

/** A link to the business's place on a map: its text is the address ("Schwanenstr. 29, 8840 Einsiedeln"). */
const MAP_LINK = /^https?:\/\/(?:maps\.app\.goo\.gl|goo\.gl\/maps|(?:www\.|maps\.)?google\.[a-z.]+\/maps|maps\.google\.|maps\.apple\.com|(?:www\.)?openstreetmap\.org|(?:www\.)?bing\.com\/maps|(?:www\.)?waze\.com)/i;

const isContactLink = (anchor: Element) => {
  const href = anchor.getAttribute('href') ?? '';
  return /^(?:tel|mailto):/i.test(href) || socialProfileOf(href) !== undefined || MAP_LINK.test(href) || anchor.querySelector('address') !== null;
};

/**
 * Removes a block that is only links (a footer's "Quick links" list, "Home | Menu | Contact"): a menu,
 * not content. Links to a phone number, an e-mail address, a social profile or a map in it are contact details and stay.
 */
function removeLinkBlock(block: Element): void {
  const anchors = [...block.querySelectorAll('a')];
  if (!isLinksOnly(block)) return;
  const contacts = anchors.filter(isContactLink);
  if (!contacts.length) return block.remove();
  for (const anchor of anchors) if (!isContactLink(anchor)) anchor.remove();
  block.replaceChildren(...contacts.flatMap((anchor, i) => (i ? [block.ownerDocument.createTextNode(' | '), anchor] : [anchor])));
}

const isLinksOnly = (block: Element) => {
  const anchors = [...block.querySelectorAll('a')];
  return anchors.length > 0 && words(block.textContent) === words(anchors.map((a) => a.textContent).join(''));
};

/**
 * Removes the copies of the site's menu that are not marked as one: a theme's mobile or off-canvas
 * menu (Squarespace's "header-menu", a WordPress slide-out) repeats the <nav> links in plain divs. A
 * block only of links, each of which the menu also has, is that copy; a list of links the menu does not
 * have (the services a page lists) stays.
 */
function removeMenuCopies(root: ParentNode, menuLabels: ReadonlySet<string>) {
  const isMenuLink = (anchor: Element) => menuLabels.has(clean(anchor.textContent).toLowerCase());
  for (const anchor of root.querySelectorAll('a')) {
    if (!anchor.isConnected || !isMenuLink(anchor)) continue;
    let copy: Element | undefined;
    for (let block = anchor.parentElement; block && block.localName !== 'body' && isLinksOnly(block); block = block.parentElement) {
      if ([...block.querySelectorAll('a')].every(isMenuLink)) copy = block;
      else break;
    }
    if (copy && copy.querySelectorAll('a').length >= MIN_MENU_LINKS) copy.remove();
  }
}
/** Fewer links than this in a row are a call to action ("Book now"), not a menu. */
const MIN_MENU_LINKS = 3;

/** Removes what is never knowledge: menus, breadcrumbs, consent banners, and forms that are not the page itself. */
function removeNonContent(root: ParentNode) {
  const menuElements = [...root.querySelectorAll(menus)];
  keepMenuContacts(menuElements);
  const menuLabels = new Set(menuElements.flatMap((menu) => [...menu.querySelectorAll('a')].map((a) => clean(a.textContent).toLowerCase()).filter(Boolean)));
  for (const element of menuElements) element.remove();
  removeMenuCopies(root, menuLabels);
  for (const element of root.querySelectorAll('[id], [class], [aria-label]')) {
    if (element.localName === 'body' || element.localName === 'html') continue;
    const names = `${element.getAttribute('id') ?? ''} ${element.getAttribute('class') ?? ''}`;
    const isBreadcrumb = breadcrumb.test(`${names} ${element.getAttribute('aria-label') ?? ''}`) && clean(element.textContent).length <= MAX_BREADCRUMB_CHARS;
    if (consentBanner.test(names) || isBreadcrumb) element.remove();
  }
  for (const anchor of root.querySelectorAll('a[href^="#"]')) if (skipLink.test(clean(anchor.textContent))) anchor.remove();
  // A callout box in the content keeps its text, not its link lists.
  for (const aside of root.querySelectorAll(sidebars)) {
    if (!isSiteChrome(aside)) for (const block of aside.querySelectorAll('ul, ol, p, div')) if (block.isConnected) removeLinkBlock(block);
  }
  // A contact form's labels are not facts; but some sites wrap the whole page in one form.
  for (const form of root.querySelectorAll('form')) if (!form.querySelector('h1, h2, h3')) form.remove();
}

/**
 * The copyright footer's "All rights reserved" (and its German, Spanish, French, Portuguese, Italian,
 * Dutch and Polish forms) says nothing a visitor asks about, but its "reserved" is the word of "Can I
 * reserve a table?": dropped, the notice's name and year stay.
 */
const RIGHTS_NOTICE =
  /[\s.,;|-]*(?<![\p{L}])(?:all rights reserved|alle rechte vorbehalten|todos los derechos reservados|tous droits r[ée]serv[ée]s|todos os direitos reservados|tutti i diritti riservati|alle rechten voorbehouden|wszelkie prawa zastrze[żz]one)(?![\p{L}])\.?/giu;
const withoutRightsNotice = (text: string) => text.replace(RIGHTS_NOTICE, '');

/** The site header and footer, without their menus and link lists, as markdown; removed from the document. */
function takeSiteChrome(document: Document): string {
  const blocks: string[] = [];
  for (const element of siteChromeOf(document)) {
    if (!element.isConnected || !isSiteChrome(element)) continue;
    for (const block of element.querySelectorAll('ul, ol, p, div')) if (block.isConnected) removeLinkBlock(block);
    const text = htmlToMarkdown(element);
    element.remove();
    if (text && !blocks.includes(text)) blocks.push(text);
  }
  return blocks.join('\n\n');
}

/**
 * Reads one HTML page: metadata, links and headings from the whole document, then its content in
 * full (every section, card, price table, FAQ and contact block a visitor sees), converted to
 * markdown. Only a page that declares itself an article (a blog post) is read by Readability, which
 * keeps the article and drops the rest; on other pages it drops facts (cards, price boxes, FAQs).
 */
export function extractPage(html: string, pageUrl: string): ExtractedPage {
  const document = parseDocument(html);
  const declared = jsonLdItemsOf(document);
  const robotsMeta = (meta(document, 'meta[name="robots" i]') ?? '').toLowerCase();
  const robots = { noindex: /\b(noindex|none)\b/.test(robotsMeta), nofollow: /\b(nofollow|none)\b/.test(robotsMeta) };
  // Read before scripts are removed: the links they would write onto the page.
  const scripts = robots.nofollow ? [] : scriptFilesOf(document, baseUrl(document, pageUrl));
  const scriptLinks = robots.nofollow ? [] : inlineScriptLinks(document, pageUrl);
  // What the page's script shows that its HTML does not: counters' final numbers, a price list kept as data.
  revealCounters(document);
  const scriptPrices = scriptPriceListOf(document);
  for (const element of document.querySelectorAll(neverText)) element.remove();

  const description = meta(document, 'meta[name="description" i]') ?? meta(document, 'meta[property="og:description"]');
  const pageHeadings = headings(document);
  const title = clean(document.title) || pageHeadings[0] || '';
  const pageLinks = robots.nofollow ? [] : [...new Set([...links(document, pageUrl), ...scriptLinks])];
  const isArticle = meta(document, 'meta[property="og:type"]')?.toLowerCase() === 'article';

  let articleText = '';
  if (isArticle) {
    // Readability changes the document it reads, so it runs on a copy.
    const Readability = readability();
    const article = new Readability(document.cloneNode(true) as Document, { serializer: (node: Node) => node } as never).parse();
    const articleNode = article?.content as unknown as Element | undefined;
    if (articleNode && clean(article?.textContent).length >= minimumArticleChars) articleText = htmlToMarkdown(articleNode);
  }

  // Before forms are removed: a booking form's list of services is what the business offers.
  revealOfferedChoices(document);
  removeNonContent(document);
  revealPageStructure(document);
  const siteText = withoutRightsNotice([takeSiteChrome(document), businessDetailsText(declared)].filter(Boolean).join('\n\n'));
  const body = document.body as Element | null;
  if (body && !articleText) revealCardTitles(body);
  const shown = withoutRightsNotice(withDayMarksInWords(withKeyMeanings(articleText || (body ? htmlToMarkdown(body) : ''))));
  const text = [shown, scriptPrices && `## ${title}\n\n${scriptPrices}`, declaredFaqText(declared, shown)].filter(Boolean).join('\n\n');
  return { title, text, siteText, headings: pageHeadings, description, links: pageLinks, scripts, robots };
}
