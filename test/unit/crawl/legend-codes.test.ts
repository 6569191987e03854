import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../functions/core/crawl/extract-page.js';

const menu = (key: string, rooms = '') => `<!doctype html><html><head><title>Menu</title></head><body><main>
<h1>Menu</h1>
<p class="key">${key}</p>
<h2>Desserts</h2>
<table><tr><td>Dark chocolate pot <span class="tag">V</span> <span class="tag">GF</span></td><td>$10</td></tr>
<tr><td>Coconut panna cotta <span class="tag">VG</span><span class="tag">GF</span></td><td>$10</td></tr>
<tr><td>Lemon tart <abbr title="Vegetarian">V</abbr></td><td>$9</td></tr></table>
${rooms}
</main></body></html>`;

describe("a menu's key of codes", () => {
  it('is read where the codes are used: "V GF" says vegetarian and gluten-free', () => {
    const { text } = extractPage(menu('<span>V</span> vegetarian <span>VG</span> vegan <span>GF</span> gluten-free'), 'https://bistro.example/menu');
    expect(text).toContain('Dark chocolate pot V (vegetarian) GF (gluten-free)');
    expect(text).toContain('Coconut panna cotta VG (vegan) GF (gluten-free)');
    // A code its tooltip explains already is not explained twice; the key itself stays as written.
    expect(text).toContain('Lemon tart V (Vegetarian)');
    expect(text).toContain('V vegetarian VG vegan GF gluten-free');
  });

  it('is read in its other usual forms ("(GF) = Gluten free")', () => {
    const { text } = extractPage(menu('(V) = Vegetarian, (GF) = Gluten free'), 'https://bistro.example/menu');
    expect(text).toContain('Dark chocolate pot V (vegetarian) GF (gluten free)');
  });

  it('is not found in a line of words that only look like codes ("TV lounge, BBQ area")', () => {
    const { text } = extractPage(menu('TV lounge, BBQ area', '<p>A TV in every room and a BBQ in the garden.</p>'), 'https://inn.example/');
    expect(text).toContain('A TV in every room and a BBQ in the garden.');
    expect(text).toContain('Dark chocolate pot V GF');
  });
});
