import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../functions/core/crawl/extract-page.js';
import { saysAnything } from '../../../functions/core/crawl/page-reader.js';

/**
 * A made-up guesthouse in Bern whose pages load one shared footer with a script: the footer file is
 * all footer, so it has no content of its own, only the site-wide contact block.
 */
const footerFragment = `<footer class="site-footer">
  <h4>Kontakt</h4>
  <ul class="contact-list">
    <li><a href="mailto:hallo@gasthaus-aare.example.ch">hallo@gasthaus-aare.example.ch</a></li>
    <li><a href="tel:+41315550123">+41 31 555 01 23</a></li>
    <p><a href="https://maps.app.goo.gl/abc123"><address>Aarstrasse 7<br>3011 Bern</address></a></p>
  </ul>
  <ul><li><a href="index.html">Willkommen</a></li><li><a href="zimmer.html">Zimmer</a></li></ul>
  <p>© 2025 Gasthaus Aare. Alle Rechte vorbehalten.</p>
</footer>`;

describe('a footer fragment other pages load with a script', () => {
  const page = extractPage(footerFragment, 'https://gasthaus-aare.example.ch/footer.html');

  it('is a page worth keeping: its site-wide block holds the contact details', () => {
    expect(page.text).toBe('');
    expect(saysAnything(page)).toBe(true);
    expect(saysAnything({ text: '', siteText: '' })).toBe(false);
    expect(page.siteText).toMatch(/\+41 31 555 01 23/);
    expect(page.siteText).toMatch(/hallo@gasthaus-aare\.example\.ch/);
  });

  it('keeps the address of a link to a map, and drops the menu links', () => {
    expect(page.siteText).toMatch(/Aarstrasse 7\s+3011 Bern/);
    expect(page.siteText).not.toMatch(/Willkommen|Zimmer/);
  });

  it('drops a rights notice written in German', () => {
    expect(page.siteText).toContain('© 2025 Gasthaus Aare');
    expect(page.siteText).not.toMatch(/vorbehalten/);
  });
});
