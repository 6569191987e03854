import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../functions/core/crawl/extract-page.js';

// A made-up bakery with three shops in Lagos, whose menu drops down a card per shop.
const bakery = `<!doctype html><html><head><title>Ìyá Bakes</title></head><body>
<nav><ul>
  <li><a href="/">Home</a></li><li><a href="/cakes">Cakes</a></li>
  <li class="dropdown"><a href="#" class="dropdown-toggle">Our Shops</a>
    <div class="dropdown-menu">
      <div class="row">
        <div class="card"><div><b>Yaba</b></div><div>Herbert Macaulay Way</div><div><i class="icon"></i> +234 803 555 0101</div></div>
        <div class="card"><div><b>Lekki</b></div><div>Admiralty Road</div><div>0809 555 0202</div></div>
      </div>
      <div><a href="/shops">All shops</a></div>
    </div>
  </li>
  <li><a href="tel:+2348035550303">Call 0803 555 0303</a></li>
</ul></nav>
<main><h1>Ìyá Bakes</h1><p>Agege bread, meat pies and celebration cakes, baked every morning.</p></main>
</body></html>`;

describe('contact cards in a menu', () => {
  it('keeps the blocks of a menu that give a phone number and hold no link, under the item they drop down from', () => {
    const { text } = extractPage(bakery, 'https://iya.example.ng/');
    expect(text).toMatch(/## Our Shops\n[\s\S]*Yaba[\s\S]*\+234 803 555 0101[\s\S]*Lekki[\s\S]*0809 555 0202/);
    // The menu's links stay out, a linked phone number of the menu too.
    expect(text).not.toContain('All shops');
    expect(text).not.toContain('Cakes');
    expect(text).not.toContain('0803 555 0303');
  });

  it('keeps nothing of a menu of links only', () => {
    const html = '<html><body><nav><a href="/">Home</a> <a href="/about">About 2024</a></nav><main><p>Fresh bread daily.</p></main></body></html>';
    expect(extractPage(html, 'https://iya.example.ng/').text).toBe('Fresh bread daily.');
  });
});
