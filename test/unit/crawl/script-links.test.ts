import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../functions/core/crawl/extract-page.js';
import { linksInScript } from '../../../functions/core/crawl/script-links.js';

// Made-up sites: a tile shop in Kumasi whose menu is built by menu.js, a guesthouse in Cusco whose home
// page forwards by script, and a florist in Tromsø whose header is fetched from a fragment page.
const page = 'https://tiles.example.gh/index.html';

describe('links a script writes onto the page', () => {
  it('reads href attributes in strings and quoted page addresses, resolved against the page', () => {
    const menu = `
      document.querySelector('nav').innerHTML = '<a href="showroom.html">Showroom</a>' +
        "<a href=\\"prices/floor-tiles.html\\">Prices</a><a href='/contact.htm'>Contact</a>";
      fetch('partials/header.html').then((r) => r.text());
      fetch('/partials/footer.html').then((r) => r.text());
      const lang = 'fr/index.html?x=1#top';`;
    expect(linksInScript(menu, page).sort()).toEqual(
      [
        'https://tiles.example.gh/contact.htm',
        'https://tiles.example.gh/fr/index.html?x=1',
        'https://tiles.example.gh/partials/footer.html',
        'https://tiles.example.gh/partials/header.html',
        'https://tiles.example.gh/prices/floor-tiles.html',
        'https://tiles.example.gh/showroom.html',
      ].sort(),
    );
  });

  it('is not fooled by anchors, script URLs, template holes or file names that are not pages', () => {
    const script = `a.href = "#top"; b.setAttribute('href', 'javascript:void(0)'); const t = \`\${base}/room.html\`;
      const logo = "logo.png"; import("./vendor.js"); const m = 'mailto:hola@inti.example.pe';`;
    expect(linksInScript(script, 'https://inti.example.pe/')).toEqual([]);
  });

  it('gives the page the links of its inline scripts and lists its script files', () => {
    const html = `<!doctype html><html><head><title>Inti Wasi guesthouse</title>
      <script src="/js/menu.js"></script><script src="https://cdn.example.com/lib.js"></script>
      <script type="application/ld+json">{"url": "https://inti.example.pe/old.html"}</script>
      </head><body><p>Redirecting you to the home page...</p>
      <script>window.location.href = "casa.html";</script></body></html>`;
    const extracted = extractPage(html, 'https://inti.example.pe/index.html');
    expect(extracted.links).toContain('https://inti.example.pe/casa.html');
    expect(extracted.links).not.toContain('https://inti.example.pe/old.html');
    expect(extracted.scripts).toEqual(['https://inti.example.pe/js/menu.js', 'https://cdn.example.com/lib.js']);
    expect(extracted.text).not.toContain('location');
  });

  it('follows no script of a page marked nofollow', () => {
    const html = `<html><head><meta name="robots" content="nofollow"><script src="menu.js"></script></head>
      <body><p>Blomster til alle anledninger.</p><script>location.href = "butikk.html"</script></body></html>`;
    const extracted = extractPage(html, 'https://blomst.example.no/');
    expect(extracted.links).toEqual([]);
    expect(extracted.scripts).toEqual([]);
  });
});
