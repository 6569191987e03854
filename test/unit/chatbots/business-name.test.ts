import { describe, expect, it } from 'vitest';
import { businessNameFrom } from '../../../functions/core/chatbots/business-name.js';
import { metadataOfPage } from '../../../functions/core/crawl/site-metadata.js';

/** The business name a new assistant gets from a home page served at `url`. */
const nameOf = (html: string, url = 'https://www.tidelineroasters.co.uk/', accountName = 'Owner Account') =>
  businessNameFrom(metadataOfPage(html), accountName, url);

const page = (head: string, body = '<main><h1>Fresh coffee</h1></main>') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe("a new assistant's business name, read from what its site declares", () => {
  it('takes the name a "Name - Town" title leads with, not the town (issue 30: "Hove")', () => {
    expect(nameOf(page('<title>Tideline Roasters - Hove</title>'))).toBe('Tideline Roasters');
    // On an address that does not spell the name, the first part still wins over the town.
    expect(nameOf(page('<title>Tideline Roasters - Hove</title>'), 'http://127.0.0.1:3005/')).toBe('Tideline Roasters');
    expect(nameOf(page('<title>Tideline Roasters &ndash; Hove</title>'))).toBe('Tideline Roasters');
  });

  it("takes the title part the site's address spells, and skips generic page names", () => {
    expect(nameOf(page('<title>Speciality coffee in Hove | Tideline Roasters</title>'))).toBe('Tideline Roasters');
    expect(nameOf(page('<title>Home | Acme Bakery</title>'), 'https://example.com/')).toBe('Acme Bakery');
    expect(nameOf(page('<title>Welcome to Acme Bakery</title>'), 'https://example.com/')).toBe('Acme Bakery');
  });

  it("skips the title an editor gives a new page (\"Document\") for the account's business name", () => {
    expect(nameOf(page('<title>Document</title>'), 'https://dummar-law.example/', 'Dümmar Law')).toBe('Dümmar Law');
    expect(nameOf(page('<title>Untitled Document</title>'), 'https://example.com/', 'Acme Bakery')).toBe('Acme Bakery');
    expect(nameOf(page('<title>Vite + React</title>'), 'https://example.com/', 'Acme Bakery')).toBe('Acme Bakery');
  });

  it('takes the JSON-LD business name before anything else, from the head or the body', () => {
    const jsonLd = JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebPage', name: 'Home - Tideline Roasters - Hove' },
        { '@type': 'CafeOrCoffeeShop', name: 'Tideline Roasters', telephone: '+44 1273 000000' },
      ],
    });
    const script = `<script type="application/ld+json">${jsonLd}</script>`;
    expect(nameOf(page(`<title>Hove's coffee - Home</title><meta property="og:site_name" content="Tideline">${script}`))).toBe('Tideline Roasters');
    expect(nameOf(page('<title>Hove</title>', `<header>${script}</header><main>Coffee</main>`))).toBe('Tideline Roasters');
    const organization = JSON.stringify({ '@type': 'Organization', name: 'Tideline Roasters Ltd' });
    expect(nameOf(page(`<title>Hove</title><script type="application/ld+json">${organization}</script>`))).toBe('Tideline Roasters Ltd');
  });

  it('takes og:site_name over the title, and the JSON-LD website name when there is no og:site_name', () => {
    expect(nameOf(page('<title>Hove | Speciality coffee</title><meta property="og:site_name" content="Tideline Roasters">'))).toBe(
      'Tideline Roasters',
    );
    const website = JSON.stringify({ '@type': 'WebSite', name: 'Tideline Roasters', url: 'https://tidelineroasters.co.uk/' });
    expect(nameOf(page(`<title>Hove</title><script type="application/ld+json">${website}</script>`), 'https://example.com/')).toBe(
      'Tideline Roasters',
    );
  });

  it("takes the logo's alt text, without the word logo, over the title", () => {
    const header = '<header><a class="custom-logo-link" href="/"><img src="/wp-content/uploads/mark.png" alt="Tideline Roasters logo"></a></header>';
    expect(nameOf(page('<title>Hove</title>', header), 'https://example.com/')).toBe('Tideline Roasters');
    // An image that is not the logo says nothing of the name; a logo whose alt is only "logo" neither.
    expect(nameOf(page('<title>Tideline Roasters - Hove</title>', '<img src="/beans.jpg" alt="Coffee beans">'))).toBe('Tideline Roasters');
    expect(nameOf(page('<title>Tideline Roasters - Hove</title>', '<img class="logo" src="/l.png" alt="Logo">'))).toBe('Tideline Roasters');
  });

  it("falls back to the account's business name, then to the host name", () => {
    expect(nameOf(page('<title>Home</title>'))).toBe('Owner Account');
    expect(nameOf(page(''), 'https://www.tidelineroasters.co.uk/', '')).toBe('tidelineroasters.co.uk');
  });
});
