import { createHash } from 'node:crypto';
import { chunkDocuments } from './chunk.js';
import type { KnowledgeDocument } from './knowledge-document.js';
import { buildSearchIndex } from './search-index.js';

/**
 * A document exercising what indexing does to text: headings, prices, hours, contact details,
 * plurals, hyphenated and numbered words, a repeated passage.
 */
const probe: KnowledgeDocument = {
  id: 'https://probe.example/',
  source: 'page',
  title: 'Probe Bakery - Home',
  url: 'https://probe.example/',
  text: [
    '# Probe Bakery',
    'Fresh sourdough loaves, croissants and bi-weekly cake classes in the Old Town since 1998.',
    '## Opening hours',
    'Monday to Friday 7:00 am - 6:30 pm. Saturdays 8am-2pm. Closed on Sundays and public holidays.',
    '## Prices',
    'A loaf costs $4.50; a dozen bagels 12 EUR. Free delivery over £30 within 5 km.',
    '## Contact us',
    'Call (555) 010-2030 or e-mail hello@probe.example. Visit us at 12 Mill Lane, Springfield, IL 62704.',
    '## Our team',
    'Dr. Anna Baker, head baker; Tom Wu, pastry chef. Services: Catering, Custom Cakes, Wholesale Orders.',
    '### Allergens',
    'Our kitchens handle nuts, gluten, eggs and milk. Vegan and gluten-free options on request.',
    '## FAQ',
    'Do you deliver on weekends? Yes, deliveries run every day except public holidays.',
  ].join('\n\n'),
};

let fingerprint: string | undefined;

/**
 * A digest of what chunking and term processing make of the probe. Segments built by a pipeline
 * with another fingerprint (a new stemmer, new fact terms, new chunking) are not reused: their terms
 * would no longer meet the queries' terms, so the next rebuild chunks every document afresh.
 */
export function indexPipelineFingerprint(): string {
  if (fingerprint) return fingerprint;
  const chunks = chunkDocuments([probe]);
  const text = buildSearchIndex(chunks).text.toJSON();
  fingerprint = createHash('sha1').update(JSON.stringify([chunks, text])).digest('base64url').slice(0, 16);
  return fingerprint;
}

/** What a document's passages are made from: equal digests, equal passages (for one pipeline). */
export function documentDigest(document: KnowledgeDocument): string {
  const { id, source, title, url, text, type } = document;
  return createHash('sha1').update(JSON.stringify([id, source, title, url ?? null, type ?? null, text])).digest('base64url');
}
