import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../functions/core/crawl/extract-page.js';

/** A made-up physiotherapy practice in Halifax whose contact page draws its open days as a week of ticks and crosses. */
const contactPage = `<!doctype html><html><head><title>Contact | Harbourside Physio</title></head><body><main>
<h1>Contact</h1><p>Call 902-555-0142 to book.</p>
<h2>Open days</h2>
<div class="week">
  <div class="day"><p>Sun</p><p>✕</p></div><div class="day"><p>Mon</p><p>✓</p></div>
  <div class="day"><p>Tue</p><p>✓</p></div><div class="day"><p>Wed</p><p>✕</p></div>
  <div class="day"><p>Thu</p><p>✔️</p></div><div class="day"><p>Fri</p><p>✓</p></div>
  <div class="day"><p>Sat</p><p>✕</p></div>
</div>
<div class="dialog"><p>Newsletter</p><button>×</button></div>
</main></body></html>`;

describe('extractPage: open days drawn as marks', () => {
  it('writes each day with what its mark means', () => {
    const { text } = extractPage(contactPage, 'https://harbourside.example.ca/contact');
    for (const line of ['Sun: closed', 'Mon: open', 'Wed: closed', 'Thu: open', 'Sat: closed']) expect(text).toContain(line);
  });

  it('leaves a lone day with a mark as it is (a close button is no week)', () => {
    const html = '<!doctype html><html><head><title>Offers</title></head><body><main><h1>Offers</h1><p>Sat</p><p>×</p><p>Half price on Saturdays.</p></main></body></html>';
    expect(extractPage(html, 'https://harbourside.example.ca/offers').text).not.toContain('Sat: closed');
  });
});
