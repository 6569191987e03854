import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../../functions/core/chat/offline-responder.js';
import { sourceLink, sourceTitle } from '../../../functions/core/chat/source-link.js';
import { chunkDocuments } from '../../../functions/core/knowledge/chunk.js';
import { SITE_DETAILS_TITLE, siteDetailsDocumentId, type KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';
import { withSiteWords } from '../../../functions/core/knowledge/question-phrases.js';
import { buildSearchIndex, questionTermWeights, searchIndex } from '../../../functions/core/knowledge/search-index.js';

/** A cleaning company's site as the crawler writes it: markdown with headings, one document per page. */
const homePage: KnowledgeDocument = {
  id: 'https://acme-clean.example/',
  source: 'page',
  title: 'Acme Cleaning | Home and office cleaning in Leeds',
  url: 'https://acme-clean.example/',
  text: `# Acme Cleaning

Friendly, insured cleaners for homes and offices in Leeds.

## Areas we cover

We clean homes and offices in Leeds, Headingley, Horsforth and Otley.

## Contact us

Acme Cleaning, 27 Kirkgate, Leeds LS2 7DJ

Phone: 0113 496 0321

Email: hello@acme-clean.example`,
};

const pricingPage: KnowledgeDocument = {
  id: 'https://acme-clean.example/pricing',
  source: 'page',
  title: 'Pricing | Acme',
  url: 'https://acme-clean.example/pricing',
  text: `# Pricing

All prices include products and equipment.

## Home cleaning packages

### Basic

$90 per visit

- Kitchen wipe-down
- Bathrooms
- Vacuuming and mopping

### Standard

$140 per visit

- Everything in Basic
- Inside the fridge
- Changing bed linen

### Premium

$210 per visit

- Everything in Standard
- Inside the oven
- Interior windows`,
};

const faqPage: KnowledgeDocument = {
  id: 'https://acme-clean.example/faq',
  source: 'page',
  title: 'FAQ | Acme',
  url: 'https://acme-clean.example/faq',
  text: `# Frequently asked questions

#### Do I need to be home during the clean?

No. Most clients give us a key or a lockbox code, and we lock up when we leave.

#### Do you bring your own supplies?

Yes. We bring eco-friendly products, microfibre cloths and a vacuum cleaner.

#### What should I do before you arrive?

A few things help us do a great job:

- Tidy away clothes and toys
- Secure any pets
- Leave parking instructions

#### Can I cancel a booking?

Yes, you can cancel without a fee up to 24 hours before the clean.`,
};

const site = [homePage, pricingPage, faqPage];

/** What the chat engine does: reword everyday phrases, search the index, weigh the question's terms, answer offline. */
function ask(message: string, strictnessLevel = 5, documents: KnowledgeDocument[] = site, businessName = 'Acme Cleaning') {
  const question = withSiteWords(message);
  const index = buildSearchIndex(chunkDocuments(documents));
  return offlineAnswer(question, { passages: searchIndex(index, question, 5), termWeights: questionTermWeights(index, question) }, strictnessLevel, businessName);
}

/** The answer without its "More details" link line. */
const body = (answer: string | undefined) => (answer ?? '').split('\n\nMore details:')[0]!;

/** A crawled page of the knowledge. */
const pageAt = (url: string, title: string, text: string): KnowledgeDocument => ({ id: url, source: 'page', title, url, text });

describe('offlineAnswer: prices', () => {
  it("answers a price question naming an option with that option's price, and names it", () => {
    const { answer } = ask('How much is the Premium package?');
    expect(body(answer)).toContain('Premium');
    expect(body(answer)).toContain('$210');
    expect(body(answer)).not.toContain('$90');
    expect(body(answer)).not.toContain('$140');
  });

  it('answers another option with its own price', () => {
    const { answer } = ask('How much does a Standard clean cost?');
    expect(body(answer)).toContain('Standard');
    expect(body(answer)).toContain('$140');
    expect(body(answer)).not.toContain('$210');
  });

  it("lists every option's price, each with its name, when the question names none", () => {
    for (const question of ['What are your prices?', 'How much is your cheapest package?']) {
      const lines = body(ask(question).answer).split('\n');
      expect(lines.find((line) => line.includes('Basic'))).toContain('$90');
      expect(lines.find((line) => line.includes('Standard'))).toContain('$140');
      expect(lines.find((line) => line.includes('Premium'))).toContain('$210');
    }
  });

  it('reads "regular" as a judgement of the clean, not as an option the prices must name', () => {
    const visits: KnowledgeDocument = {
      id: 'https://acme-clean.example/visits',
      source: 'page',
      title: 'Visits | Acme',
      url: 'https://acme-clean.example/visits',
      text: '# Regular visits\n\nRegular weekly or fortnightly visits keep a home tidy between deep cleans.',
    };
    const lines = body(ask('What do you charge for a regular clean?', 7, [...site, visits]).answer).split('\n');
    expect(lines.find((line) => line.includes('Standard'))).toContain('$140');
  });

  it('gives no answer (the fallback) to a price question when no passage states a price', () => {
    const result = ask('How much does a deep clean cost?', 5, [homePage, faqPage]);
    expect(result.answer).toBeUndefined();
    expect(result.sources).toEqual([]);
  });
});

describe('offlineAnswer: FAQs and lists', () => {
  it('answers with the FAQ answer and never repeats the question', () => {
    const { answer } = ask('Do I need to be home during the clean?');
    expect(body(answer)).toContain('Most clients give us a key or a lockbox code');
    expect(answer).not.toContain('Do I need to be home');
    expect(answer).not.toContain('?');
  });

  it('keeps list items on their own lines', () => {
    const lines = body(ask('What should I do before you arrive?').answer).split('\n');
    expect(lines).toContain('- Tidy away clothes and toys');
    expect(lines).toContain('- Secure any pets');
    expect(lines).toContain('- Leave parking instructions');
  });
});

describe('offlineAnswer: the site asks the same question', () => {
  it('answers with its FAQ answer even when the question seemed to ask for another kind of fact', () => {
    const faq: KnowledgeDocument = {
      id: 'https://acme-clean.example/privacy',
      source: 'page',
      title: 'Privacy | Acme',
      url: 'https://acme-clean.example/privacy',
      text: '# Your data\n\n#### Where is my data stored?\n\nAll customer data is hosted in Frankfurt, Germany, and never leaves the EU.',
    };
    expect(body(ask('Where is our data stored?', 7, [...site, faq]).answer)).toContain('Frankfurt');
  });
});

describe('offlineAnswer: contact details', () => {
  it("answers \"What's your phone number?\" with the number", () => {
    expect(body(ask("What's your phone number?").answer)).toContain('0113 496 0321');
  });

  it('answers "Where are you located?" with the address', () => {
    expect(body(ask('Where are you located?').answer)).toContain('27 Kirkgate, Leeds LS2 7DJ');
  });

  it('answers "Whereabouts are you?" with the address', () => {
    expect(body(ask('Whereabouts are you?').answer)).toContain('27 Kirkgate, Leeds LS2 7DJ');
  });
});

describe('offlineAnswer: numbers', () => {
  it('answers "how many" with the number said of the thing asked, not another number that covers the question as well', () => {
    const offer: KnowledgeDocument = {
      id: 'https://acme-clean.example/offer',
      source: 'page',
      title: 'Offer | Acme',
      url: 'https://acme-clean.example/offer',
      text: '# This week\n\nBook now and get 20% off your first booking.\n\nOur cleaners bring their own supplies.',
    };
    const team: KnowledgeDocument = {
      id: 'https://acme-clean.example/team',
      source: 'page',
      title: 'Team | Acme',
      url: 'https://acme-clean.example/team',
      text: '# Our people\n\nWe are a family business from Leeds, started in a spare room above a shop on Kirkgate with a van, a vacuum and a lot of hope. Today over 200 trained cleaners work with us across the city.',
    };
    expect(body(ask('How many cleaners do you have?', 7, [offer, team]).answer)).toContain('200');
    expect(body(ask('How many cleaners do you have?', 7, [team, offer]).answer)).toContain('200');
  });
});

describe('offlineAnswer: durations and counts', () => {
  const insurance: KnowledgeDocument = {
    id: 'https://acme-clean.example/insurance',
    source: 'page',
    title: 'Insurance | Acme',
    url: 'https://acme-clean.example/insurance',
    text: '# Insurance\n\nBring your policy number to your first visit.\n\nUnpaid invoices are due within 60 days.\n\nA first visit lasts 2 hours.',
  };

  it('answers with the number said of what is asked', () => {
    expect(body(ask('How long is the first visit?', 7, [insurance]).answer)).toContain('2 hours');
  });

  it('never answers with a number said of something else in the same passage', () => {
    const withoutLength: KnowledgeDocument = { ...insurance, text: insurance.text.replace('\n\nA first visit lasts 2 hours.', '') };
    expect(ask('How soon is the first visit?', 7, [withoutLength]).answer).toBeUndefined();
  });
});

describe('offlineAnswer: what the knowledge does not say', () => {
  it('gives no answer about a place the business never mentions', () => {
    for (const question of ['Do you deliver to Chicago?', 'Do you clean in Bradford?']) {
      expect(ask(question)).toEqual({ sources: [] });
    }
  });

  it('answers about a place it does mention', () => {
    expect(body(ask('Do you clean in Otley?').answer)).toContain('Otley');
  });

  it('answers when the site says an everyday word of the question otherwise ("people" for its cleaners)', () => {
    expect(body(ask('What do your people bring?', 7).answer)).toContain('eco-friendly products');
  });

  it('gives no answer when what a yes/no question asks about is unknown, however everyday its word', () => {
    // "bring" is on the FAQ page; a wife is not.
    expect(ask('Can I bring my wife?', 7)).toEqual({ sources: [] });
  });

  it('gives no answer to a question without meaningful words', () => {
    expect(ask('?').answer).toBeUndefined();
  });

  it('refuses a half-covered question at strictness 10 that strictness 1 answers', () => {
    const question = 'Do you clean carpets in Otley?';
    expect(ask(question, 10).answer).toBeUndefined();
    expect(body(ask(question, 1).answer)).toContain('Otley');
  });
});

describe('offlineAnswer: the source link', () => {
  const linkLine = /\n\nMore details: \[([^\]]+)\]\((https:\/\/[^)\s]+)\)$/;

  it('ends with a markdown link to the page, named by its title without the site name', () => {
    const result = ask('How much is the Premium package?');
    const [, label, url] = linkLine.exec(result.answer ?? '') ?? [];
    expect(label).toBe('Pricing');
    expect(url).toBe('https://acme-clean.example/pricing');
    expect(result.sources).toEqual([{ title: 'Pricing', url: 'https://acme-clean.example/pricing' }]);
  });

  it("names a home page's passage by its section, never by the bare host", () => {
    const result = ask("What's your phone number?");
    const [, label, url] = linkLine.exec(result.answer ?? '') ?? [];
    expect(url).toBe('https://acme-clean.example/');
    expect(label).toBe('Acme Cleaning');
    expect(result.answer).not.toMatch(/More details: (?:https?:\/\/)?acme-clean\.example/);
  });

  it('answers without a link when the passage has no page', () => {
    const entry: KnowledgeDocument = { id: 'entry-1', source: 'entry', title: 'Parking', text: '## Parking\n\nFree parking is available behind the shop on Vicar Lane.' };
    const result = ask('Where can I park?', 5, [entry]);
    expect(result.answer).toContain('Vicar Lane');
    expect(result.answer).not.toContain('More details');
    expect(result.sources).toEqual([]);
  });
});

describe('sourceTitle and sourceLink', () => {
  it('drops the site name from a page title, whichever separator it uses', () => {
    for (const title of ['Pricing | Acme', 'Pricing - Acme Cleaning', 'Pricing – Acme', 'Pricing · Acme']) {
      expect(sourceTitle({ documentId: 'page', title, url: 'https://acme-clean.example/pricing' })).toBe('Pricing');
    }
  });

  it('keeps a hyphenated title whole', () => {
    expect(sourceTitle({ documentId: 'page', title: 'Move-out cleaning', url: 'https://acme-clean.example/move-out' })).toBe('Move-out cleaning');
  });

  it("names a home page's passage by its section, another page by its title", () => {
    expect(sourceTitle({ documentId: 'page', title: 'Acme | Leeds cleaners', url: 'https://acme-clean.example/', heading: 'Opening hours > Holidays' })).toBe('Opening hours');
    expect(sourceTitle({ documentId: 'page', title: 'Acme | Leeds cleaners', url: 'https://acme-clean.example/index.html', heading: 'Opening hours' })).toBe('Opening hours');
    expect(sourceTitle({ documentId: 'page', title: 'Team | Acme', url: 'https://acme-clean.example/team', heading: 'Maria' })).toBe('Team');
  });

  it("names the site's contact details block by its own title, not the home page's section", () => {
    expect(sourceTitle({ documentId: 'site:https://acme-clean.example', title: 'Contact details', url: 'https://acme-clean.example/', heading: 'Visit us' })).toBe(
      'Contact details',
    );
  });

  it('has a name for a page without a title', () => {
    expect(sourceTitle({ documentId: 'page', title: '', url: 'https://acme-clean.example/x' })).not.toBe('');
  });

  it('writes a markdown link whose label cannot break it', () => {
    expect(sourceLink('Pricing', 'https://acme-clean.example/pricing')).toBe('[Pricing](https://acme-clean.example/pricing)');
    expect(sourceLink('Offers [2024]', 'https://acme-clean.example/offers')).toBe('[Offers 2024](https://acme-clean.example/offers)');
  });
});

/** A small team page and a reviews section: names with roles, and names of customers. */
const teamPage: KnowledgeDocument = {
  id: 'https://acme-clean.example/about',
  source: 'page',
  title: 'About | Acme',
  url: 'https://acme-clean.example/about',
  text: `# About Acme

## Meet the team

### Grace Ndlovu

Founder and Managing Director

### Tomasz Wiśniewski

Quality Supervisor

## What our customers say

### Linda Carter

Office Manager, Carter & Sons

"Spotless every week, and always on time."

## Our promise

No hidden fees: the price we quote is the price you pay.`,
};

describe('offlineAnswer: people', () => {
  it('answers "who" with the person whose role the site gives', () => {
    expect(body(ask('Who supervises the cleaners?', 7, [...site, teamPage]).answer)).toMatch(/Tomasz Wiśniewski/);
    expect(body(ask('Who founded Acme?', 7, [...site, teamPage]).answer)).toMatch(/Grace Ndlovu/);
  });

  it('answers "who runs" the business by its name with the person the site names first', () => {
    expect(body(ask('Who runs Acme Cleaning?', 7, [...site, teamPage]).answer)).toMatch(/Grace Ndlovu/);
  });

  it("never answers \"who\" with a reviewer's name", () => {
    const reviewsOnly: KnowledgeDocument = { ...teamPage, text: teamPage.text.replace(/## Meet the team[\s\S]*?(?=## What our)/, '') };
    expect(ask('Who owns Acme?', 7, [...site, reviewsOnly]).answer).toBeUndefined();
  });
});

describe('offlineAnswer: yes/no questions and contact details asked in other words', () => {
  it('answers "Are there any extra fees?" from a passage without an amount', () => {
    expect(body(ask('Are there any extra fees?', 7, [...site, teamPage]).answer)).toMatch(/no hidden fees/i);
  });

  it('still needs an amount for "How much...?"', () => {
    expect(ask('How much are the extra fees?', 7, [homePage, teamPage]).answer).toBeUndefined();
  });

  it('answers the e-mail address, not the postal address, for "What is your email address?"', () => {
    expect(body(ask('What is your email address?', 7).answer)).toMatch(/hello@acme-clean\.example/);
  });

  it('answers a contact question whatever its other words', () => {
    expect(body(ask("What's the best email to reach you on?", 7).answer)).toMatch(/hello@acme-clean\.example/);
  });
});

describe('offlineAnswer: a message that sets the scene before it asks', () => {
  it('answers the asking sentence, whatever the story around it', () => {
    const { answer } = ask('We just moved into a big old farmhouse with three dogs. Can I cancel a booking?');
    expect(body(answer)).toContain('24 hours');
  });

  it('still refuses when the asking sentence itself is not answered', () => {
    expect(ask('We love your cleaners. Do you repair roofs?').answer).toBeUndefined();
  });
});

describe('offlineAnswer: discounts', () => {
  it('does not take a price for a discount', () => {
    expect(ask('Is there a discount for pensioners?').answer).toBeUndefined();
  });

  it('answers a discount question with the price reduction the site states', () => {
    const offers: KnowledgeDocument = {
      id: 'https://acme-clean.example/offers',
      source: 'page',
      title: 'Offers | Acme',
      url: 'https://acme-clean.example/offers',
      text: '# Offers\n\n## For new clients\n\nBook before June and get 20% off your first clean.',
    };
    expect(body(ask('Is there a deal for first-time clients?', 5, [...site, offers]).answer)).toContain('20% off');
  });
});

describe('offlineAnswer: the lines of a long passage', () => {
  it('answers with the line naming what was asked, not the lines every row shares', () => {
    const hours: KnowledgeDocument = {
      id: 'https://bistro.example/',
      source: 'page',
      title: 'Bistro',
      url: 'https://bistro.example/',
      text: `# Opening hours

We cook with what the farms around us bring in each week, so our menus follow the seasons and change often.

Tuesday: dinner from 5:00 pm to 9:30 pm, last orders at 9:00 pm
Wednesday: dinner from 5:00 pm to 9:30 pm, last orders at 9:00 pm
Thursday: dinner from 5:00 pm to 9:30 pm, last orders at 9:00 pm
Friday: lunch from 11:30 am to 2:30 pm and dinner from 5:00 pm to 10:30 pm
Saturday: brunch from 10:00 am and dinner from 5:00 pm to 10:30 pm
Sunday: brunch only, from 10:00 am to 3:00 pm
Monday: closed`,
    };
    const answer = body(ask('Do you do dinner on Sundays?', 5, [hours], 'Bistro').answer);
    expect(answer).toContain('Sunday: brunch only, from 10:00 am to 3:00 pm');
  });
});

describe('offlineAnswer: how many', () => {
  const plans: KnowledgeDocument = {
    id: 'https://desk.example/pricing',
    source: 'page',
    title: 'Pricing',
    url: 'https://desk.example/pricing',
    text: '# Pricing\n\n## Team\n\n$39/month\n\n- 5 agents included\n- Help center (1 site)\n- Up to 40 guests at events',
  };
  const features: KnowledgeDocument = {
    id: 'https://desk.example/',
    source: 'page',
    title: 'Desk',
    url: 'https://desk.example/',
    text: '# Desk\n\n## Help center\n\nPublish articles on your own help center and let customers help themselves.\n\n## Inbox\n\nEvery conversation in one place.',
  };

  it('answers with a number said of the thing counted', () => {
    expect(body(ask('How many agents are included in the Team plan?', 5, [plans], 'Desk').answer)).toContain('5 agents');
    expect(body(ask('How many people fit at your events?', 5, [plans], 'Desk').answer)).toContain('40 guests');
  });

  it('refuses when the number is said of another word of the question', () => {
    expect(ask('How many help-center articles can I publish on the Team plan?', 5, [plans, features], 'Desk').answer).toBeUndefined();
  });
});

describe('offlineAnswer: the same thing in other words', () => {
  const services: KnowledgeDocument = {
    id: 'https://acme-clean.example/services',
    source: 'page',
    title: 'Services | Acme',
    url: 'https://acme-clean.example/services',
    text: `# Services

## Regular cleaning

Weekly, bi-weekly or monthly visits, on the same day each time.

## Move-in/Move-out cleaning

A top-to-bottom clean for an empty home, before you hand back the keys or settle into a new one.

## Our promise

Not completely satisfied? Tell us within 24 hours and we'll re-clean at no charge.

## Move-in/Move-out package

$260 per visit

- Inside all cabinets and drawers
- Inside the oven and fridge
- Skirting boards and light switches`,
  };

  it('answers "every two weeks" from a site that says "bi-weekly"', () => {
    expect(body(ask('Can you come every two weeks?', 5, [services]).answer)).toContain('bi-weekly');
  });

  it('answers "redo" from a site that says "re-clean", and "not happy" from "not satisfied"', () => {
    expect(body(ask("Will you redo it if I'm not happy?", 5, [services]).answer)).toContain("we'll re-clean");
    expect(body(ask("What if the job isn't done properly?", 5, [services]).answer)).toContain("we'll re-clean");
  });

  it('answers an end-of-tenancy question with the move-out clean', () => {
    expect(body(ask('Do you do end-of-tenancy cleans?', 5, [services]).answer)).toMatch(/move-out/i);
  });

  it("answers what is included with the list of what is included, not the service's one-line description", () => {
    const answer = body(ask("What's included in the move-out clean?", 5, [services]).answer);
    expect(answer).toContain('- Inside all cabinets and drawers');
    expect(answer).not.toContain('top-to-bottom');
  });
});

describe('offlineAnswer: countries', () => {
  const international: KnowledgeDocument = {
    id: 'https://acme-clean.example/about-us',
    source: 'page',
    title: 'About us | Acme',
    url: 'https://acme-clean.example/about-us',
    text: `# About us

## Where we work

Insured, trained cleaners for homes and offices in the UK and Ireland.

## Reviews

### Maria Lopez

Madrid, Spain

"The best clean our office has ever had."`,
  };

  it('answers "Which countries do you operate in?" with the countries the business names, never a reviewer\'s', () => {
    const answer = body(ask('Which countries do you operate in?', 5, [international]).answer);
    expect(answer).toContain('the UK and Ireland');
    expect(answer).not.toContain('Spain');
  });

  it('answers no country question from a review alone', () => {
    const reviewsOnly: KnowledgeDocument = { ...international, text: international.text.replace(/## Where we work[\s\S]*?(?=## Reviews)/, '') };
    expect(ask('Which countries do you cover?', 5, [reviewsOnly]).answer).toBeUndefined();
  });
});

describe('offlineAnswer: abbreviations', () => {
  it('answers "company registration number" from "company no."', () => {
    const footer: KnowledgeDocument = {
      id: 'https://acme-clean.example/legal',
      source: 'page',
      title: 'Legal | Acme',
      url: 'https://acme-clean.example/legal',
      text: '# Legal\n\nAcme Cleaning Ltd, registered in England and Wales, company no. 08455120. VAT applies to every price.',
    };
    expect(body(ask("What's your company registration number?", 5, [...site, footer]).answer)).toContain('08455120');
  });
});

describe('offlineAnswer: the lines of a staff card', () => {
  const team: KnowledgeDocument = {
    id: 'https://clinic.example/team',
    source: 'page',
    title: 'Team | Riverside Clinic',
    url: 'https://clinic.example/team',
    text: `# Meet the team

## Amara Osei

Sports Physiotherapist

MSc Sports Physiotherapy, HCPC registered, member of the sports medicine association

Amara treats runners, cyclists and footballers coming back from injury, and writes every patient a home plan.

Her clinics run on Mondays and Fridays.

Tom Hale

Massage Therapist

Tom spent ten years with a county cricket club and now works at the clinic three mornings a week.`,
  };

  it('answers "which days" with the line naming the days, beside the line about what was asked', () => {
    const answer = body(ask('Which days does your sports physiotherapist work?', 5, [team], 'Riverside Clinic').answer);
    expect(answer).toContain('Her clinics run on Mondays and Fridays.');
    expect(answer).toContain('Sports Physiotherapist');
  });
});

describe('offlineAnswer: everyday verbs', () => {
  it('answers "arrive" from a site that says "come"', () => {
    const visit: KnowledgeDocument = {
      id: 'https://acme-clean.example/visit',
      source: 'page',
      title: 'Your visit | Acme',
      url: 'https://acme-clean.example/visit',
      text: '# On the day\n\nOur cleaners come with their own vacuum, mops and eco-friendly products.',
    };
    expect(body(ask('Will your cleaners arrive with a vacuum?', 5, [homePage, visit]).answer)).toContain('come with their own vacuum');
  });
});

describe('offlineAnswer: figures with their labels', () => {
  const stats: KnowledgeDocument = {
    id: 'https://acme-clean.example/why-us',
    source: 'page',
    title: 'Why us | Acme',
    url: 'https://acme-clean.example/why-us',
    text: '# Why choose Acme\n\nEco-friendly products, insured visits and a team that turns up on time.\n\n1200+\n\nHomes cleaned\n\n45\n\nTrained professionals\n\n4.9★\n\nAverage rating',
  };

  it('answers "How many cleaners" with the figure of the staff, its label beside it', () => {
    const answer = body(ask('How many cleaners do you have?', 5, [homePage, stats]).answer);
    expect(answer).toContain('45 Trained professionals');
    expect(answer).toContain('1200+ Homes cleaned');
  });
});

describe('offlineAnswer: what a yes/no question names last', () => {
  const plumbing: KnowledgeDocument = {
    id: 'https://plumb.example/services',
    source: 'page',
    title: 'Services | Plumb',
    url: 'https://plumb.example/services',
    text: '# Services\n\n## Water heaters\n\nWe install tank water heaters and tankless heaters, usually the same day.\n\n## Drains\n\nBlocked sinks, tubs and toilets cleared with a camera check.\n\n## Leaks\n\nDripping taps and burst pipes fixed, day or night.',
  };

  it('answers about the thing the site names, and gives no answer about one it never mentions', () => {
    expect(body(ask('Do you install water heaters?', 5, [homePage, plumbing], 'Plumb').answer)).toContain('tank water heaters');
    expect(ask('Do you install water softeners?', 5, [homePage, plumbing], 'Plumb').answer).toBeUndefined();
  });

  it('a lenient owner (strictness 1-3) still gets an answer from the related knowledge', () => {
    expect(body(ask('Do you install water softeners?', 2, [homePage, plumbing], 'Plumb').answer)).toContain('water heaters');
  });

  it('answers "Which towns do you cover?" with the areas the site covers', () => {
    expect(body(ask('Which towns do you cover?').answer)).toContain('Headingley, Horsforth and Otley');
  });
});

describe('offlineAnswer: a guest house answers what its guests ask in their own words', () => {
  const guestHouse = pageAt('https://harbour-bb.example/', 'Harbour B&B', `# A quiet harbourside bed & breakfast

## Good to know

Check-in: 3pm – 8pm

Check-out: by 10.30am

Minimum stay: 2 nights on Friday and Saturday, April to September

Children: welcome from age 8

### Booking & cancellation

We take a 30% deposit when you book. The balance is paid on arrival.

## Frequently asked questions

### What if we arrive after 8pm?

No problem – give us a ring on the day and we'll leave your key in the lockbox by the front door.

### Is there parking?

Yes: free parking on site, one space per room.

### How far is the beach?

The sands are a four-minute walk down the harbour steps.

## Reception

Monday – Saturday: 8am – 8pm. Sunday: 8am – 6pm.`);
  const rooms = pageAt('https://harbour-bb.example/rooms', 'Rooms | Harbour B&B', `# Our rooms

All rooms are en-suite with a hospitality tray. Prices include breakfast, and we're happy to keep your bags after check-out.

## Samphire

From £80 / night

A snug room for one on the first floor.

- Sleeps 1
- Shower room

Book this room

## Driftwood

From £115 / night

A calm room on the ground floor. No stairs from the car park to the door.

- Sleeps 2
- Walk-in shower

Book this room

## The Boathouse

From £175 / night

Our family suite across the courtyard, with its own front door.

- Sleeps 4 · double bed and bunk beds
- Shower room

Book this room`);
  const ask8 = (message: string) => body(ask(message, 7, [guestHouse, rooms], 'Harbour B&B').answer);

  it("answers with the site's rule when the guest gives their own time, month or number", () => {
    expect(ask8("We won't arrive until about 10pm. Is that OK?")).toContain('lockbox');
    expect(ask8('Can I book just one night on a Saturday in August?')).toContain('Minimum stay: 2 nights');
  });

  it('answers with the room that takes as many guests as the party, of rooms that all state a number', () => {
    expect(ask8("We're two adults and two kids. Which room should we book?")).toContain('The Boathouse');
  });

  it('answers "Is parking included?" with the parking line, not a room\'s list of what it includes', () => {
    const answer = ask8('Is parking included?');
    expect(answer).toContain('free parking on site');
    expect(answer).not.toContain('Sleeps');
  });

  it('answers a walk written "four-minute" as a length of time, and a deposit given as a share as what is paid', () => {
    expect(ask8('How long does it take to walk to the beach?')).toContain('four-minute walk');
    expect(ask8('How much do I have to pay when I book?')).toContain('30% deposit');
  });

  it('answers which room suits a guest by what the room is, not by the word "suite"', () => {
    expect(ask8("My mother can't manage stairs. Do you have a room that would suit her?")).toContain('No stairs');
  });

  it('gives no answer about a time of something the site never mentions, though it states opening times', () => {
    expect(ask('What time is happy hour?', 7, [guestHouse, rooms], 'Harbour B&B').answer).toBeUndefined();
    expect(ask8('Which evenings is reception open late?')).toContain('8am – 8pm');
  });
});

describe('offlineAnswer: a job title alone names no one', () => {
  const salon = pageAt('https://salon.example/', 'Salon', `# Prices

Prices depend on who you book with.

## Cut & Style

Curly cut — Stylist: £55; Senior Stylist: £62; Creative Director: £75.

# Meet the team

## Sam Okafor

Senior Stylist. Our curl specialist: dry cutting for curly and coily hair.`);

  it('answers "who" with the person, not the price list whose columns are titles', () => {
    expect(body(ask('Who should I book with for a curly cut?', 7, [salon], 'Salon').answer)).toContain('Sam Okafor');
  });

  it('answers a missed appointment with the no-show rule of the cancellation policy, not the rule for coming late', () => {
    const visit: KnowledgeDocument = {
      ...salon,
      text: `# Good to know

## I'm running late – what happens?

Call us. If you're more than 15 minutes late we may need to move your appointment.

## What's your cancellation policy?

Please give us 24 hours' notice to move an appointment. Late cancellations are charged at 50%, and if you don't turn up at all we charge the full price.`,
    };
    expect(body(ask('What happens if I miss my appointment without telling you?', 7, [visit], 'Salon').answer)).toContain('full price');
  });

  it("answers \"who\" from a staff card headed by the person's name, whose role comes later in its text", () => {
    const card: KnowledgeDocument = {
      ...salon,
      text: `${salon.text}\n\n## Bea Thornton\n\nPregnancy and postnatal classes\n\nBea is a trained doula. She is also our studio manager: talk to her about memberships and freezes.`,
    };
    expect(body(ask('Who should I talk to about putting my membership on hold?', 7, [card], 'Salon').answer)).toContain('studio manager');
  });
});

describe("offlineAnswer: the business's own place and contact details", () => {
  const hours = pageAt('https://vet.example/hours', 'Hours | Riverside Vets', `# Hours & emergencies

## After-hours emergencies

When we're closed, please go to Cascade Pet Emergency Center, 880 Riverside Drive, Brindle Falls: (503) 555-0129.

# Frequently asked questions

## Is the clinic accessible for wheelchair users?

Yes. All our rooms are on the ground floor with step-free access from the car park.

## Is there parking?

We have four free parking spaces behind the building.`);
  const contactBlock: KnowledgeDocument = {
    id: siteDetailsDocumentId('https://vet.example'),
    source: 'page',
    title: SITE_DETAILS_TITLE,
    url: 'https://vet.example/',
    text: '2215 Larch Street, Brindle Falls, OR 97058\n\n(503) 555-0162\n\nfrontdesk@riverside-vets.example',
  };
  const vet = (message: string) => body(ask(message, 7, [hours, contactBlock], 'Riverside Vets').answer);

  it("answers where the business is and its number with its own contact block, not another place's", () => {
    expect(vet('Where is the clinic?')).toContain('2215 Larch Street');
    expect(vet('What number do I call to make an appointment?')).toContain('555-0162');
  });

  it('reads "at the clinic" as the business itself, not as a word the answer must repeat', () => {
    expect(vet('Can I leave my car at the clinic?')).toContain('four free parking spaces');
  });
});

describe("offlineAnswer: the business's word for it, and what customers say", () => {
  it('answers "after it starts" from a page that says "after the class begins"', () => {
    const studio = pageAt('https://yoga.example/faq', 'FAQ | Yoga', `# FAQ

## What if I'm running late?

We close the door 5 minutes after the class begins, so we don't disturb the opening relaxation.

# Say hello

Reception is staffed 30 minutes before each class.`);
    expect(body(ask('What if I get there a few minutes after it starts?', 7, [studio], 'Yoga').answer)).toContain('5 minutes after the class begins');
  });

  it("answers from the business's own description of a service, not from a customer's review of it", () => {
    const cleaning = pageAt('https://glow.example/', 'Glow Cleaning', `# Premium cleaning

## What our clients say

### John D.

"Booked Glow the week before moving into my new apartment. They even cleaned inside the oven!"

## Our services

- Residential cleaning
- Deep cleaning
- Move-in/Move-out cleaning`);
    const answer = body(ask("I'm getting the keys to a new flat next week. Can you clean it before I settle in?", 7, [cleaning], 'Glow').answer);
    expect(answer).toContain('Move-in/Move-out cleaning');
    expect(answer).not.toContain('my new apartment');
  });
});

describe('offlineAnswer: an FAQ asking the same in other words', () => {
  it("answers with the FAQ whose question has the visitor's words, over a page heading that says them too", () => {
    const plumber = pageAt(
      'https://plumb.example/',
      'Plumb',
      `# Honest plumbing for local homes

Our licensed plumbers quote a flat price before any work starts.

# Frequently asked questions

## Does someone need to be home?

An adult aged 18 or over must be at the property when we arrive and when we finish.`,
    );
    expect(body(ask('Do I have to be home while you work?', 7, [plumber], 'Plumb').answer)).toContain('aged 18 or over');
  });
});
