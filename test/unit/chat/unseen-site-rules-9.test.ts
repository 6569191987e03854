import { describe, expect, it } from 'vitest';
import { offlineReplyOf, page } from '../../support/offline-reply.js';

/**
 * Made-up sites for the rules taken from the misses of held-out set 7b (a B&B in Switzerland asked in
 * German, a vet in Argentina asked in Spanish, a butcher in France asked in French), run once on
 * 2026-12-03 (bench/answer-sites-real/README.md).
 */
const guesthouse = [
  page(
    'https://haus-linde.example.at/',
    'Haus Linde',
    `# Haus Linde\n\n## Unser Haus\n\nDas Haus Linde ist ein Bauernhaus aus dem Jahr 1791, liebevoll renoviert.\n\n## Das Gartenzimmer\n\nDoppelzimmer mit Gemeinschaftsbad.\n\nEUR 95.- / Nacht (2 Personen)\n\n## Die Linden Suite\n\nGroße Suite mit eigenem Bad und Blick auf den Garten.\n\nEUR 140.- / Nacht (2 Personen)`,
  ),
];
const askGuesthouse = (message: string) => offlineReplyOf(message, guesthouse, { business: 'Haus Linde', strictness: 7 });

const cottage = [
  page('https://mill-cottage.example.ie/', 'Mill Cottage', `# Mill Cottage\n\n## Our history\n\nMill Cottage is a stone miller's house built in 1764 on the banks of the Nore.\n\n## Double room\n\nA double room over the mill race: €90 per night.\n\n## Suite\n\nThe suite sleeps two: €130 per night.`),
];
const askCottage = (message: string) => offlineReplyOf(message, cottage, { business: 'Mill Cottage', strictness: 7 });

describe('held-out set 7b: how old a house is', () => {
  it('answers with the year it was built', () => {
    expect(askGuesthouse('Wie alt ist das Haus eigentlich?')).toMatch(/1791/);
    expect(askCottage('How old is the house?')).toMatch(/1764/);
  });
});

describe('held-out set 7b: a suite is no request to suit the visitor', () => {
  it('prices the suite asked about', () => {
    expect(askGuesthouse('Was kostet die Suite pro Nacht?')).toMatch(/140/);
    expect(askCottage('How much is a suite?')).toMatch(/130/);
    expect(askCottage('How much is a suite?')).not.toMatch(/90/);
  });
});

/** A pet shop in Rosario, asked in Spanish. */
const petShop = [
  page(
    'https://mascotas-paz.example.ar/',
    'Mascotas Paz',
    `# Mascotas Paz\n\n## Horarios\n\nLunes a Viernes: 09:00 a 19:00\nSábados: 09:00 a 13:00\nDomingos: Cerrado\n\n## Contacto\n\nWhatsApp: +54 9 341 555-0199\n\n## Servicios\n\nAtendemos perros y gatos: baño, corte y vacunación.`,
  ),
];
const askPetShop = (message: string) => offlineReplyOf(message, petShop, { business: 'Mascotas Paz', strictness: 7 });

describe('held-out set 7b: serving on a day and which number, asked in Spanish', () => {
  it('takes "¿Atienden los domingos?" as a question about the hours', () => {
    expect(askPetShop('¿Atienden los domingos?')).toMatch(/Domingos: Cerrado/);
  });

  it('takes "¿A qué número le escribo?" as asking for the phone number', () => {
    expect(askPetShop('¿A qué número le escribo?')).toMatch(/341 555-0199/);
  });
});

/**
 * Held-out set 7a (a clinic in India, a car wash in Kenya, a gym in India, asked in English): a contact
 * card whose address, after its label and the clinic's name, is one long line the pattern of an address
 * does not recognise.
 */
const clinic = [
  page(
    'https://sai-clinic.example.in/contact',
    'Contact',
    `# Contact\n\n## Get in Touch\n\nPhone:\n+91 98450 12345\nEmail:\nfrontdesk@sai-clinic.example.in\nAddress:\nSri Sai Family Clinic.\nShop no 4 ganesha layout hosur main road opposite lakeview apartment near bus stand electronic city bangalore 560100\n\nWe are a family practice caring for patients of every age since our doors opened, with a doctor on call for emergencies and a pharmacy next door for your convenience.`,
  ),
];
const askClinic = (message: string) => offlineReplyOf(message, clinic, { business: 'Sri Sai Family Clinic', strictness: 7 });

describe('held-out set 7a: the address of a contact card, written on one long line', () => {
  it('gives the whole address, not only the line before it', () => {
    expect(askClinic('Where exactly is the clinic?')).toMatch(/ganesha layout .* 560100/);
  });
});

/** A gym whose trainer cards and plans are headed in capitals under "Elite mentors" and "Choose your power". */
const gym = [
  page(
    'https://forge-gym.example.in/',
    'Forge Gym',
    `# Forge Gym\n\n## CHOOSE YOUR POWER\n\n### BRONZE\n\n₹1,200/mo\n\n- Gym floor\n- Locker room\n\n### TITAN\n\n₹4,800/mo\n\n- All access\n- Sauna\n\n## ELITE MENTORS\n\n### PRIYA NAIR\n\nYoga Specialist\n\n### ARJUN RAO\n\nPowerlifting Coach`,
  ),
];
const askGym = (message: string) => offlineReplyOf(message, gym, { business: 'Forge Gym', strictness: 7 });

describe('held-out set 7a: capitals, mentors and memberships', () => {
  it('knows a card headed by a name in capitals under "mentors" as a person', () => {
    expect(askGym('Who runs the yoga sessions?')).toMatch(/PRIYA NAIR/);
  });

  it('takes "membership" as whatever the gym sells, as "plan" is', () => {
    expect(askGym("What's your cheapest membership?")).toMatch(/BRONZE[\s\S]*1,200/);
  });
});
