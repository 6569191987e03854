import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../functions/core/crawl/extract-page.js';

/** A made-up trattoria in Valletta whose footer carries the usual copyright notice. */
const html = `<!doctype html><html><head><title>Trattoria Il-Kantuni</title></head><body>
<main><h1>Trattoria Il-Kantuni</h1><p>Fresh pasta and lampuki pie, every day from noon.</p></main>
<footer><p>12 Triq il-Merkanti, Valletta</p><p>© 2024 Trattoria Il-Kantuni. All Rights Reserved.</p></footer>
</body></html>`;

describe('extractPage: the copyright notice', () => {
  it('keeps the name and year but not "All rights reserved", whose "reserved" is no reservation', () => {
    const page = extractPage(html, 'https://kantuni.example.mt/');
    const all = `${page.text}\n${page.siteText}`;
    expect(all).toContain('© 2024 Trattoria Il-Kantuni');
    expect(all).not.toMatch(/reserved/i);
  });
});
