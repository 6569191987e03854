import { describe, expect, it } from 'vitest';
import { statesFact } from '../../../functions/core/knowledge/fact-types.js';
import { offlineReplyOf, page } from '../../support/offline-reply.js';

/**
 * Made-up sites for the rules taken from the misses of held-out set 3 (a veterinary clinic, run once on
 * 2026-12-02, bench/answer-sites-real/README.md): an animal clinic whose contact lines are headings, and
 * a physiotherapy practice with an FAQ-style heading beside its offers, as the crawler writes their pages.
 */

const clinic = [
  page(
    'https://harbourpets.example.nz/contact',
    'Contact',
    `## Get in touch

Phone: 09 555 0142

## Fax: 09 555 0199

## Address: 12 Quay Road, Tauranga

## email: desk@harbourpets.example.nz

# Opening hours

Every day 8am to 5pm.`,
  ),
  page(
    'https://harbourpets.example.nz/services',
    'Services',
    `## Microchipping

Microchips fitted and registered while you wait.`,
  ),
];

const physio = [
  page(
    'https://motionphysio.example.ie/',
    'Motion Physio',
    `# Motion Physio

## Why is an annual sports massage check good for you?

An annual sports massage check finds tight muscles before they turn into injuries.

- Posture assessment
- Recovery advice

## News

- 20% discount on your first assessment when you book online
- Enjoy a 15% discount on your annual sports massage check`,
  ),
];

const accountants = [
  page(
    'https://ledgerlane.example.za/team',
    'Our people',
    `# Our people

## Thandi Mokoena (CA(SA))

Thandi looks after tax returns for small businesses and sole traders.

## Dr Pieter Botha (PhD Econ)

Pieter advises on payroll and company secretarial work.`,
  ),
];

describe('unseen-site rules, held-out set 3', () => {
  it('reads a name with post-nominal letters in brackets as a person of the team', () => {
    expect(offlineReplyOf('Who handles tax returns?', accountants, { business: 'Ledger Lane' })).toContain('Thandi Mokoena');
    expect(offlineReplyOf('Which adviser can help with payroll?', accountants, { business: 'Ledger Lane' })).toContain('Pieter Botha');
  });

  it('does not read a role at the end of one list item and capitalised words of the next as a person', () => {
    expect(statesFact('- Building a Relationship with Your Veterinarian\n- Addressing Behavioural Changes', 'person')).toBe(false);
    expect(statesFact('**Ayesha Begum**\nLead Supervisor', 'person')).toBe(true);
    expect(statesFact('- Ayesha Begum, Lead Supervisor\n- Tom Reed, Cleaner', 'person')).toBe(true);
  });

  it('answers from contact lines a page styles as headings with nothing under them', () => {
    expect(offlineReplyOf('What is your fax number?', clinic, { business: 'Harbour Pets' })).toContain('09 555 0199');
    expect(offlineReplyOf('What is your email address?', clinic, { business: 'Harbour Pets' })).toContain('desk@harbourpets.example.nz');
  });

  it('does not take an FAQ heading that leaves out the discount asked about for the same question', () => {
    const reply = offlineReplyOf('Do you offer any discount on the annual sports massage check?', physio, { business: 'Motion Physio' });
    expect(reply).toContain('15%');
  });
});
