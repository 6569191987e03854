import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../functions/core/crawl/extract-page.js';

/** A salon page the way page builders ship it: tabs and accordions hidden until a script opens them. */
const pricesPage = `<!doctype html><html><head><title>Prices | Willow Hair</title>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
  {"@type":"WebSite","name":"Willow Hair","url":"https://willow.example/"},
  {"@type":"HairSalon","name":"Willow Hair","telephone":"0161 496 0777","email":"mailto:hi@willow.example",
   "address":{"@type":"PostalAddress","streetAddress":"8 Mill Lane","addressLocality":"Stockport","postalCode":"SK1 2AB"},
   "openingHoursSpecification":[{"@type":"OpeningHoursSpecification","dayOfWeek":["https://schema.org/Tuesday","https://schema.org/Wednesday"],"opens":"09:00","closes":"17:00"}],
   "areaServed":[{"@type":"City","name":"Stockport"},"Bramhall"]}]}</script>
<script type="application/ld+json">{ not json </script>
</head><body>
<a class="skip-link screen-reader-text" href="#main">Skip to content</a>
<div class="top-bar"><a href="tel:01614960777">Call now</a> Late opening Wednesdays</div>
<header class="site-header"><h1 class="site-title"><a href="/">Willow Hair</a></h1><nav><a href="/">Home</a><a href="/prices">Prices</a></nav></header>
<main id="main">
  <h1>Prices</h1>
  <div class="tabs">
    <div role="tablist"><button role="tab" id="t-cut" aria-controls="p-cut">Cutting</button><button role="tab" id="t-colour" aria-controls="p-colour">Colour</button></div>
    <div role="tabpanel" id="p-cut" aria-labelledby="t-cut"><p>Every cut includes a wash and blow-dry.</p></div>
    <div role="tabpanel" id="p-colour" aria-labelledby="t-colour" hidden>
      <ul class="price-list">
        <li><span class="name">Root tint</span><span class="dots" aria-hidden="true"></span><span class="price">£45</span></li>
        <li><span class="name">Full head highlights</span><span class="dots" aria-hidden="true"></span><span class="price">from £95</span></li>
      </ul>
      <p class="offer"><span class="currency">$</span><span class="amount">49</span><span class="period">/month</span></p>
    </div>
  </div>
  <h2>Questions</h2>
  <div class="accordion">
    <div class="accordion-item">
      <div class="accordion-title" role="button" aria-expanded="false" aria-controls="a1"><span class="icon"></span><a>Do you cut children's hair?</a></div>
      <div class="accordion-content" id="a1" style="display: none;"><p>Yes, under-12s are £15.</p></div>
    </div>
    <div class="accordion-item">
      <div class="accordion-title" aria-expanded="false" data-bs-target="#a2">Parking</div>
      <div class="accordion-content" id="a2" hidden><p>Free on Mill Lane after 6pm.</p></div>
    </div>
  </div>
  <section class="faq"><h2>More answers</h2>
    <h3 class="accordion-header"><button type="button" data-bs-toggle="collapse" data-bs-target="#b1">Is there Wi-Fi?</button></h3>
    <div id="b1" class="collapse"><p>Yes, free for every client.</p></div>
  </section>
  <h2>Our stylists</h2>
  <div class="team">
    <div class="member"><img src="/a.jpg" alt=""><p class="member-name">Jo Bright</p><p>Curly hair specialist, Tuesdays to Fridays.</p></div>
    <div class="member"><img src="/b.jpg" alt=""><p class="member-name">Ade Cole</p><p>Barbering and skin fades.</p></div>
  </div>
  <div class="reviews">
    <div class="review"><p>“The best cut I have had in years, and they listened to what I wanted.”</p><p>Sam</p></div>
    <div class="review"><p>“Friendly, on time and my colour still looks fresh after six weeks.”</p><p>Lee</p></div>
  </div>
</main>
<footer class="site-footer">
  <div class="col"><p>8 Mill Lane, Stockport SK1 2AB</p><p><a href="tel:01614960777">0161 496 0777</a></p></div>
  <div class="col"><p>Registered in England No. 01234567</p><p>VAT GB 123 4567 89</p></div>
</footer>
</body></html>`;

const lines = (text: string) => text.split('\n').map((line) => line.trim());

describe('extractPage: what themes hide behind tabs, accordions and layout', () => {
  const page = extractPage(pricesPage, 'https://willow.example/prices');

  it("heads each tab panel with its tab's label, hidden panels included, and drops the row of tabs", () => {
    expect(page.text).toMatch(/^## Cutting\n+Every cut includes a wash and blow-dry\./m);
    expect(page.text).toMatch(/^## Colour\n+- Root tint £45\n- Full head highlights from £95/m);
    expect(page.text.match(/Cutting/g)).toHaveLength(1);
  });

  it('reads spans laid out side by side as separate words, but keeps a currency sign with its amount', () => {
    expect(page.text).not.toMatch(/tint£45|highlightsfrom/);
    expect(page.text).toContain('$49/month');
  });

  it('turns accordion titles that are not buttons into headings followed by their hidden answers', () => {
    expect(page.text).toMatch(/^#### Do you cut children's hair\?\n+Yes, under-12s are £15\./m);
    expect(page.text).toMatch(/^#### Parking\n+Free on Mill Lane after 6pm\./m);
  });

  it('keeps a question button inside a heading as that heading, once', () => {
    expect(page.text).toMatch(/^### Is there Wi-Fi\?\n+Yes, free for every client\./m);
    expect(page.text).not.toMatch(/^#+\s*$/m);
  });

  it('gives heading-less cards their title as a heading, so each card is its own section', () => {
    expect(page.text).toMatch(/^### Jo Bright\n+Curly hair specialist/m);
    expect(page.text).toMatch(/^### Ade Cole\n+Barbering and skin fades\./m);
  });

  it('leaves cards that open with a sentence (testimonials) as text', () => {
    expect(page.text).not.toMatch(/^#+ .*The best cut/m);
    expect(lines(page.text)).toContain('Sam');
  });

  it('keeps the top bar and the footer as site text, not page text, and drops the skip link', () => {
    expect(page.text).not.toContain('Late opening Wednesdays');
    expect(page.text).not.toContain('Registered in England');
    expect(page.siteText).toContain('Late opening Wednesdays');
    expect(page.siteText).toContain('Call now: 01614960777');
    expect(page.siteText).toContain('Registered in England No. 01234567');
    expect(`${page.text}\n${page.siteText}`).not.toMatch(/skip to content/i);
  });

  it('adds the business details the page declares in JSON-LD to the site text, and ignores broken JSON-LD', () => {
    const details = page.siteText.slice(page.siteText.indexOf('## Business details'));
    expect(lines(details)).toEqual(
      expect.arrayContaining([
        'Name: Willow Hair',
        'Phone: 0161 496 0777',
        'E-mail: hi@willow.example',
        'Address: 8 Mill Lane, Stockport, SK1 2AB',
        'Opening hours: Tuesday, Wednesday: 09:00 – 17:00',
        'Areas served: Stockport, Bramhall',
      ]),
    );
    expect(page.siteText.match(/## Business details/g)).toHaveLength(1);
  });
});

describe('extractPage: a hero header', () => {
  const html = `<!doctype html><html><head><title>Harbour B&amp;B</title></head><body>
<div class="topbar">01632 960562</div>
<header class="hero"><h1>A quiet harbourside bed &amp; breakfast</h1><p>Four rooms above the harbour.</p></header>
<main><h2>Good to know</h2><dl><dt>Check-in</dt><dd>3pm – 8pm</dd></dl></main>
<footer><p>3 Harbour Steps, Porthwenna</p></footer>
</body></html>`;
  const page = extractPage(html, 'https://harbour.example/');

  it("keeps a top-level header with the page's own h1 and text as the page's content", () => {
    expect(page.text).toMatch(/^# A quiet harbourside bed & breakfast\n+Four rooms above the harbour\./m);
    expect(page.headings[0]).toBe('A quiet harbourside bed & breakfast');
    expect(page.siteText).not.toContain('Four rooms above the harbour');
    expect(page.siteText).toContain('01632 960562');
    expect(page.siteText).toContain('3 Harbour Steps');
  });
});

describe('extractPage: sidebars', () => {
  const html = `<!doctype html><html><head><title>Drain cleaning | Kestrel Plumbing</title></head><body>
<header><a href="/">Kestrel Plumbing</a></header>
<div id="primary"><main>
  <h1>Drain cleaning</h1>
  <p>We clear blocked sinks, baths and toilets the same day.</p>
  <aside class="note"><p>Tip: never pour fat down the sink.</p><ul><li><a href="/blog/1">Read our blog</a></li></ul></aside>
</main></div>
<aside id="secondary" class="widget-area">
  <section class="widget"><h2 class="widget-title">Recent posts</h2><ul><li><a href="/blog/1">Five signs of a leak</a></li><li><a href="/blog/2">Winter pipes</a></li></ul></section>
  <section class="widget"><h2 class="widget-title">Opening hours</h2><p>Mon–Fri 7am–6pm, Sat 8am–noon</p></section>
</aside>
<footer><p>12 Mill Road, Dunmore</p></footer>
</body></html>`;
  const page = extractPage(html, 'https://kestrel.example/drains');

  it("keeps a sidebar's text widgets as site text, without its link lists", () => {
    expect(page.siteText).toMatch(/Opening hours\n+Mon–Fri 7am–6pm, Sat 8am–noon/);
    expect(page.siteText).not.toContain('Five signs of a leak');
    expect(page.text).not.toContain('Opening hours');
    expect(page.headings).not.toContain('Opening hours');
  });

  it('keeps a callout box inside the content as page text, without its links', () => {
    expect(page.text).toContain('Tip: never pour fat down the sink.');
    expect(page.text).not.toContain('Read our blog');
  });
});

describe('extractPage: tags explained by their tooltip', () => {
  const html = `<!doctype html><html><head><title>Menu</title></head><body><main><h1>Menu</h1>
<h3>Chickpea tagine</h3><p>$22 <span class="tag" title="Vegan">VG</span> <abbr title="Gluten-free">GF</abbr></p>
<p><span title="Click to copy the address to your clipboard, then paste it in your maps app">12 Mill St</span></p>
</main></body></html>`;
  const page = extractPage(html, 'https://menu.example/');

  it('reads a short tag with its tooltip, so the dish says it is vegan', () => {
    expect(page.text).toContain('$22 VG (Vegan) GF (Gluten-free)');
  });

  it('leaves text that is not a short code, and long tooltips, as written', () => {
    expect(page.text).toContain('12 Mill St');
    expect(page.text).not.toContain('clipboard');
  });
});

describe('extractPage: FAQs declared in JSON-LD', () => {
  const faq = (question: string, answer: string) => ({ '@type': 'Question', name: question, acceptedAnswer: { '@type': 'Answer', text: answer } });
  const declared = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: [
      faq('Do you offer gift vouchers?', '<p>Yes, from <strong>£25</strong>, by e-mail or post.</p>'),
      faq('Is there parking?', 'Free parking behind the shop.'),
    ],
  };
  const html = `<!doctype html><html><head><title>FAQ</title><script type="application/ld+json">${JSON.stringify(declared)}</script></head>
<body><main><h1>FAQ</h1><h3>Is there parking?</h3><p>Free parking behind the shop.</p><div id="faq-app"></div></main></body></html>`;
  const page = extractPage(html, 'https://shop.example/faq');

  it('adds a declared question the page does not show, with its answer as text', () => {
    expect(page.text).toMatch(/^#### Do you offer gift vouchers\?\n+Yes, from £25, by e-mail or post\.$/m);
  });

  it('does not repeat a question the page shows', () => {
    expect(page.text.match(/Is there parking\?/g)).toHaveLength(1);
  });
});

/** FAQs as site builders write them: a Wix collapsible list (each title a paragraph inside the control) and a page of bold question paragraphs. */
const builderFaqPage = `<!doctype html><html><head><title>FAQ | Fern Studio</title></head><body>
<main>
  <h1>FAQ</h1>
  <div class="collapsible-list">
    <div class="collapsible-item">
      <div role="button" tabindex="0" aria-expanded="false" data-hook="item-title"><div data-testid="richTextElement"><p class="font_5"><span>How do I cancel a class?</span></p></div></div>
      <div data-hook="item-content" aria-hidden="true" style="max-height:0;overflow:hidden"><div data-testid="richTextElement"><p class="font_8"><span>Cancel in the app up to 8 hours before.</span></p></div></div>
    </div>
    <div class="collapsible-item">
      <div role="button" tabindex="0" aria-expanded="false" data-hook="item-title"><div data-testid="richTextElement"><p class="font_5"><span>Are mats provided?</span></p></div></div>
      <div data-hook="item-content" aria-hidden="true" style="max-height:0;overflow:hidden"><div data-testid="richTextElement"><p class="font_8"><span>Yes, mats and blocks are free to use.</span></p></div></div>
    </div>
  </div>
  <h2>Your first visit</h2>
  <div class="entry-content">
    <p><strong>Where do I leave my bike?</strong></p>
    <p>There are racks by the side door.</p>
    <p>Q: Can I bring a friend?</p>
    <p>Yes, the first class for a friend is free.</p>
  </div>
  <div class="cta"><p>Ready to start?</p><p>Book your first class online today.</p></div>
  <div class="card" role="button" aria-expanded="false"><p>Beginners' course?</p><p>Six weeks, every Monday.</p></div>
</main></body></html>`;

describe('extractPage: FAQs whose questions are paragraphs', () => {
  const page = extractPage(builderFaqPage, 'https://fern.example/faq');

  it('heads each answer of a collapsible list with its question, though the title is a paragraph in the control', () => {
    expect(page.text).toMatch(/^#### How do I cancel a class\?\n+Cancel in the app up to 8 hours before\./m);
    expect(page.text).toMatch(/^#### Are mats provided\?\n+Yes, mats and blocks are free to use\./m);
  });

  it('heads each answer of an FAQ written as question paragraphs, below the section it is in', () => {
    expect(page.text).toMatch(/^#### Where do I leave my bike\?\n+There are racks by the side door\./m);
    expect(page.text).toMatch(/^#### Can I bring a friend\?\n+Yes, the first class for a friend is free\./m);
  });

  it('leaves a lone question of the copy, and a clickable card of several paragraphs, as paragraphs', () => {
    expect(page.text).not.toMatch(/^#+ Ready to start\?/m);
    expect(page.text).toContain('Ready to start?');
    expect(page.text).not.toMatch(/^#+ Beginners' course\?/m);
    expect(page.text).toContain('Six weeks, every Monday.');
  });
});

/** A Squarespace-style page: the desktop <nav>, and the mobile menu repeating its links in plain divs. */
const menuCopyPage = `<!doctype html><html><head><title>Services | Oak Vets</title></head><body>
<header><nav class="header-nav-list"><div><a href="/">Home</a></div><div><a href="/services">Services</a></div><div><a href="/team">Our Team</a></div><div><a href="/contact">Contact</a></div></nav></header>
<div class="header-menu"><div class="header-menu-nav-list">
  <div class="container"><a href="/"><div class="header-menu-nav-item-content">Home</div></a></div>
  <div class="container"><a href="/services"><div class="header-menu-nav-item-content">Services</div></a></div>
  <div class="container"><a href="/team"><div class="header-menu-nav-item-content">Our Team</div></a></div>
  <div class="container"><a href="/contact"><div class="header-menu-nav-item-content">Contact</div></a></div>
</div></div>
<main>
  <h1>Services</h1>
  <p>Vaccinations for dogs and cats, $28 each.</p>
  <ul class="service-links"><li><a href="/dental">Dental care</a></li><li><a href="/surgery">Surgery</a></li><li><a href="/microchips">Microchipping</a></li></ul>
  <p><a href="/contact">Contact</a></p>
</main></body></html>`;

describe('extractPage: a copy of the menu that is not marked as one', () => {
  const page = extractPage(menuCopyPage, 'https://oak.example/services');

  it('drops the mobile menu that repeats the navigation links', () => {
    expect(page.text).not.toMatch(/Our Team/);
    expect(page.text).not.toMatch(/^Home$/m);
  });

  it('keeps the content, a list of links the menu does not have, and a single link that the menu also has', () => {
    expect(page.text).toContain('Vaccinations for dogs and cats, $28 each.');
    expect(page.text).toMatch(/- Dental care\n- Surgery\n- Microchipping/);
    expect(page.text).toMatch(/^Contact$/m);
  });
});

const pictureCardsPage = `<!doctype html><html><head><title>Menu | Saffron Oven</title></head><body><main>
<h1>Menu</h1><p>Baked every morning in our wood-fired oven, from flour milled down the road.</p>
<div class="items">
  <article class="card"><figure><img src="a.jpg" alt=""><figcaption>Our speciality</figcaption><div class="price">R45</div></figure>
    <div class="text"><h2>Seed Loaf</h2><p>Sunflower, pumpkin and linseed, with a dark crust.</p></div></article>
  <article class="card"><figure><img src="b.jpg" alt=""><figcaption>Flaky and buttery</figcaption><div class="price">R22</div></figure>
    <div class="text"><h2>Croissant</h2><p>Made with cultured butter, folded over three days.</p></div></article>
</div>
<div class="quotes">
  <div class="quote"><p>"The best bread in town, and the friendliest people behind the counter, who remember every regular's order."</p><h3>Thandi M.</h3></div>
  <div class="quote"><p>"I cycle across the city every Saturday for their seed loaf, and it has never once been sold out."</p><h3>Pieter V.</h3></div>
</div>
</main></body></html>`;

describe('extractPage: cards whose picture and price come before their heading', () => {
  const page = extractPage(pictureCardsPage, 'https://saffron.example/menu');

  it("puts each card's heading first, so its caption and price are in the passage of what they price", () => {
    expect(page.text).toMatch(/^## Seed Loaf\n+Our speciality\n+R45\n+Sunflower/m);
    expect(page.text).toMatch(/^## Croissant\n+Flaky and buttery\n+R22\n+Made with cultured butter/m);
  });

  it('leaves cards with more than a caption and a price above their heading as written', () => {
    expect(page.text).toMatch(/The best bread in town[^\n]*\n+### Thandi M\./);
  });
});
