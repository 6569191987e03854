import { describe, expect, it } from 'vitest';
import { CHUNK_MAX_WORDS, CHUNK_MIN_WORDS, chunkDocument, chunkDocuments, countWords } from '../../../functions/core/knowledge/chunk.js';
import type { KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';

/** A paragraph of `n` words in sentences of ten words, distinguishable by `tag`. */
function paragraph(n: number, tag: string): string {
  const words = Array.from({ length: n }, (_, i) => `${tag}${i}`);
  const sentences: string[] = [];
  for (let i = 0; i < n; i += 10) sentences.push(`${words.slice(i, i + 10).join(' ')}.`);
  return sentences.join(' ');
}

const page = (text: string): KnowledgeDocument => ({
  id: 'https://shop.example/about',
  source: 'page',
  title: 'About us',
  url: 'https://shop.example/about',
  text,
});

describe('chunkDocument', () => {
  it('starts a chunk at each heading and carries the heading, title and url', () => {
    const chunks = chunkDocument(page(`## Our story\n\n${paragraph(60, 'story')}\n\n## Our team\n\n${paragraph(70, 'team')}`));
    expect(chunks).toEqual([
      {
        id: 'https://shop.example/about#0',
        documentId: 'https://shop.example/about',
        source: 'page',
        title: 'About us',
        url: 'https://shop.example/about',
        heading: 'Our story',
        text: paragraph(60, 'story'),
      },
      {
        id: 'https://shop.example/about#1',
        documentId: 'https://shop.example/about',
        source: 'page',
        title: 'About us',
        url: 'https://shop.example/about',
        heading: 'Our team',
        text: paragraph(70, 'team'),
      },
    ]);
  });

  it('packs whole paragraphs of a long section into chunks of at most 250 words, all under its heading', () => {
    const paragraphs = Array.from({ length: 10 }, (_, i) => paragraph(60, `p${i}x`));
    const chunks = chunkDocument(page(`# Services\n\n${paragraphs.join('\n\n')}`));
    expect(chunks.map((chunk) => countWords(chunk.text))).toEqual([240, 240, 120]);
    expect(chunks.every((chunk) => chunk.heading === 'Services')).toBe(true);
    // Paragraph boundaries are kept: every chunk is a run of whole paragraphs.
    expect(chunks.map((chunk) => chunk.text.split('\n\n'))).toEqual([
      paragraphs.slice(0, 4),
      paragraphs.slice(4, 8),
      paragraphs.slice(8),
    ]);
    expect(countWords(chunks[0]!.text)).toBeGreaterThanOrEqual(CHUNK_MIN_WORDS);
  });

  it('cuts a paragraph longer than a chunk at sentence ends', () => {
    const chunks = chunkDocument(page(paragraph(600, 'long')));
    expect(chunks.map((chunk) => countWords(chunk.text))).toEqual([250, 250, 100]);
    expect(chunks.every((chunk) => chunk.text.endsWith('.'))).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join(' ')).toBe(paragraph(600, 'long'));
  });

  it('cuts a sentence longer than a chunk at words', () => {
    const sentence = Array.from({ length: 600 }, (_, i) => `w${i}`).join(' ');
    const chunks = chunkDocument(page(sentence));
    expect(chunks.map((chunk) => countWords(chunk.text))).toEqual([CHUNK_MAX_WORDS, CHUNK_MAX_WORDS, 100]);
  });

  it('makes each section its own passage, however short, labelled with the path of headings it sits under', () => {
    const text = `# Visit us\n\n## Opening hours\n\nMonday to Friday 9 am to 5 pm.\n\n## Parking\n\n${paragraph(50, 'park')}`;
    const chunks = chunkDocument(page(text));
    expect(chunks.map((chunk) => [chunk.heading, chunk.text])).toEqual([
      ['Visit us > Opening hours', 'Monday to Friday 9 am to 5 pm.'],
      ['Visit us > Parking', paragraph(50, 'park')],
    ]);
  });

  it('lists headings in a row with nothing under them (service titles) as items of their parent section, not losing them', () => {
    const text = `## Our services\n\nWe clean homes and offices.\n\n### Deep Cleaning\n\n### Move-in/out Cleaning\n\n### Deep Cleaning\n\nEvery corner, top to bottom.`;
    expect(chunkDocument(page(text)).map((chunk) => [chunk.heading, chunk.text])).toEqual([
      ['Our services', 'We clean homes and offices.\n\n- Deep Cleaning\n- Move-in/out Cleaning'],
      ['Our services > Deep Cleaning', 'Every corner, top to bottom.'],
    ]);
    // Under a heading without text of its own, they are that heading's passage.
    expect(chunkDocument(page('# Services\n\n## Gutters\n\n## Windows'))).toMatchObject([{ heading: 'Services', text: '- Gutters\n- Windows' }]);
    // One alone heads a widget (a booking form, a map), not an item of a list.
    expect(chunkDocument(page('# Reservations\n\nBook ahead.\n\n## Book online\n\n## Good to know\n\nParties of 7 call us.'))).toMatchObject([
      { heading: 'Reservations', text: 'Book ahead.' },
      { heading: 'Reservations > Good to know', text: 'Parties of 7 call us.' },
    ]);
  });

  it('keeps contact lines styled as headings (a page of top-level headings with nothing under them), and one alone that states a value', () => {
    const text = `## Contact us today!\n\nPhone: 07 1327 5599\n\n## Fax: 07 4567 9999\n\n## Address: 195 Fantail Street\n\n## email: cvc@vet.example\n\n# Trading hours\n\nEvery day.`;
    expect(chunkDocument(page(text)).map((chunk) => [chunk.heading ?? '', chunk.text])).toEqual([
      ['Contact us today!', 'Phone: 07 1327 5599'],
      ['', '- Fax: 07 4567 9999\n- Address: 195 Fantail Street\n- email: cvc@vet.example'],
      ['Trading hours', 'Every day.'],
    ]);
    expect(chunkDocument(page('# Visit\n\nCome by.\n\n## Fax: 07 4567 9999\n\n## Good to know\n\nNo dogs.'))).toMatchObject([
      { heading: 'Visit', text: 'Come by.\n\n- Fax: 07 4567 9999' },
      { heading: 'Visit > Good to know', text: 'No dogs.' },
    ]);
    // A title alone at the top of a page is not a value.
    expect(chunkDocument(page('## Welcome to our clinic\n\n## Contact\n\nCall us.')).map((chunk) => chunk.text)).toEqual(['Call us.']);
  });

  it('keeps a passage repeated on several pages (a banner, a call to action) once, where it first appears', () => {
    const banner = '## Book today\n\nCall us to book your table.';
    const chunks = chunkDocuments([
      { ...page(`## Menu\n\nPizza and pasta.\n\n${banner}`), id: 'menu' },
      { ...page(`## About\n\nFamily run since 1990.\n\n${banner}`), id: 'about' },
    ]);
    expect(chunks.map((chunk) => `${chunk.documentId}: ${chunk.heading}`)).toEqual(['menu: Menu', 'menu: Book today', 'about: About']);
  });

  it('keeps a short section alone when the next one would not fit, without a dangling heading', () => {
    const text = `## Opening hours\n\nMonday to Friday 9 am to 5 pm.\n\n## History\n\n${paragraph(245, 'h')}`;
    const chunks = chunkDocument(page(text));
    expect(chunks.map((chunk) => [chunk.heading, chunk.text])).toEqual([
      ['Opening hours', 'Monday to Friday 9 am to 5 pm.'],
      ['History', paragraph(245, 'h')],
    ]);
  });

  it('gives text before the first heading no heading, and the heading of a section to its continuation chunks', () => {
    const text = `${paragraph(60, 'intro')}\n\n### **Menu** ###\n\n${paragraph(200, 'a')}\n\n${paragraph(200, 'b')}`;
    expect(chunkDocument(page(text)).map((chunk) => chunk.heading)).toEqual([undefined, 'Menu', 'Menu']);
  });

  it('normalises line endings and spaces, and keeps the lines of a list together', () => {
    const text = '# Prices\r\n\r\n- Haircut:   £20\r\n- Colour:\t£45\r\n\r\n\r\n';
    expect(chunkDocument(page(text))).toMatchObject([{ heading: 'Prices', text: '- Haircut: £20\n- Colour: £45' }]);
  });

  it('makes knowledge entries chunks with their type and no url, and nothing of an empty text', () => {
    const entry: KnowledgeDocument = { id: 'e1', source: 'entry', type: 'faq', title: 'Do you deliver?', text: 'Yes, within 5 miles.' };
    expect(chunkDocument(entry)).toEqual([
      { id: 'e1#0', documentId: 'e1', source: 'entry', title: 'Do you deliver?', text: 'Yes, within 5 miles.', type: 'faq' },
    ]);
    expect(chunkDocument({ ...entry, text: ' \n\n ## Empty\n\n' })).toEqual([]);
  });

  it('is deterministic: the same document gives the same chunks and ids', () => {
    const document = page(`# A\n\n${paragraph(300, 'x')}\n\n# B\n\n${paragraph(90, 'y')}`);
    const first = chunkDocument(document);
    expect(chunkDocument(structuredClone(document))).toEqual(first);
    expect(first.map((chunk) => chunk.id)).toEqual([0, 1, 2].map((n) => `https://shop.example/about#${n}`));
  });
});
