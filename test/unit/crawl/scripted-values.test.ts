import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../functions/core/crawl/extract-page.js';

// Made-up sites: a nail bar in Accra whose price list is data in its page's script, and a joinery in
// Cork whose figures count up from 0.
const nailBar = `<!doctype html><html><head><title>Adwoa Nails</title></head><body>
<h1>Adwoa Nails</h1><h2>Our prices</h2><div id="prices"></div>
<script>
const menu = [
  { id: 1, title: 'Hands', items: [
    { name: 'Gel manicure', price: 'GH₵ 150' },
    { name: "Acrylic full set", price: "GH₵ 280" },
  ] },
  { id: 2, title: 'Feet', items: [ { name: 'Spa pedicure', price: 'GH₵ 200' } ] },
];
const theme = { colour: '#ff0099', font: 'Poppins', size: '16px' };
const copy = { label: 'Book now', note: '50 happy clients' };
menu.forEach((group) => render(group));
</script></body></html>`;

describe("what a page's script shows", () => {
  it('reads a price list kept as data in an inline script, under the titles of its groups', () => {
    const { text } = extractPage(nailBar, 'https://adwoa.example.gh/');
    expect(text).toContain('### Hands\n\n- Gel manicure: GH₵ 150\n- Acrylic full set: GH₵ 280');
    expect(text).toContain('### Feet\n\n- Spa pedicure: GH₵ 200');
    // Objects of other data (a theme, button labels) are no items.
    expect(text).not.toContain('Poppins');
    expect(text).not.toContain('Book now');
  });

  it("shows a counter's final number instead of the 0 its script counts up from", () => {
    const html = `<html><body><h2>About us</h2><p>Family joiners.</p>
      <div><span class="count" data-target="35">0</span> <span>Years in business</span></div>
      <div><span data-count="1200"></span> <span>Kitchens fitted</span></div>
      <div><span data-target="#about">Read more</span></div></body></html>`;
    const { text } = extractPage(html, 'https://joinery.example.ie/');
    expect(text).toContain('35 Years in business');
    expect(text).toContain('1200 Kitchens fitted');
    expect(text).toContain('Read more');
  });
});
