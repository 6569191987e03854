/**
 * A unit of knowledge an assistant answers from: a crawled page or a knowledge entry (faq, context,
 * document, link). `text` is readable text; paragraphs are separated by blank lines and headings may
 * be written as Markdown (`## Opening hours`).
 */
export type KnowledgeDocument = {
  id: string;
  source: 'page' | 'entry';
  title: string;
  url?: string;
  text: string;
  /** Knowledge entry type (faq, context, document, link); pages have none. */
  type?: string;
};

/** The document holding a site's header and footer blocks (contact details), one per site. */
export const SITE_DETAILS_TITLE = 'Contact details';
/** The heading of what a page declares in JSON-LD about the business (phone, address, hours), in that document. */
export const DECLARED_DETAILS_HEADING = 'Business details';
export const siteDetailsDocumentId = (origin: string) => `site:${origin}`;
export const isSiteDetailsDocument = (documentId: string) => documentId.startsWith('site:');
