import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../functions/core/crawl/extract-page.js';

const paragraph = (topic: string, n: number) =>
  `<p>${topic} note ${n}: our bakers ferment the dough for thirty-six hours, shape each loaf by hand and bake it ` +
  `on the stone deck of a wood-fired oven restored in 2012, so the crust is thin, dark and crackling.</p>`;

const articlePage = `<!doctype html><html><head>
<title>Our sourdough | Maple &amp; Rye</title>
<meta name="description" content="How we bake our country sourdough.">
<script>window.secretTracking = "SHOULD-NOT-APPEAR";</script>
<style>.hero { color: red } /* STYLE-SHOULD-NOT-APPEAR */</style>
</head><body>
<header><a href="/">Maple &amp; Rye</a><nav><a href="/">Home</a><a href="/menu#breads">Menu</a><a href="/faq">FAQ</a></nav></header>
<article>
  <h1>Our country sourdough</h1>
  ${[1, 2, 3, 4, 5].map((n) => paragraph('Sourdough', n)).join('\n')}
  <h2>Ingredients</h2>
  <ul><li>Organic flour from Skowhegan</li><li>Sea salt</li><li>Water</li></ul>
  <p>Read about <a href="/blog/starter?utm_source=x">our starter</a> or <a href="https://instagram.com/mapleandrye">follow us</a>.</p>
  <img src="/img/loaf.jpg" alt="A loaf">
  <noscript>NOSCRIPT-SHOULD-NOT-APPEAR</noscript>
  <script>document.write("INLINE-SCRIPT-SHOULD-NOT-APPEAR")</script>
</article>
<aside><h2>Newsletter</h2><p>Sign up.</p></aside>
<footer><h2>Visit us</h2><p>218 Harbor Street</p><a href="/private/rota" rel="nofollow">Staff</a><a href="mailto:hi@x.example">Mail</a></footer>
</body></html>`;

describe('extractPage', () => {
  const page = extractPage(articlePage, 'https://bakery.example/bread/sourdough');

  it('reads the title, description and content headings (not navigation or footer ones)', () => {
    expect(page.title).toBe('Our sourdough | Maple & Rye');
    expect(page.description).toBe('How we bake our country sourdough.');
    expect(page.headings).toEqual(['Our country sourdough', 'Ingredients']);
  });

  it('returns the readable article as markdown, without scripts, styles, navigation, images or link targets (but a social profile’s address)', () => {
    expect(page.text).toContain('Sourdough note 1: our bakers ferment the dough');
    expect(page.text).toContain('## Ingredients');
    expect(page.text).toContain('- Organic flour from Skowhegan');
    expect(page.text).toContain('Read about our starter or follow us (Instagram: instagram.com/mapleandrye).');
    expect(page.text).not.toContain('utm_source');
    for (const absent of ['SHOULD-NOT-APPEAR', 'secretTracking', 'color: red', 'Newsletter', '218 Harbor', '](', '![', 'FAQ']) {
      expect(page.text).not.toContain(absent);
    }
  });

  it('lists absolute http(s) links, normalised, without nofollow, mailto or duplicates', () => {
    expect(page.links).toEqual([
      'https://bakery.example/',
      'https://bakery.example/menu',
      'https://bakery.example/faq',
      'https://bakery.example/blog/starter',
      'https://instagram.com/mapleandrye',
    ]);
    expect(page.robots).toEqual({ noindex: false, nofollow: false });
  });

  it('falls back to the main content for a short page Readability does not treat as an article', () => {
    const html = `<html><head><title>Opening hours</title></head><body><nav><a href="/">Home</a></nav>
      <main><h1>Opening hours</h1><table><tr><td>Tuesday to Friday</td><td>7 am to 5 pm</td></tr>
      <tr><td>Sunday</td><td>8 am to 2 pm</td></tr></table></main><footer>© Maple &amp; Rye</footer></body></html>`;
    const short = extractPage(html, 'https://bakery.example/opening-hours');
    expect(short.title).toBe('Opening hours');
    expect(short.text).toContain('# Opening hours');
    expect(short.text).toContain('Tuesday to Friday: 7 am to 5 pm.\nSunday: 8 am to 2 pm.');
    expect(short.text).not.toContain('Home');
    expect(short.text).not.toContain('©');
  });

  it("keeps each table row's values together, with the column names, in an article Readability reads", () => {
    const html = articlePage.replace(
      '<h2>Ingredients</h2>',
      `<h2>Prices</h2><table><thead><tr><th>Loaf</th><th>Weight</th><th>Price</th></tr></thead><tbody>
        <tr><td><strong>Country</strong> sourdough</td><td>900 g</td><td><a href="/buy">$9.00</a></td></tr>
        <tr><td>Seeded rye</td><td>800 g</td><td>$10.00<br><small>members $9</small></td></tr></tbody></table>
        <h2>Ingredients</h2>`,
    );
    const withTable = extractPage(html, 'https://bakery.example/bread/sourdough');
    expect(withTable.text).toContain(
      '## Prices\n\nLoaf: Country sourdough; Weight: 900 g; Price: $9.00.\n' +
        'Loaf: Seeded rye; Weight: 800 g; Price: $10.00, members $9.\n\n## Ingredients',
    );
  });

  it('uses the body without page chrome when there is no <main>, and the first h1 when there is no <title>', () => {
    const html = `<body><header>Site header</header><h1>Gift cards</h1><p>From $10 to $300, they never expire.</p><footer>Footer text</footer></body>`;
    const bare = extractPage(html, 'https://bakery.example/gift-cards');
    expect(bare.title).toBe('Gift cards');
    expect(bare.text).toBe('# Gift cards\n\nFrom $10 to $300, they never expire.');
  });

  it('resolves links against <base href> and reads robots meta', () => {
    const html = `<html><head><base href="https://bakery.example/shop/"><meta name="ROBOTS" content="noindex, nofollow"></head>
      <body><a href="cakes">Cakes</a></body></html>`;
    const noindexed = extractPage(html, 'https://bakery.example/other/page');
    expect(noindexed.robots).toEqual({ noindex: true, nofollow: true });
    expect(noindexed.links).toEqual([]);
    const followed = extractPage(html.replace('noindex, nofollow', 'noindex'), 'https://bakery.example/other/page');
    expect(followed.links).toEqual(['https://bakery.example/shop/cakes']);
  });

  it('treats a meta refresh target as a link', () => {
    const html = `<html><head><meta http-equiv="Refresh" content="0; URL='/en/home'"></head><body></body></html>`;
    const page = extractPage(html, 'https://bakery.example/');
    expect(page.links).toEqual(['https://bakery.example/en/home']);
    expect(page.text).toBe('');
  });

  it('copes with an empty or broken document', () => {
    expect(extractPage('', 'https://bakery.example/').text).toBe('');
    const broken = extractPage('<html><body><p>Unclosed <b>bold <i>text', 'https://bakery.example/');
    expect(broken.text).toContain('Unclosed');
  });
});
