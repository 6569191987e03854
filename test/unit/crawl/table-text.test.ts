import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from '../../../functions/core/crawl/html-to-markdown.js';
import { parseDocument } from '../../../functions/core/crawl/parse-document.js';
import { TABLE_LIMITS } from '../../../functions/core/crawl/table-text.js';

const markdown = (html: string) => htmlToMarkdown(parseDocument(`<body>${html}</body>`).body);

describe('tables in crawled pages become label: value lines', () => {
  it('a two-column table without a header: one "label: value" line per row', () => {
    const text = markdown(`<p>When to find us:</p>
      <table><tr><td>Monday</td><td>7am - 6pm</td></tr><tr><td>Tuesday</td><td>7am - 6pm</td></tr>
      <tr><td>Sunday</td><td>Closed</td></tr></table><p>Holidays may differ.</p>`);
    expect(text).toBe('When to find us:\n\nMonday: 7am - 6pm.\nTuesday: 7am - 6pm.\nSunday: Closed.\n\nHolidays may differ.');
  });

  it('a table with a header row: every value with its column name, one row per line', () => {
    const text = markdown(`<table>
      <tr><th>Class</th><th>Day</th><th>Price</th></tr>
      <tr><td>Sourdough for beginners</td><td>Saturday</td><td>$95</td></tr>
      <tr><td>Croissants at home</td><td></td><td>$120</td></tr>
      <tr><th>Class</th><th>Day</th><th>Price</th></tr>
      <tr><td> </td><td></td><td></td></tr>
      <tr><td>Pies and tarts</td><td>Sunday</td><td>$85</td></tr></table>`);
    expect(text).toBe(
      'Class: Sourdough for beginners; Day: Saturday; Price: $95.\n' +
        'Class: Croissants at home; Price: $120.\n' +
        'Class: Pies and tarts; Day: Sunday; Price: $85.',
    );
  });

  it('reads the text of nested markup in cells: emphasis, links, line breaks and lists, without media or controls', () => {
    const text = markdown(`<table><thead><tr><th><strong>Product</strong></th><th>Contains</th></tr></thead>
      <tbody><tr><td><a href="/rye"><em>Seeded</em> rye</a> <img src="rye.jpg" alt="photo"></td>
        <td><ul><li>Wheat</li><li>rye</li><li>sesame</li></ul></td></tr>
      <tr><td><span>Butter <b>croissant</b></span><button>Add to cart</button></td><td>Wheat<br>milk<br/>egg</td></tr>
      <tr><td><p>Almond cake.</p><p>Gluten-free</p></td><td><select><option>Pick one</option></select>Almonds</td></tr></tbody></table>`);
    expect(text).toBe(
      'Product: Seeded rye; Contains: Wheat, rye, sesame.\n' +
        'Product: Butter croissant; Contains: Wheat, milk, egg.\n' +
        'Product: Almond cake. Gluten-free; Contains: Almonds.',
    );
    for (const absent of ['**', '_', '](', 'photo', 'Add to cart', 'Pick one']) expect(text).not.toContain(absent);
  });

  it('uses thead, row headers, captions, group rows and spanning cells', () => {
    const text = markdown(`<table><caption>Delivery fees</caption>
      <thead><tr><td></td><th colspan="2">Weekdays</th></tr><tr><td></td><th>Morning</th><th>Afternoon</th></tr></thead>
      <tbody><tr><td colspan="3">Portland</td></tr>
      <tr><th>Downtown</th><td>Free</td><td>$5</td></tr>
      <tr><th>Munjoy Hill</th><td colspan="2">$8</td></tr>
      <tr><th rowspan="2">South Portland</th><td>$10</td><td>$12</td></tr>
      <tr><td>$11</td><td>$13</td></tr></tbody></table>`);
    expect(text).toBe(
      'Delivery fees\n\n' +
        'Portland.\n' +
        'Downtown — Weekdays Morning: Free; Weekdays Afternoon: $5.\n' +
        'Munjoy Hill — Weekdays Morning / Weekdays Afternoon: $8.\n' +
        'South Portland — Weekdays Morning: $10; Weekdays Afternoon: $12.\n' +
        'South Portland — Weekdays Morning: $11; Weekdays Afternoon: $13.',
    );
  });

  it('keeps a layout table as ordinary blocks, and still reads the data table inside it', () => {
    const text = markdown(`<table role="presentation"><tr><td><h2>About us</h2><p>We bake every day.</p></td></tr></table>
      <table><tr><td><h2>Prices</h2><table><tr><td>Baguette</td><td>$4.50</td></tr></table></td><td><p>Pay by card or cash.</p></td></tr></table>`);
    expect(text).toBe('## About us\n\nWe bake every day.\n\n## Prices\n\nBaguette: $4.50.\n\nPay by card or cash.');
  });

  it('keeps a huge table bounded: rows, columns, cell length and total length are capped', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `<tr><td>Item ${i}</td><td>${'flour '.repeat(200)}</td></tr>`).join('');
    const long = markdown(`<table><tr><th>Item</th><th>Notes</th></tr>${rows}</table>`);
    const lines = long.split('\n');
    expect(lines.length).toBeLessThan(TABLE_LIMITS.rows);
    expect(long.length).toBeLessThanOrEqual(TABLE_LIMITS.tableChars);
    expect(lines[0]).toMatch(/^Item: Item 0; Notes: (flour )+flour…$/);
    expect(lines[0]!.length).toBeLessThan(TABLE_LIMITS.cellChars + 40);

    const wide = markdown(`<table><tr>${Array.from({ length: 50 }, (_, i) => `<td>c${i}</td>`).join('')}</tr></table>`);
    expect(wide.split('; ')).toHaveLength(TABLE_LIMITS.columns - 1);

    const many = markdown(`<table>${Array.from({ length: 1000 }, (_, i) => `<tr><td>Day ${i}</td><td>open</td></tr>`).join('')}</table>`);
    expect(many.split('\n')).toHaveLength(TABLE_LIMITS.rows);
  });
});
