import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../functions/core/crawl/extract-page.js';

/** A small cleaning company's services page, laid out the way site builders lay them out. */
const servicesPage = `<!doctype html><html><head><title>Services | Sparkle Cleaning Co.</title></head><body>
<div id="cookie-consent" class="banner">
  <p>We use cookies to improve your experience. Accept all cookies?</p>
  <button>Accept</button>
</div>
<header class="site-header">
  <a href="/" class="logo">Sparkle Cleaning Co.</a>
  <nav>
    <ul>
      <li><a href="/">Home</a></li>
      <li><a href="/team">Our Staff</a></li>
      <li><a href="/blog">Cleaning Tips Blog</a></li>
    </ul>
  </nav>
</header>
<main>
  <p class="breadcrumb"><a href="/">Home</a> / Services</p>
  <section class="intro">
    <header><h2>Spotless homes since 2009</h2><p>Family-run cleaners serving Bristol and Bath.</p></header>
  </section>
  <section class="pricing">
    <h2>Our packages</h2>
    <div class="cards">
      <div class="card">
        <div class="pricing-header"><h3>Basic Clean</h3><div class="price">$89</div></div>
        <ul><li>Kitchen and bathrooms</li><li>Vacuuming</li></ul>
        <a href="/book" class="btn">Book now</a>
      </div>
      <div class="card">
        <div class="pricing-header"><h3>Deep Clean</h3><div class="price">$149</div></div>
        <ul><li>Inside the oven</li><li>Skirting boards</li></ul>
      </div>
      <div class="card">
        <div class="pricing-header"><h3>Move-Out Clean</h3><div class="price">$229</div></div>
        <ul><li>Inside all cupboards</li><li>Deposit-back guarantee</li></ul>
      </div>
    </div>
  </section>
  <section class="team">
    <h2>Meet the team</h2>
    <div class="grid">
      <div class="member"><img src="/a.jpg" alt=""><h4>Maria Lopez</h4><p class="role">Founder &amp; Head Cleaner</p></div>
      <div class="member"><img src="/b.jpg" alt=""><h4>Tom Baker</h4><p class="role">Operations Manager</p></div>
      <div class="member"><img src="/c.jpg" alt=""><h4>Aisha Khan</h4><p class="role">Customer Care Lead</p></div>
    </div>
  </section>
  <section class="faq">
    <h2>Frequently asked questions</h2>
    <div class="accordion">
      <div class="item">
        <button class="accordion-toggle" aria-expanded="false">Do I need to be home during the clean?</button>
        <div class="panel" hidden><p>No. Many clients leave us a key or a lockbox code.</p></div>
      </div>
      <div class="item">
        <button class="accordion-toggle" aria-expanded="false">Do you bring your own supplies?</button>
        <div class="panel" style="display:none"><p>Yes, we bring eco-friendly products and equipment.</p></div>
      </div>
    </div>
    <details><summary>Are you insured</summary><p>Yes, we carry public liability insurance of £5 million.</p></details>
  </section>
  <section class="hours">
    <h2>Opening hours</h2>
    <dl>
      <dt>Monday</dt><dd>9am - 5pm</dd>
      <dt>Saturday</dt><dd>10am - 2pm</dd>
      <dt>Sunday</dt><dd>Closed</dd>
    </dl>
  </section>
  <form action="/newsletter"><label>Your newsletter email</label><input type="email"><button>Subscribe</button></form>
</main>
<footer class="site-footer">
  <div class="contact">
    <p>42 Harbour Road, Bristol BS1 4RN</p>
    <p>Call us: <a href="tel:+441179460123">0117 946 0123</a></p>
    <p><a href="mailto:hello@sparkle.example">hello@sparkle.example</a></p>
    <a href="tel:+441179460999" class="icon-phone" aria-label="Call our emergency line"><svg viewBox="0 0 1 1"></svg></a>
  </div>
  <div class="quick">
    <h4>Quick links</h4>
    <ul>
      <li><a href="/gallery">Gallery</a></li>
      <li><a href="/careers">Careers</a></li>
      <li><a href="/gift-cards">Gift Cards</a></li>
    </ul>
  </div>
  <p class="row"><a href="/">Home</a> | <a href="/about">About</a> | <a href="/contact">Contact</a></p>
  <ul class="social">
    <li><a href="https://www.instagram.com/sparkleclean/"><i class="fa fa-instagram"></i></a></li>
    <li><a href="https://facebook.com/sparkle.clean">Follow us</a></li>
    <li><a href="https://www.facebook.com/sharer/sharer.php?u=https://sparkle.example">Share</a></li>
  </ul>
  <p>Registered in England No. 07654321</p>
</footer>
</body></html>`;

describe('extractPage: the content of a small-business page', () => {
  const page = extractPage(servicesPage, 'https://sparkle.example/services');

  it('keeps every price card: each package name with its own price, in order', () => {
    const cards = ['Basic Clean', '$89', 'Deep Clean', '$149', 'Move-Out Clean', '$229'];
    const positions = cards.map((part) => page.text.indexOf(part));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // Each price sits in its own card's section, before the next card's name.
    expect(page.text).toMatch(/Basic Clean[^$]*\$89[\s\S]*Deep Clean[^$]*\$149[\s\S]*Move-Out Clean[^$]*\$229/);
    expect(page.text).toContain('Inside the oven');
  });

  it('keeps the team grid: every name with its role', () => {
    expect(page.text).toMatch(/Maria Lopez\s+Founder & Head Cleaner/);
    expect(page.text).toMatch(/Tom Baker\s+Operations Manager/);
    expect(page.text).toMatch(/Aisha Khan\s+Customer Care Lead/);
  });

  it('turns accordion buttons into question headings followed by their hidden answers', () => {
    expect(page.text).toMatch(/^#### Do I need to be home during the clean\?\n+No\. Many clients leave us a key/m);
    expect(page.text).toMatch(/^#### Do you bring your own supplies\?\n+Yes, we bring eco-friendly products/m);
  });

  it('turns a <details> summary into a heading followed by its answer', () => {
    expect(page.text).toMatch(/^#### Are you insured\n+Yes, we carry public liability insurance of £5 million\./m);
  });

  it('writes a definition list of opening hours as one "Day: hours" line each', () => {
    const lines = page.text.split('\n').map((line) => line.trim());
    expect(lines).toContain('Monday: 9am - 5pm');
    expect(lines).toContain('Saturday: 10am - 2pm');
    expect(lines).toContain('Sunday: Closed');
  });

  it('keeps a section header (not the site header) as content', () => {
    expect(page.text).toContain('Spotless homes since 2009');
    expect(page.text).toContain('Family-run cleaners serving Bristol and Bath.');
    expect(page.siteText).not.toContain('Spotless homes since 2009');
  });

  it('drops the cookie banner and the navigation from both the content and the site text', () => {
    for (const text of [page.text, page.siteText]) {
      expect(text).not.toMatch(/cookies/i);
      expect(text).not.toContain('Accept');
      expect(text).not.toContain('Our Staff');
      expect(text).not.toContain('Cleaning Tips Blog');
    }
  });

  it('drops a form without a heading and controls that are not questions', () => {
    expect(page.text).not.toContain('newsletter');
    expect(page.text).not.toContain('Subscribe');
  });

  it('leaves the breadcrumb trail out', () => {
    expect(page.text).not.toMatch(/Home \/ Services/);
  });

  it('keeps the footer out of the page content', () => {
    expect(page.text).not.toContain('Harbour Road');
    expect(page.text).not.toContain('hello@sparkle.example');
    expect(page.text).not.toContain('0117 946 0123');
    expect(page.text).not.toContain('Gift Cards');
    expect(page.text).not.toContain('07654321');
  });

  it('keeps the footer address, phone numbers and e-mail as site text', () => {
    expect(page.siteText).toContain('42 Harbour Road, Bristol BS1 4RN');
    expect(page.siteText).toContain('0117 946 0123');
    expect(page.siteText).toContain('hello@sparkle.example');
    expect(page.siteText).toContain('Registered in England No. 07654321');
    // An icon-only phone link still gives its number.
    expect(page.siteText.replace(/\D/g, '')).toContain('441179460999');
  });

  it('names the social profiles of icon and word links, and leaves share buttons out', () => {
    expect(page.siteText).toContain('Instagram: instagram.com/sparkleclean');
    expect(page.siteText).toContain('Follow us (Facebook: facebook.com/sparkle.clean)');
    expect(page.siteText).not.toContain('sharer');
  });

  it('drops the footer link menus from the site text', () => {
    for (const link of ['Gallery', 'Careers', 'Gift Cards', 'About', 'Home']) expect(page.siteText).not.toContain(link);
    expect(page.siteText).not.toMatch(/\|\s*Contact/);
  });

  it('lists the content headings, not the footer ones', () => {
    expect(page.headings).toContain('Basic Clean');
    expect(page.headings).toContain('Opening hours');
    expect(page.headings).not.toContain('Quick links');
  });
});

describe('extractPage: an article page', () => {
  const sentences = [
    'Limescale builds up fastest on taps and shower screens in hard-water areas like Bristol.',
    'A cloth soaked in white vinegar and wrapped around the tap for an hour loosens even thick deposits.',
    'Rinse with warm water afterwards, because vinegar left on chrome for days can dull its finish.',
    'For glass shower screens, a squeegee after every shower prevents most of the build-up in the first place.',
    'Our Deep Clean includes descaling every tap, screen and showerhead in the house.',
  ];
  const html = `<!doctype html><html><head>
<title>How to remove limescale | Sparkle Cleaning Co.</title>
<meta property="og:type" content="article">
</head><body>
<header><a href="/">Sparkle Cleaning Co.</a><nav><a href="/">Home</a> <a href="/blog">Cleaning Tips Blog</a></nav></header>
<main><article>
<h1>How to remove limescale</h1>
${sentences.map((sentence) => `<p>${sentence} ${sentence}</p>`).join('\n')}
<h2>What you need</h2>
<ul><li>White vinegar</li><li>A microfibre cloth</li><li>A squeegee</li></ul>
</article></main>
<footer><p>42 Harbour Road, Bristol BS1 4RN</p><p><a href="/privacy">Privacy</a> | <a href="/terms">Terms</a></p></footer>
</body></html>`;
  const page = extractPage(html, 'https://sparkle.example/blog/limescale');

  it("yields the article's text and its lists", () => {
    for (const sentence of sentences) expect(page.text).toContain(sentence);
    expect(page.text).toContain('White vinegar');
    expect(page.text).toContain('A squeegee');
  });

  it('leaves out the navigation and the footer', () => {
    expect(page.text).not.toContain('Cleaning Tips Blog');
    expect(page.text).not.toContain('Harbour Road');
    expect(page.siteText).toContain('42 Harbour Road');
    expect(page.siteText).not.toContain('Privacy');
  });
});
