import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient, waitForCrawl } from '../../support/api-client.js';
import { indexedChunks } from '../../support/indexed-chunks.js';
import { startStaticSite, type StaticSite } from '../../support/static-site.js';

const { apiUrl, config, env } = inject('runtime');

/**
 * A trades business on a page-builder theme: JSON-LD in the head, a top bar whose phone link reads
 * "Call now", tabs and accordions served hidden, heading-less team cards, and footer widgets with an
 * hours table, the same on every page.
 */
const layout = (title: string, body: string) => `<!doctype html><html><head><title>${title} | Alder Electrical</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Electrician","name":"Alder Electrical",
"telephone":"+1-555-555-0163","address":{"@type":"PostalAddress","streetAddress":"77 Foundry Lane","addressLocality":"Millvale","addressRegion":"PA","postalCode":"15209"},
"areaServed":["Millvale","Etna","Sharpsburg"]}</script></head><body>
<a class="skip-link" href="#content">Skip to content</a>
<div class="top-bar"><span>Same-day call-outs across the valley</span> <a href="tel:+15555550163">Call now</a></div>
<header class="site-header"><a class="logo" href="/">Alder Electrical</a><nav><ul><li><a href="/">Home</a></li><li><a href="/services">Services</a></li></ul></nav></header>
<div id="content">${body}</div>
<footer class="site-footer">
  <section class="widget"><h2 class="widget-title">Office hours</h2><table><tr><td>Mon – Fri</td><td>7:30 AM – 5:00 PM</td></tr><tr><td>Saturday</td><td>Closed</td></tr></table></section>
  <section class="widget"><h2 class="widget-title">Licensed</h2><p>Pennsylvania electrical contractor license EC-20417</p></section>
</footer></body></html>`;

const pages = {
  '/': layout('Home', `<section><h1>Safe wiring for older homes</h1><p>Rewiring, panel upgrades and EV chargers.</p>
    <h2>Our electricians</h2>
    <div class="team">
      <div class="person"><img src="/a.jpg" alt=""><p class="person-name">Dana Whitford</p><p>Master electrician, panel upgrades and rewiring.</p></div>
      <div class="person"><img src="/b.jpg" alt=""><p class="person-name">Luis Ortega</p><p>EV charger and generator installs.</p></div>
    </div>
    <a href="/services">Services</a></section>`),
  '/services': layout('Services', `<section><h1>Services</h1>
    <div class="tabs"><div role="tablist"><div role="tab" id="tab-1" aria-controls="panel-1">Panel upgrades</div><div role="tab" id="tab-2" aria-controls="panel-2">EV chargers</div></div>
      <div role="tabpanel" id="panel-1" aria-labelledby="tab-1"><p>A 200-amp panel upgrade starts at $2,400, permit included.</p></div>
      <div role="tabpanel" id="panel-2" aria-labelledby="tab-2" hidden><p>A Level 2 charger installed in your garage starts at $950.</p></div>
    </div>
    <h2>Questions</h2>
    <div class="accordion-item"><div class="accordion-title" role="button" aria-expanded="false"><a>Do you work on weekends?</a></div>
      <div class="accordion-content" style="display:none"><p>Only for emergencies, at the after-hours rate of $180 for the first hour.</p></div></div>
    </section>`),
};

describe('a crawled page-builder site becomes one passage per tab, question, card and contact block', () => {
  let site: StaticSite;
  let chunks: Awaited<ReturnType<typeof indexedChunks>>;
  const chunkUnder = (heading: string) => chunks.find((chunk) => chunk.heading?.split(' > ').at(-1) === heading);

  beforeAll(async () => {
    site = await startStaticSite(pages);
    const owner = apiClient(apiUrl, (await signUpAndSignIn(config, 'Alder Electrical')).idToken);
    const chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id as string;
    await waitForCrawl(owner, chatbotId);
    chunks = await indexedChunks(env, chatbotId);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('keeps each tab, the hidden one included, as a passage headed by its tab label', () => {
    expect(chunkUnder('Panel upgrades')?.text).toContain('$2,400');
    expect(chunkUnder('EV chargers')?.text).toContain('$950');
  });

  it('keeps an accordion question with its hidden answer as one passage', () => {
    expect(chunkUnder('Do you work on weekends?')?.text).toContain('$180 for the first hour');
  });

  it('makes each heading-less team card a passage named by the person', () => {
    expect(chunkUnder('Dana Whitford')?.text).toContain('Master electrician');
    expect(chunkUnder('Luis Ortega')?.text).toContain('EV charger and generator installs');
  });

  it('keeps the footer widgets, the top bar and the JSON-LD business details once for the whole site', () => {
    const all = chunks.map((chunk) => `${chunk.heading ?? ''}\n${chunk.text}`).join('\n---\n');
    expect(chunks.filter((chunk) => chunk.text.includes('EC-20417'))).toHaveLength(1);
    expect(chunks.filter((chunk) => /Mon – Fri: 7:30 AM – 5:00 PM/.test(chunk.text))).toHaveLength(1);
    expect(chunks.filter((chunk) => chunk.text.includes('Same-day call-outs across the valley'))).toHaveLength(1);
    const details = chunks.filter((chunk) => chunk.heading === 'Business details');
    expect(details).toHaveLength(1);
    expect(details[0]!.text).toContain('Phone: +1-555-555-0163');
    expect(details[0]!.text).toContain('Address: 77 Foundry Lane, Millvale, PA 15209');
    expect(details[0]!.text).toContain('Areas served: Millvale, Etna, Sharpsburg');
    expect(all).not.toMatch(/Skip to content/i);
  });
});
