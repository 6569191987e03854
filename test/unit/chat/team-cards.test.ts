import { describe, expect, it } from 'vitest';
import { offlineReplyOf, page } from '../../support/offline-reply.js';

/**
 * Team cards under a heading of people: the card's heading is the person's name even when their
 * surname is a trade ("Gillian Gardener", "Tom Baker"), which alone reads like a job title.
 */
const bikeShop = [
  page('https://spokes.example.ca/about', 'About Us', `# About Us\n\nFounded in 2003 in Halifax, Spokes & Co. was born from a passion for cycling. Our shop offers bikes and gear for every rider.`),
  page(
    'https://spokes.example.ca/experts',
    'Our Experts',
    `# Our Experts\n\n## Gillian Gardener\n\nFounder & CEO\nCommunity cycling promoter\n\n## Tom Baker\n\nHead Mechanic\nCustom wheel builds\n\n## Ana Lima\n\nChief Financial Officer`,
  ),
];
const ask = (message: string) => offlineReplyOf(message, bikeShop, { business: 'Spokes & Co.', strictness: 7 });

describe('team cards under a heading of experts', () => {
  it('names the person of the card whose role is asked, whatever their surname', () => {
    expect(ask('Who founded the shop?')).toMatch(/Gillian Gardener/);
    expect(ask('Who is the CEO?')).toMatch(/Gillian Gardener/);
    expect(ask('Who is your head mechanic?')).toMatch(/Tom Baker/);
  });
});
