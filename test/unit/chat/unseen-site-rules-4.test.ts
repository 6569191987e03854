import { describe, expect, it } from 'vitest';
import { statesFact, statesFactUnder } from '../../../functions/core/knowledge/fact-types.js';
import { offlineReplyOf, page } from '../../support/offline-reply.js';

/**
 * Made-up sites for the rules taken from the fourth real set's misses (bench/answer-sites-real, the
 * sites added 2026-12-02): a tailor in Mombasa, a pharmacy in Chennai and a ceramics studio in
 * Yogyakarta, as the crawler writes their pages.
 */

const tailor = [
  page(
    'https://kanzu.example.ke/',
    'Kanzu & Co Tailors',
    `# Kanzu & Co Tailors

## Stitching Mombasa Together Since 1979

Suits, kanzus and school uniforms made to measure.

## Our Team

### Amina

Phone: 0712345678

### Baraka

Phone: 0733 456 789`,
  ),
];

const pharmacy = [
  page(
    'https://nalam.example.in/',
    'Nalam Pharmacy',
    `# Nalam Pharmacy

## Get In Touch

### Find Us

Click to open in Google Maps

Open in Maps

Call Us

### Our Location

Plot 14, Anna Salai Extension

Teynampet

Chennai, Tamil Nadu 600018`,
  ),
];

const ceramics = [
  page(
    'https://tanah.example.id/',
    'Tanah Liat Studio',
    `# Tanah Liat Studio

## Classes

Wheel throwing for beginners, every Saturday.

## Lokasi

Jl. Prawirotaman No 12, Mergangsan, Kota Yogyakarta, Daerah Istimewa Yogyakarta, 55153

## Contact

Call 0274 - 555 - 0199`,
  ),
];

describe('facts a heading states for its section', () => {
  it('answers how long the business has been going from a banner heading', () => {
    expect(offlineReplyOf('How long have you been in business?', tailor, { business: 'Kanzu & Co Tailors' })).toContain('1979');
  });

  it("reads a national number written in one run as a phone number, and gives the person's", () => {
    expect(statesFact('Phone: 0712345678', 'phone')).toBe(true);
    expect(offlineReplyOf("What is Amina's phone number?", tailor, { business: 'Kanzu & Co Tailors' })).toContain('0712345678');
    // Long numbers that are not a national number (no trunk 0, or too long) are no phone number.
    expect(statesFact('Order 012345678901234', 'phone')).toBe(false);
    expect(statesFact('Licence 12345678', 'phone')).toBe(false);
  });

  it('reads groups set apart by spaced hyphens as a phone number, not ranges of figures', () => {
    expect(statesFact('Call 0274 - 555 - 0199', 'phone')).toBe(true);
    expect(offlineReplyOf('What is your phone number?', ceramics, { business: 'Tanah Liat Studio' })).toContain('0274 - 555 - 0199');
    expect(statesFact('Prices from 129 - 249', 'phone')).toBe(false);
    expect(statesFact('Open 9:00 - 17:00', 'phone')).toBe(false);
  });

  it('does not take a heading naming a kind of fact for the fact', () => {
    expect(statesFactUnder('Opening hours', 'Call to book a fitting.', 'hours')).toBe(false);
    expect(statesFactUnder('Phone', 'Ask for Amina.', 'phone')).toBe(false);
  });
});

describe('addresses as most of the world writes them', () => {
  it('reads places then a five- or six-digit postcode at the end of a line as an address', () => {
    expect(statesFact('Chennai, Tamil Nadu 600018', 'address')).toBe(true);
    expect(statesFact('Kota Yogyakarta, Daerah Istimewa Yogyakarta, 55153', 'address')).toBe(true);
    expect(statesFact('वेल्लोर, तमिलनाडु - 632001', 'address')).toBe(true);
    // A figure that does not end a line of places is none.
    expect(statesFact('We have served 12,000 customers since 1979.', 'address')).toBe(false);
    expect(statesFact('Chennai, 600018 happy patients', 'address')).toBe(false);
  });

  it('does not take a year before a word for a Dutch postcode before its town', () => {
    expect(statesFact('Founded in July 2003 in Ottawa, the shop grew from a passion for cycling.', 'address')).toBe(false);
    expect(statesFact('Since 1998 at our old forge, we have shod horses.', 'address')).toBe(false);
    expect(statesFact('Damrak 1, 1012 AB Amsterdam', 'address')).toBe(true);
    expect(statesFact('Kerkstraat 5, 1017GC Amsterdam', 'address')).toBe(true);
  });

  it('answers where with the card that writes the address, not the one that only points to a map', () => {
    const reply = offlineReplyOf('Where is the pharmacy?', pharmacy, { business: 'Nalam Pharmacy' });
    expect(reply).toContain('Chennai, Tamil Nadu 600018');
    expect(reply).not.toContain('Open in Maps');
  });

  it("takes a heading naming the business's place and its address (\"Store Address\") for an address card", () => {
    expect(statesFactUnder('Store Address', 'नालम फार्मेसी\n45, गांधी मार्ग,', 'address')).toBe(true);
    expect(statesFactUnder('Clinic location', 'Near the bus park, Kisii', 'address')).toBe(true);
    expect(statesFactUnder('Email address', 'hello@nalam.example.in', 'address')).toBe(false);
  });

  it('answers where with an address card in a script without capitals', () => {
    const sweets = [page('https://mithai.example.in/', 'Vellore Mithai', '# Vellore Mithai\n\n## Store Address\n\nमिठाई घर\n\n45, गांधी मार्ग,\n\nवेल्लोर, तमिलनाडु - 632001')];
    expect(offlineReplyOf('Where is the shop?', sweets, { business: 'Vellore Mithai' })).toContain('632001');
  });

  it('finds an address under a heading in another language by its postcode', () => {
    expect(offlineReplyOf('Where is the studio?', ceramics, { business: 'Tanah Liat Studio' })).toContain('Jl. Prawirotaman No 12');
  });
});
