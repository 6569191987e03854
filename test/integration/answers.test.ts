import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, waitForCrawl, waitForKnowledge, type ApiClient } from '../support/api-client.js';
import { indexedChunks } from '../support/indexed-chunks.js';
import { startStaticSite, type StaticSite } from '../support/static-site.js';
import { chatVisitor } from '../support/visitor.js';

const { apiUrl, config, env } = inject('runtime');

/** A small cleaning company's site: every page has the same menu, cookie banner and footer with the contact details. */
const layout = (title: string, body: string) => `<!doctype html><html><head><title>${title} | Brightside Cleaning</title></head><body>
<div id="cookie-consent">We use cookies to improve your experience. <button>Accept all</button></div>
<header><a href="/">Brightside</a><nav><ul><li><a href="/">Home</a></li><li><a href="/pricing">Pricing</a></li><li><a href="/faq">FAQ</a></li></ul></nav></header>
<section class="hero"><div class="container">${body}</div></section>
<footer><div class="footer-grid">
  <div><h3>Quick links</h3><ul><li><a href="/pricing">Pricing</a></li><li><a href="/faq">FAQ</a></li></ul></div>
  <div><h3>Contact us</h3><ul class="contact-info">
    <li><i class="fa fa-map"></i> 27 Orchard Street, Leeds LS1 4AP</li>
    <li><i class="fa fa-phone"></i> <a href="tel:+441134960321">0113 496 0321</a></li>
    <li><a href="mailto:hello@brightside.example">hello@brightside.example</a></li>
    <li>Mon-Fri 8am - 6pm, Sat 9am - 1pm</li>
  </ul></div>
</div><p>&copy; Brightside Cleaning</p></footer></body></html>`;

const pages = {
  '/': layout('Home', `<h1>Spotless homes across Leeds</h1><p>Family-run domestic cleaning since 2011.</p>
    <div class="services-grid">
      <div class="card"><h3>Oven cleaning</h3><p>We strip and degrease your oven, racks and hob.</p></div>
      <div class="card"><h3>End of tenancy</h3><p>A deep clean that gets your deposit back, landlord-ready.</p></div>
    </div>`),
  '/pricing': layout('Pricing', `<h2>Our prices</h2><div class="pricing-grid">
      <div class="pricing-card"><div class="pricing-header"><h3>Essential</h3><div class="price">£65<span>/visit</span></div></div><ul><li>Up to 2 hours</li><li>Kitchen and bathroom</li></ul></div>
      <div class="pricing-card"><div class="pricing-header"><h3>Complete</h3><div class="price">£95<span>/visit</span></div></div><ul><li>Up to 4 hours</li><li>Every room</li><li>Inside windows</li></ul></div>
    </div>`),
  '/faq': layout('FAQ', `<h2>Frequently asked questions</h2><div class="accordion">
      <button class="accordion-item">Do I need to be home during the clean?</button>
      <div class="panel"><p>No. Many customers leave a key in our lockbox and we text when we are done.</p></div>
      <button class="accordion-item">Do you bring your own supplies?</button>
      <div class="panel"><p>Yes, our team brings every product and vacuum, all eco-certified.</p></div>
    </div>`),
};

describe('answers a business can trust (offline responder, crawled site)', () => {
  let site: StaticSite;
  let owner: ApiClient;
  let chatbotId: string;
  const ask = async (message: string) => (await chatVisitor(apiUrl, chatbotId).ask(message)).body as { message: string; sources: { title: string; url: string }[] };

  beforeAll(async () => {
    site = await startStaticSite(pages);
    owner = apiClient(apiUrl, (await signUpAndSignIn(config, 'Brightside Cleaning')).idToken);
    chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id as string;
    await waitForCrawl(owner, chatbotId);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('keeps cards, price boxes and accordion questions; the footer contact block once; no menus or cookie banner', async () => {
    const chunks = await indexedChunks(env, chatbotId);
    const all = chunks.map((chunk) => `${chunk.heading ?? ''}\n${chunk.text}`).join('\n---\n');
    expect(all).toContain('£65/visit');
    expect(all).toContain('£95/visit');
    expect(chunks.find((chunk) => chunk.heading?.endsWith('Do I need to be home during the clean?'))?.text).toMatch(/lockbox/);
    expect(chunks.find((chunk) => chunk.heading?.endsWith('Oven cleaning'))?.text).toMatch(/degrease/);
    expect(chunks.filter((chunk) => chunk.text.includes('27 Orchard Street'))).toHaveLength(1);
    expect(all).not.toMatch(/cookies|Accept all|Quick links\n- Pricing/);
  });

  it('answers where it is, its phone number and its hours from the footer, citing the page by title', async () => {
    const where = await ask('Where are you located?');
    expect(where.message).toContain('27 Orchard Street');
    expect(where.message).toMatch(/More details: \[[^\]]+\]\(http/);
    expect(where.message).not.toMatch(/More details: http/);
    expect((await ask("What's your phone number?")).message).toContain('0113 496 0321');
    expect((await ask('When are you open on Saturday?')).message).toMatch(/Sat 9am - 1pm/);
    expect((await ask('What is your email?')).message).toContain('hello@brightside.example');
  });

  it('answers a price question with the amount, naming the option asked for, and cites "Pricing"', async () => {
    const complete = await ask('How much does the complete clean cost?');
    expect(complete.message).toMatch(/Complete:\s+£95\/visit/);
    expect(complete.message).not.toContain('£65');
    expect(complete.sources[0]).toMatchObject({ title: 'Pricing', url: `${site.url}/pricing` });
    const cheapest = await ask("What's your cheapest option?");
    expect(cheapest.message).toMatch(/Essential:\s+£65\/visit/);
  });

  it("answers an accordion FAQ with its answer, not the question again", async () => {
    const { message } = await ask('Do I have to be home when you clean?');
    expect(message).toMatch(/lockbox/);
    expect(message).not.toContain('Do I need to be home during the clean?');
  });

  it('refuses what the site does not say, and a price question when no price answers it', async () => {
    const fallback = "I'm not sure I understand. Could you please rephrase that?";
    expect((await ask('Do you clean boats or yachts?')).message).toBe(fallback);
    expect((await ask('How much is carpet shampooing?')).message).toBe(fallback);
  });

  it("the owner's own knowledge outranks the website on the same topic", async () => {
    const entry = await owner.post('/knowledge', {
      title: 'Oven cleaning offer',
      content: 'Oven cleaning is half price for returning customers this spring.',
      type: 'context',
      chatbot_id: chatbotId,
    });
    expect(entry.status).toBe(201);
    await waitForKnowledge(owner, chatbotId);
    expect((await ask('Tell me about oven cleaning')).message).toMatch(/half price for returning customers/);
  });
});
