import { describe, expect, it } from 'vitest';
import { dayVerdict } from '../../../functions/core/chat/day-hours.js';
import { paraphraseSimilarity, paraphraseTermsOf } from '../../../functions/core/chat/paraphrase-terms.js';
import { thresholdApplies } from '../../../functions/core/chat/quantity-thresholds.js';
import type { KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';
import { offlineReplyOf } from '../../support/offline-reply.js';

/** A gym in Nairobi, priced in Kenyan shillings, as the crawler writes its pages. */
const gym: KnowledgeDocument[] = [
  {
    id: 'https://ironpalm.example/',
    source: 'page',
    title: 'Iron Palm Fitness | Nairobi',
    url: 'https://ironpalm.example/',
    text: `# Iron Palm Fitness

A family-run gym in Westlands, serving Nairobi since 2009.

## Opening hours

Tue–Sun: 6am – 9pm

## House rules

- Members under 16 must be accompanied by a parent or guardian.
- Groups of 5 or more must book the studio in advance.
- Please wipe down every machine after use and put weights back on the racks.
- Outdoor shoes are not allowed on the gym floor; lockers take a 20 shilling coin.
- Phones stay in the lockers during classes, and music is played through the studio speakers only.
- Personal trainers from outside the gym may not coach members on the premises.`,
  },
  {
    id: 'https://ironpalm.example/prices',
    source: 'page',
    title: 'Prices | Iron Palm Fitness',
    url: 'https://ironpalm.example/prices',
    text: `# Prices

## Day pass

KES 1,500 per visit, towel included.

## Monthly membership

KES 9 500 a month, no joining fee.`,
  },
  {
    id: 'https://ironpalm.example/classes',
    source: 'page',
    title: 'Classes | Iron Palm Fitness',
    url: 'https://ironpalm.example/classes',
    text: `# Class timetable

- Mon 18:00 Circuit training with Wanjiru
- Sat 08:00 Spin class with Otieno
- Sun 10:00 Stretch and mobility with Akinyi`,
  },
];

const ask = (message: string, documents: KnowledgeDocument[] = gym) => offlineReplyOf(message, documents, { business: 'Iron Palm Fitness' });

describe('offlineAnswer: prices in any currency', () => {
  it('answers a price in Kenyan shillings, written with a comma or a space', () => {
    expect(ask('How much is a day pass?')).toContain('KES 1,500');
    expect(ask('How much is the monthly membership?')).toContain('KES 9 500');
  });
});

describe('offlineAnswer: people, years, days and thresholds', () => {
  it('answers who takes a class from the timetable', () => {
    expect(ask('Who teaches the Saturday spin class?')).toContain('Otieno');
  });

  it('answers how long the business has been going, not its opening hours', () => {
    expect(ask('How long have you been in business?')).toContain('since 2009');
    expect(ask('How long have you been open?')).toContain('since 2009');
    // Whatever the trade's verb: the question asks the same.
    expect(ask('How long have you been coaching?')).toContain('since 2009');
  });

  it("answers who takes a class from a timetable's table, as the crawler writes its rows", () => {
    const timetable = { ...gym[2]!, text: '# Classes\n\nDay: Tuesday; Time: 6:00am; Class: Spin; Coach: Achieng.\n\nDay: Saturday; Time: 8:00am; Class: Bootcamp; Coach: Brian.' };
    expect(ask('Who teaches spin?', [gym[0]!, timetable])).toContain('Achieng');
  });

  it('says closed on a day the hours range leaves out, and open with the hours on a day it covers', () => {
    expect(ask('Are you open on a Monday?')).toMatch(/^No, we're closed on Monday\./);
    expect(ask('Are you open on Sundays?')).toMatch(/^Yes, we're open on Sunday: 6am – 9pm\./);
  });

  it("answers with the rule whose threshold the visitor's number meets", () => {
    expect(ask('My son is 15. Can he use the gym without a parent?')).toContain('under 16 must be accompanied');
    const group = ask('There will be 6 of us. Do we need to book?');
    expect(group).toContain('5 or more must book');
  });

  it('gives no answer to a bare "yes" (the fallback), not an unrelated passage', () => {
    expect(ask('yes')).toBe('');
    expect(ask('ok thanks')).toBe('');
  });
});

describe('dayVerdict', () => {
  it.each([
    ['Are you open on a Monday?', 'Tue-Sun 10-4', "No, we're closed on Monday."],
    ['Are you open on Saturday?', 'Mon to Fri: 9am–5pm\nSat & Sun: closed', "No, we're closed on Saturday."],
    ['Are you open on Wednesdays?', 'Mon, Wed and Fri: 9-5\nSat: 10-2', "Yes, we're open on Wednesday: 9-5."],
    ['Are you open at the weekend?', 'Monday: 08:00 – 20:00\nSaturday: 09:00 – 13:00\nSunday: Closed', 'Saturday: open 09:00 – 13:00. Sunday: closed.'],
    ['Are you open on Sundays?', 'Open daily 8-6', "Yes, we're open on Sunday: 8-6."],
  ])('%j against %j', (question, hours, verdict) => {
    expect(dayVerdict(question, 'Opening hours', hours)).toBe(verdict);
  });

  it('says nothing of a day a single mention leaves out, or of a question about something else that day', () => {
    expect(dayVerdict('Are you open on Thursday?', 'Find us', 'Sat: 10-2')).toBeUndefined();
    expect(dayVerdict('Do you do dinner on Sundays?', 'Opening hours', 'Sunday: brunch 10-3')).toBeUndefined();
  });
});

describe('thresholdApplies', () => {
  it.each([
    [14, 'Tables of 6 or more by reservation only', true],
    [4, 'Tables of 6 or more by reservation only', false],
    [15, 'Members under 16 must be accompanied', true],
    [17, 'Members under 16 must be accompanied', false],
    [9, 'For seven or more guests, please call', true],
    [8, 'Groups of up to 8 can book online', true],
    [10, 'Over 18s only', false],
  ])('%i against %j: %s', (number, rule, applies) => expect(thresholdApplies(number, rule)).toBe(applies));
});

describe('paraphraseTermsOf: a correction applies to another wording of its question', () => {
  const same = (a: string, b: string) => paraphraseSimilarity(paraphraseTermsOf(a), paraphraseTermsOf(b));

  it.each([
    ['Do you do takeaway?', 'Can I get takeaway?'],
    ['Do you do takeaway?', 'Is takeaway available?'],
    ['How much is a haircut?', 'What does a haircut cost?'],
    ['Do you offer gift cards?', 'Can I buy a gift card?'],
    ['Do you deliver?', 'Do you do delivery?'],
  ])('%j and %j are one question', (a, b) => expect(same(a, b)).toBeGreaterThanOrEqual(0.75));

  it.each([
    ['Do you do takeaway?', 'Do you do delivery?'],
    ['How much is a haircut?', "How much is a kids' haircut?"],
    ['Where are you located?', 'What is your phone number?'],
  ])('%j and %j are not', (a, b) => expect(same(a, b)).toBeLessThan(0.75));
});
