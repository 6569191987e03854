import { describe, expect, it } from 'vitest';
import { offlineReplyOf, page } from '../../support/offline-reply.js';

/**
 * Made-up sites for the rules taken from the misses of held-out set 5b (a landscaper, a solo attorney and
 * a bakery, run once on 2026-12-03, bench/answer-sites-real/README.md), as the crawler writes their pages.
 */

const solicitor = [
  page(
    'https://aroha-law.example.nz/',
    'Aroha Wiremu, Barrister and Solicitor',
    `# About me

I am Aroha J. Wiremu, a barrister and partner at Mills St. John Legal in Rotorua. I advise families and small businesses on property, employment and relationship matters. With a passion for the law and a commitment to delivering innovative solutions to my clients, I take on cases across the Bay of Plenty. My practice covers both advice and court work, so clients have one lawyer from the first letter to the final hearing. I have also been appointed as a family mediator for the district, and I sit on the regional law society's access to justice committee. Before law I worked as a teacher for eight years, which still shapes how I explain things.

## Practice areas

- Property and conveyancing
- Employment disputes
- Wills and estates`,
  ),
];

describe('offlineAnswer: sentences that an initial or an abbreviation does not end', () => {
  it('answers with the whole sentence through "J." and "St."', () => {
    const reply = offlineReplyOf('Which firm is she a partner at?', solicitor, { business: 'Aroha Wiremu Law', strictness: 7, passages: 8 });
    expect(reply).toContain('Mills St. John Legal');
  });
});
