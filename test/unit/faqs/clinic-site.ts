import { extractPage } from '../../../functions/core/crawl/extract-page.js';
import type { FaqSourcePage } from '../../../functions/core/knowledge/faqs/faq.js';

/**
 * A small dental practice's website as HTML, read by the crawler's own page extraction, so the FAQ
 * extractor sees the markdown it sees in production. Three ways of writing an FAQ appear: question
 * headings, bold question lines, and "Q:/A:" paragraphs; the other pages have plain headings,
 * a table and a long paragraph.
 */
const layout = (title: string, body: string) => `<!doctype html><html><head><title>${title} | Lakeside Dental</title></head>
<body><header><nav><a href="/">Home</a><a href="/faq">FAQ</a><a href="/contact">Contact</a></nav></header>
<main>${body}</main>
<footer><h2>Follow us</h2><p>Instagram and Facebook.</p></footer></body></html>`;

const html: Record<string, string> = {
  '/': layout(
    'Family dentistry in Duluth',
    `<h1>Gentle dentistry for the whole family</h1>
<p>Lakeside Dental is a family dental practice on Superior Street in Duluth, Minnesota. Dr. Hannah Berg and her team have looked after patients of every age since 2011.</p>
<h2>Opening hours</h2>
<p>We are open Monday to Thursday from 8 am to 6 pm and on Friday from 8 am to 1 pm. The practice is closed at weekends and on public holidays.</p>
<h2>Emergency appointments</h2>
<p>If you are in pain, call before 10 am and we will see you the same day. Outside opening hours our answering service gives the number of the on-call dentist.</p>`,
  ),
  '/faq': layout(
    'Frequently asked questions',
    `<h1>Frequently asked questions</h1>
<h2>Appointments</h2>
<h3>How often should I have a check-up?</h3>
<p>Most adults need a check-up every six months. Patients with gum disease may need one every three months.</p>
<h3>What happens if I miss an appointment?</h3>
<p>Please give us 24 hours of notice. Missed appointments without notice are charged $40.</p>
<h2>Payment</h2>
<p><strong>Do you accept insurance?</strong></p>
<p>Yes. We accept Delta Dental, HealthPartners and Blue Cross plans, and we file the claim for you.</p>
<p><strong>Can I pay in instalments?</strong></p>
<p>Treatment over $500 can be paid in three monthly instalments without interest.</p>
<h2>Children</h2>
<p>Q: At what age should my child first see a dentist?</p>
<p>A: By their first birthday, or six months after the first tooth appears.</p>`,
  ),
  '/services': layout(
    'Our services',
    `<h1>Our services</h1>
<h2>Teeth whitening</h2>
<p>Our in-office whitening takes one visit of about ninety minutes and lightens teeth by several shades. A take-home kit with custom trays is also available.</p>
<h2>Prices</h2>
<table><tr><th>Treatment</th><th>Price</th></tr><tr><td>Check-up</td><td>$85</td></tr><tr><td>Whitening</td><td>$350</td></tr></table>
<h2>Dental implants</h2>
<p>${Array.from({ length: 12 }, (_, i) => `Implant step ${i + 1} of our process is explained to every patient in detail before treatment begins.`).join(' ')}</p>`,
  ),
  '/contact': layout(
    'Contact',
    `<h1>Contact us</h1>
<p>Lakeside Dental, 1402 East Superior Street, Duluth, MN 55805. Phone (218) 555-0199.</p>
<form><label>Your message <textarea></textarea></label></form>`,
  ),
};

export const clinicPages: FaqSourcePage[] = Object.entries(html).map(([path, page]) => {
  const url = `https://lakeside-dental.example${path}`;
  const extracted = extractPage(page, url);
  return { url, title: extracted.title, text: extracted.text };
});

/** Every page's readable text in one line, to check that answers are the site's own words. */
export const clinicText = clinicPages.map((p) => p.text.replace(/\s+/g, ' ')).join(' ');
