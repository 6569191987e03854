import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../../functions/core/chat/offline-responder.js';
import { chunkDocuments } from '../../../functions/core/knowledge/chunk.js';
import { SITE_DETAILS_TITLE, siteDetailsDocumentId, type KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';
import { withSiteWords } from '../../../functions/core/knowledge/question-phrases.js';
import { buildSearchIndex, questionTermWeights, searchIndex } from '../../../functions/core/knowledge/search-index.js';

/**
 * A dental practice's site as the crawler writes it, worded the way such sites are: team cards whose
 * role is in italics or not named at all, a guarantee of "24-month", hours by day. Visitors ask in
 * their own words, and the offline answer must still carry the fact.
 */
const page = (path: string, title: string, text: string): KnowledgeDocument => ({
  id: `https://brightsmile.example/${path}`,
  source: 'page',
  title,
  url: `https://brightsmile.example/${path}`,
  text,
});

const site: KnowledgeDocument[] = [
  page('team', 'Our team | Bright Smile Dental', `# Meet the team

## Dr Nadia Rahman

Implants and crowns

Nadia places all of our implants and has done so since 2014.

## Gail Porter

_Practice Manager_

Gail looks after invoices, payment plans and insurance claims.`),
  page('faq', 'FAQ | Bright Smile Dental', `# Questions

### Is treatment guaranteed?

Fillings and crowns come with a 24-month guarantee.

### Do you see children?

Yes, from their first tooth.`),
  page('visit', 'Visit | Bright Smile Dental', `# Visit us

## Opening hours

- Monday to Thursday: 8am – 6pm
- Friday: 8am – 4pm
- Saturday: 9am – 1pm
- Sunday: closed

## Out of hours

For a dental emergency when we are closed, go to Harbour Urgent Dental Care, 40 Quay Street, Leeds LS1 4AB, or call them on 0113 496 0999.`),
  page('fees', 'Fees | Bright Smile Dental', `# Fees

## Examinations

- Adult examination £45
- Children's examination £20
- Hygienist visit £55

## Whitening

- Home whitening kit £250

## Crowns

- Porcelain crown from £450`),
  // The header and footer every page repeats, kept once (rebuild-index.ts).
  {
    id: siteDetailsDocumentId('https://brightsmile.example'),
    source: 'page',
    title: SITE_DETAILS_TITLE,
    url: 'https://brightsmile.example/',
    text: '## Bright Smile Dental\n\n12 Mill Road, Leeds LS6 2QT\n\n0113 496 0555 | hello@brightsmile.example',
  },
];

/** As the chat engine asks at the default strictness (7). */
function ask(message: string) {
  const question = withSiteWords(message);
  const index = buildSearchIndex(chunkDocuments(site));
  return offlineAnswer(question, { passages: searchIndex(index, question, 8), termWeights: questionTermWeights(index, question) }, 7, 'Bright Smile Dental');
}

describe('offline answers to questions worded unlike the site', () => {
  it('names the team member whose card says what they do, though the card names no role', () => {
    expect(ask('Who does the implants?').answer).toContain('Nadia Rahman');
  });

  it('names the team member whose role the card sets in italics', () => {
    expect(ask('Who should I ask about an invoice?').answer).toContain('Gail Porter');
  });

  it('answers "how long" with a length written with a hyphen ("24-month")', () => {
    expect(ask('How long is the guarantee on a crown?').answer).toContain('24-month');
  });

  it("answers where the practice is and its number with its own details, not those of a place a page refers to", () => {
    expect(ask('Where is the practice?').answer).toContain('12 Mill Road');
    expect(ask('What number do I call to book?').answer).toContain('0113 496 0555');
  });

  it('answers with the other place when the question names it', () => {
    expect(ask("What's the number for urgent dental care?").answer).toContain('0113 496 0999');
  });

  it("answers a price asked in other forms of the site's words with that row's price, not every option's", () => {
    const { answer } = ask("What do you charge for a child's exam?");
    expect(answer).toContain("Children's examination £20");
    expect(answer).not.toContain('£250');
  });

  it('answers an hours question about part of a day with the hours', () => {
    expect(ask('Are you open Saturday mornings?').answer).toContain('Saturday: 9am – 1pm');
  });
});
