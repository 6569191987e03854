import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../functions/core/crawl/extract-page.js';

/** A cleaning company's home page whose booking form is the only place naming its move-out service. */
const page = `<!doctype html><html><head><title>Sparkle Cleaning</title></head><body><main>
<h1>Sparkle Cleaning</h1>
<section id="book"><h2>Book a clean</h2><p>Tell us what you need and we reply within the hour.</p>
<form class="booking-form">
  <label for="name">Full name</label><input id="name">
  <label for="service">Service Type</label>
  <select id="service"><option value="">Select a Service</option><option value="home">Home Cleaning</option><option value="move">Move In/Out Cleaning</option><option value="oven">Oven Cleaning</option></select>
  <label>Country <select name="country"><option>United Kingdom</option><option>Ireland</option><option>France</option></select></label>
  <label for="rooms">Number of rooms</label><select id="rooms"><option>1 room</option><option>2 rooms</option><option>3+ rooms</option></select>
  <select name="heard" aria-label="How did you hear about us?"><option>Google</option><option>A friend</option></select>
  <button>Request a quote</button>
</form></section>
</main></body></html>`;

describe('a form drop-down of services', () => {
  it('is kept as a list headed by its label, where the form was', () => {
    const { text } = extractPage(page, 'https://sparkle.example/');
    expect(text).toContain('Tell us what you need and we reply within the hour.\n\n### Service Type\n\n- Home Cleaning\n- Move In/Out Cleaning\n- Oven Cleaning');
    // The prompt is no service, and the form's other fields are no knowledge.
    expect(text).not.toMatch(/Select a Service|Full name|Request a quote/);
  });

  it('is labelled by its prompt when it has no label', () => {
    const unlabelled = page.replace('<label for="service">Service Type</label>', '');
    expect(extractPage(unlabelled, 'https://sparkle.example/').text).toContain('### Service\n\n- Home Cleaning');
  });

  it('leaves out drop-downs of countries, quantities and anything not offered', () => {
    const { text } = extractPage(page, 'https://sparkle.example/');
    expect(text).not.toMatch(/Ireland|2 rooms|Number of rooms|Google|hear about/);
  });
});

describe('radio buttons and choices of people, insurers and payment', () => {
  // A made-up physiotherapy practice in Nairobi whose booking form is the only place naming these.
  const html = `<html><body><h1>Book a session</h1><form>
    <h6>Preferred physio specialist</h6>
    <label><input type="radio" name="who" value="a"> Wanjiru Kamau <span>(Sports injuries)</span></label>
    <label><input type="radio" name="who" value="b"> Otieno Odhiambo <span>(Back pain)</span></label>
    <label class="form-label">Payment</label>
    <input type="radio" id="p1" name="pay"><label for="p1">M-Pesa</label>
    <input type="radio" id="p2" name="pay"><label for="p2">Visa card</label>
    <h6>Preferred time</h6>
    <label><input type="radio" name="time"> 09:00</label><label><input type="radio" name="time"> 14:00</label>
    <h6>Gender</h6>
    <label><input type="radio" name="g"> Female</label><label><input type="radio" name="g"> Male</label>
    <label>Insurer <select><option selected disabled>Select an insurer</option><option>Jubilee</option><option>Britam</option></select></label>
  </form></body></html>`;

  it('lists the practitioners, the ways to pay and the insurers, not times or other fields', () => {
    const { text } = extractPage(html, 'https://physio.example.ke/book');
    expect(text).toMatch(/Preferred physio specialist\n\n- Wanjiru Kamau \(Sports injuries\)\n- Otieno Odhiambo \(Back pain\)/);
    expect(text).toMatch(/Payment\n\n- M-Pesa\n- Visa card/);
    expect(text).toMatch(/Insurer\n\n- Jubilee\n- Britam/);
    expect(text).not.toContain('09:00');
    expect(text).not.toContain('Female');
  });
});
