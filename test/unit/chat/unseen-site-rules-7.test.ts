import { describe, expect, it } from 'vitest';
import type { KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';
import { offlineReplyOf, page } from '../../support/offline-reply.js';

/**
 * Made-up sites for the rules taken from the misses of held-out sets 5a (a massage clinic, a guesthouse
 * and a tattoo artist) and 5b (a landscaper, an attorney and a bakery), run once on 2026-12-03
 * (bench/answer-sites-real/README.md), as the crawler writes their pages.
 */

const pottery = [
  page(
    'https://barro-vivo.example.pt/',
    'Barro Vivo ceramics studio, Porto',
    `# Barro Vivo

Hand-thrown stoneware made in our workshop in Bonfim, Porto.

## Classes

Wheel classes for beginners on Tuesday and Thursday evenings, 18:30 to 20:30. Six weeks cost 180 €.`,
  ),
  page(
    'https://barro-vivo.example.pt/about',
    'About Inês',
    `# About Inês

I'm Inês, the potter behind Barro Vivo. I've been throwing pots for twelve years, and teaching for five.

## The workshop

Two wheels, one kiln and a lot of clay dust, a few minutes from Campo 24 de Agosto.`,
  ),
];

const bakery = [
  page(
    'https://ngozi-bakes.example.ng/',
    'Ngozi Bakes, Lagos',
    `# Ngozi Bakes

Celebration cakes and chin chin, baked fresh every morning in Yaba.

## Our story

Where every crumb counts

Est. 2016`,
  ),
  page(
    'https://ngozi-bakes.example.ng/team',
    'Our team',
    `# Our team

## Ngozi Adeyemi

Owner & Head Baker

Ngozi trained in Accra and bakes every wedding cake herself.

## Tunde Bello

Delivery and orders`,
  ),
];

describe('offlineAnswer: how long a person has been doing the trade', () => {
  it('answers "How long have you been throwing pots?" with "I\'ve been throwing pots for twelve years"', () => {
    const reply = offlineReplyOf('How long have you been throwing pots?', pottery, { business: 'Barro Vivo', strictness: 7, passages: 8 });
    expect(reply).toContain('twelve years');
  });
});

describe('offlineAnswer: when a business named in the question opened', () => {
  it('answers "When did Ngozi Bakes open?" with the year it was established', () => {
    const reply = offlineReplyOf('When did Ngozi Bakes open?', bakery, { business: 'Ngozi Bakes', strictness: 7, passages: 8 });
    expect(reply).toContain('2016');
  });
});

describe('offlineAnswer: who owns the business', () => {
  it('answers "Who owns the bakery?" with the person titled owner', () => {
    const reply = offlineReplyOf('Who owns the bakery?', bakery, { business: 'Ngozi Bakes', strictness: 7, passages: 8 });
    expect(reply).toContain('Ngozi Adeyemi');
  });
});

const garage = [
  page(
    'https://kowalski-auto.example.pl/',
    'Kowalski Auto, Gdańsk',
    `# Kowalski Auto

Servicing, tyres and MOT-style inspections for every make, in Oliwa since 2009.

## Opening hours

Monday to Friday 8:00 to 17:00, Saturday 9:00 to 13:00.`,
  ),
  page(
    'https://kowalski-auto.example.pl/careers',
    'Careers',
    `# Careers

## Vehicle technician, full time

We're looking for a qualified vehicle technician to join our team. Send your CV to praca@kowalski-auto.example.pl.`,
  ),
];

describe('offlineAnswer: asking whether the business is hiring', () => {
  it('answers "Are you hiring?" from the careers page', () => {
    const reply = offlineReplyOf('Are you hiring?', garage, { business: 'Kowalski Auto', strictness: 7, passages: 8 });
    expect(reply).toContain('vehicle technician');
  });
});

const cafe = [
  page(
    'https://kiosk-lumi.example.fi/',
    'Kiosk Lumi, Turku',
    `# Kiosk Lumi

Cinnamon buns, soup at lunch and coffee by the river Aura.

## Visit

Läntinen Rantakatu 3, Turku. Monday - Friday: 7AM - 6PM, Saturday: 9AM - 3PM.

Walk-ins only: we do not take reservations.`,
  ),
  page(
    'https://kiosk-lumi.example.fi/menu',
    'Menu',
    `# Menu

## Soup of the day

Served with rye bread, 9.50 €.`,
  ),
];

describe('offlineAnswer: a table is reserved, and "available" asks when the business is open', () => {
  it('answers "Can I reserve a table?" with the reservations rule', () => {
    const reply = offlineReplyOf('Can I reserve a table?', cafe, { business: 'Kiosk Lumi', strictness: 7, passages: 8 });
    expect(reply).toContain('do not take reservations');
  });

  it('answers "How late are you available on a Wednesday?" with the weekday hours', () => {
    const reply = offlineReplyOf('How late are you available on a Wednesday?', cafe, { business: 'Kiosk Lumi', strictness: 7, passages: 8 });
    expect(reply).toContain('6PM');
  });
});

const guesthouse = [
  page(
    'https://haus-am-inn.example.at/',
    'Gästehaus am Inn, Innsbruck',
    `# Gästehaus am Inn

Fünf Zimmer mit Blick auf die Nordkette, fünf Minuten vom Bahnhof.

## Anfahrt

Innrain 12, 6020 Innsbruck. GPS-Koordinaten: 47.26543, 11.39231

## Kontakt

📧 haus_am_inn@example.at

📞 +43 512 / 283770 (Buchung)`,
  ),
];

describe('offlineAnswer: contact details as German-speaking sites write them', () => {
  it('answers the phone number with a spaced slash, not the GPS coordinates', () => {
    const reply = offlineReplyOf('Wie lautet die Telefonnummer?', guesthouse, { business: 'Gästehaus am Inn', strictness: 7, passages: 8 });
    expect(reply).toContain('+43 512 / 283770');
  });

  it('keeps the underscore of an e-mail address', () => {
    const reply = offlineReplyOf('What is your e-mail address?', guesthouse, { business: 'Gästehaus am Inn', strictness: 7, passages: 8 });
    expect(reply).toContain('haus_am_inn@example.at');
  });
});

const stylist = [
  page(
    'https://salon-amara.example.gh/',
    'Salon Amara, Accra',
    `# Salon Amara

Braids, silk press and colour in Osu.

## Find us

14 Oxford Street, Osu, Accra. Tuesday to Saturday 9am to 7pm.`,
  ),
  page(
    'https://salon-amara.example.gh/about',
    'About Amara',
    `# About Amara

I trained at the Vidal Sassoon Academy in London and opened the salon in 2015.`,
  ),
];

describe('offlineAnswer: "where did you train?" asks about a person, not the address', () => {
  it('answers with where the stylist trained', () => {
    const reply = offlineReplyOf('Where did you train?', stylist, { business: 'Salon Amara', strictness: 7, passages: 8 });
    expect(reply).toContain('Vidal Sassoon Academy');
    expect(reply).not.toContain('Oxford Street');
  });
});

const physio: KnowledgeDocument[] = [
  // The declared details first, as the search ranked them on the site this came from.
  {
    id: 'site:https://harbourside.example.ca',
    source: 'page',
    title: 'Contact details',
    url: 'https://harbourside.example.ca/',
    text: `## Business details

Name: Harbourside Physio
Phone: +19025550142
Opening hours: Monday, Tuesday, Wednesday, Thursday, Friday: 09:00 – 18:00`,
  },
  page(
    'https://harbourside.example.ca/contact',
    'Contact | Harbourside Physio',
    `# Contact

Call 902-555-0142 to book.

## Operating days

Sun: closed

Mon: open

Tue: open

Wed: closed

Thu: open

Fri: open

Sat: closed`,
  ),
];

describe('offlineAnswer: open days a page shows, over the hours its JSON-LD still declares', () => {
  it('says closed on the day the page marks closed', () => {
    expect(offlineReplyOf('Are you open on Wednesdays?', physio, { business: 'Harbourside Physio', strictness: 7, passages: 8 })).toMatch(/^No, we're closed on Wednesday/);
  });

  it('says open on a day marked open, and gives the declared times when asked what time', () => {
    expect(offlineReplyOf('Are you open on Mondays?', physio, { business: 'Harbourside Physio', strictness: 7, passages: 8 })).toMatch(/^Yes, we're open on Monday/);
    expect(offlineReplyOf('What time do you open on Monday?', physio, { business: 'Harbourside Physio', strictness: 7, passages: 8 })).toContain('09:00');
  });
});

const pension = [
  page(
    'https://pension-seeblick.example.de/',
    'Pension Seeblick, Konstanz',
    `# Preise

Die Einzelzimmer kosten zwischen 60 und 70 € pro Nacht, je nach Zimmergröße und Saison, das Frühstück mit Brötchen vom Bäcker nebenan ist dabei immer inklusive. Jede 4. Nacht ist kostenfrei. Parkplätze im Hof bieten wir für 3 € pro Nacht an, bitte sagen Sie uns bei der Buchung Bescheid. Haustiere können wir leider nicht aufnehmen. Kinder bis 6 Jahre übernachten im Zimmer der Eltern kostenlos, ein Kinderbett stellen wir gerne dazu.`,
  ),
];

describe('offlineAnswer: an ordinal number ends no sentence', () => {
  it('answers with the whole sentence through "Jede 4."', () => {
    const reply = offlineReplyOf('Welche Nacht ist kostenfrei?', pension, { business: 'Pension Seeblick', strictness: 5, passages: 8 });
    expect(reply).toContain('Jede 4. Nacht ist kostenfrei.');
  });
});

const spa = [
  page(
    'https://lotus-day-spa.example.sg/massage',
    'Massage',
    `# Massage

## Balinese massage

60 minutes S$120, 90 minutes S$165.`,
  ),
  page(
    'https://lotus-day-spa.example.sg/',
    'Lotus Day Spa, Singapore',
    `# Lotus Day Spa

Massage, facials and a quiet place to rest on Joo Chiat Road.

## The Haven

Our private relaxation room with an infrared sauna: S$60 for 45 minutes.

## Awards

We won Best Day Spa in the East Coast Readers' Choice 2024.`,
  ),
];

describe('search terms: "haven" and "won" are words, not the halves of "haven\'t" and "won\'t"', () => {
  it('answers "How much is the Haven?" with its price', () => {
    expect(offlineReplyOf('How much is the Haven?', spa, { business: 'Lotus Day Spa', strictness: 7, passages: 8 })).toContain('S$60');
  });

  it('answers "What have you won?"', () => {
    expect(offlineReplyOf('What have you won?', spa, { business: 'Lotus Day Spa', strictness: 7, passages: 8 })).toContain('Best Day Spa');
  });

  it("still reads \"haven't\" as have not", () => {
    expect(offlineReplyOf("I haven't booked yet, how much is a Balinese massage?", spa, { business: 'Lotus Day Spa', strictness: 7, passages: 8 })).toContain('S$120');
  });
});
