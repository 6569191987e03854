import { describe, expect, it } from 'vitest';
import { chunkDocuments } from '../../../functions/core/knowledge/chunk.js';
import type { KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';
import { buildSearchIndex, searchIndex } from '../../../functions/core/knowledge/search-index.js';

/** A guest house's and a salon's pages: visitors ask about their facts in their own words. */
const documents: KnowledgeDocument[] = [
  {
    id: 'https://inn.example/',
    source: 'page',
    title: 'Harbour Inn',
    url: 'https://inn.example/',
    text: [
      '# Harbour Inn',
      'A small inn by the sea, run by the same family since 1990.',
      '## Good to know',
      'Check-in: 3pm – 8pm\nCheck-out: by 10.30am\nChildren: welcome from age 8\nParking: free in our own car park',
      '## Rooms',
      '### Gull',
      'From £90 a night. Sleeps 2, double bed, sea view, on the first floor.',
      '### Tern',
      'From £95 a night. Sleeps 2, twin beds, garden view.',
      '### The Loft',
      'From £160 a night. Our family suite: sleeps four, double bed and bunk beds.',
      '## Breakfast',
      'Breakfast time is 8am to 9.30am: a full cooked breakfast, local eggs and our own bread.',
      '## New here?',
      'Ask for our welcome pack: a map of the walks and a voucher for the café.',
      '## Weekly walks',
      'Guided walks on Tuesday at 10:00 and Saturday at 09:30, from the front door.',
      '## The area',
      'Walk the coast path in either direction; the old town is ten minutes away on foot.',
    ].join('\n\n'),
  },
  {
    id: 'https://salon.example/visit',
    source: 'page',
    title: 'Your visit',
    url: 'https://salon.example/visit',
    text: [
      '# Your visit',
      "#### I'm running late, what happens?",
      'Call us. More than 15 minutes late and we may need to shorten your service.',
      "#### What's your cancellation policy?",
      "Please give us 24 hours' notice. If you don't turn up at all we charge the full price.",
      '#### Do you do kids?',
      'Under-12s have their own menu: buttered pasta or fish fingers, $8.',
      '#### Can I book an appointment by text?',
      'Appointments are booked online or by calling the salon. We cannot take bookings by text message.',
      '#### How do I change an appointment?',
      'Appointments can be moved once without charge: call us or use the link in your confirmation.',
    ].join('\n\n'),
  },
  { id: 'site:https://salon.example', source: 'page', title: 'Contact details', url: 'https://salon.example/', text: '#### Willow Salon\n\n8 Mill Lane, Stockport\n\n0161 496 0777 | hi@salon.example' },
];

const index = buildSearchIndex(chunkDocuments(documents));
const found = (question: string, k = 3) => searchIndex(index, question, k).map((hit) => hit.text);

describe('search understands how visitors word a question', () => {
  it('finds the age limit for "our five-year-old"', () => {
    expect(found('Can we bring our five-year-old?')[0]).toContain('welcome from age 8');
    expect(found('What is there for my 6 year old to eat?')).toContainEqual(expect.stringContaining('Under-12s'));
  });

  it('finds check-out time for "be out on the last morning"', () => {
    expect(found('When do we need to be out on the last morning?')[0]).toContain('Check-out: by 10.30am');
  });

  it('finds the room that sleeps as many as the people counted in parts', () => {
    expect(found("We're two adults and two kids. Which room should we book?")).toContainEqual(expect.stringContaining('sleeps four'));
  });

  it('finds what is offered to newcomers for "trying you out for the first time"', () => {
    expect(found('Is there anything for people trying you out for the first time?')[0]).toContain('welcome pack');
  });

  it('finds a walk at the weekend by its Saturday time', () => {
    expect(found('Is there a guided walk at the weekend?')[0]).toContain('Saturday at 09:30');
  });

  it('finds the phone number for "what number do I call", over passages that only say "call" and "appointment"', () => {
    expect(found('What number do I call to make an appointment?')).toContainEqual(expect.stringContaining('0161 496 0777'));
  });

  it('finds the no-show charge for missing an appointment', () => {
    expect(found('What happens if I miss my appointment?')).toContainEqual(expect.stringContaining("don't turn up at all"));
  });
});
