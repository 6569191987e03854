import { describe, expect, it } from 'vitest';
import { possessiveTermsOf } from '../../../functions/core/chat/offline-responder.js';
import { chunkDocument } from '../../../functions/core/knowledge/chunk.js';
import { amountsIn } from '../../../functions/core/knowledge/currency-amounts.js';
import { factTypesAsked, personOfHeadings, statesFact, statesFactUnder } from '../../../functions/core/knowledge/fact-types.js';
import type { KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';
import { synonymsOf, narrowerTermsOf } from '../../../functions/core/knowledge/synonyms.js';
import { joinedHyphenatedWords } from '../../../functions/core/knowledge/search-terms.js';
import { offlineReplyOf } from '../../support/offline-reply.js';

/** A made-up bistro in Cork, a valeting bay in Mombasa and a physiotherapy practice in Gdańsk, as the crawler writes their pages. */
const bistro: KnowledgeDocument[] = [
  {
    id: 'https://harbourlight.example/',
    source: 'page',
    title: 'Harbour Light Bistro | Cork',
    url: 'https://harbourlight.example/',
    text: `# Harbour Light Bistro

Seafood and seasonal plates on the quay.

## Opening hours

- Wednesday - Friday 12pm - 10pm
- Saturday 10am - 11pm
- Sunday 12pm - 6pm
- Monday & Tuesday Closed

## Contact

### Address

Coal Quay
Ballintemple

### Phone

(+353)214960123`,
  },
  {
    id: 'https://harbourlight.example/menu',
    source: 'page',
    title: 'Menu | Harbour Light Bistro',
    url: 'https://harbourlight.example/menu',
    text: `# Menu

## Mains

### Hake with brown butter

€24

### Ladies' lunch plate

€16

## Desserts

### Lemon tart

€8`,
  },
];

const valeting: KnowledgeDocument = {
  id: 'https://bluebay.example/packages',
  source: 'page',
  title: 'Packages | Blue Bay Valeting',
  url: 'https://bluebay.example/packages',
  text: `# Packages

#### SILVER VALET

## Ksh.1500

- Exterior wash
- Tyre shine

#### GOLD VALET

## Ksh.3500

- Exterior wash
- Interior shampoo`,
};

const physio: KnowledgeDocument = {
  id: 'https://fizjobalt.example/',
  source: 'page',
  title: 'FizjoBalt',
  url: 'https://fizjobalt.example/',
  text: `# FizjoBalt

## mgr Ewa Kowalska

Fizjoterapeutka z 9-letnim doświadczeniem.

### Zakres usług

- Terapia manualna
- Masaż sportowy
- Rehabilitacja po urazach kolana`,
};

const ask = (message: string, documents: KnowledgeDocument[] = bistro, business = 'Harbour Light Bistro') =>
  offlineReplyOf(message, documents, { business, passages: 8, strictness: 7 });

describe('a day and a time of day ask for the opening hours', () => {
  it.each(['Could we drop in at quarter past two on a Sunday?', 'Can we get dinner on Friday at 8pm?', 'Is it OK to come by at noon on Saturday?'])('%j', (question) => {
    expect(factTypesAsked(question)).toContain('hours');
  });

  it('not a time alone, nor how early to come before an appointment', () => {
    expect(factTypesAsked("We won't get there until 9pm, is that a problem?")).not.toContain('hours');
    expect(factTypesAsked('How early should we arrive before the tasting?')).toEqual(['duration']);
  });

  it('answers with the hours of the day asked about', () => {
    expect(ask('Could we come by at half past one on a Sunday?')).toContain('Sunday 12pm - 6pm');
  });
});

describe('until when, asked in French and Portuguese', () => {
  const boulangerie: KnowledgeDocument = {
    id: 'https://painvert.example/',
    source: 'page',
    title: 'Pain Vert',
    url: 'https://painvert.example/',
    text: '# Pain Vert\n\nBoulangerie bio à Nantes.\n\n## Horaires\n\nDu Mardi au Vendredi : 7h - 19h\n\nSamedi : 8h - 13h',
  };
  const academia: KnowledgeDocument = {
    id: 'https://forcaviva.example/',
    source: 'page',
    title: 'Força Viva',
    url: 'https://forcaviva.example/',
    text: '# Força Viva\n\nAcademia em Recife.\n\n## Horários\n\nSegunda a Sexta: 06:00 - 22:00\n\nSábado: 08:00 - 12:00',
  };

  it('answers with the hours, the words for "until" and "stay open" being part of the asking', () => {
    expect(ask("Jusqu'à quelle heure êtes-vous ouverts le samedi ?", [boulangerie], 'Pain Vert')).toContain('13h');
    expect(ask('Até que horas vocês ficam abertos na sexta?', [academia], 'Força Viva')).toContain('22:00');
  });
});

describe('the address', () => {
  it.each(['Where exactly is the bistro?', 'Which part of town are you in?', 'What neighbourhood is the restaurant in?'])('%j asks for it', (question) => {
    expect(factTypesAsked(question)).toContain('address');
  });

  it('is stated by a short card headed Address or Location, without a street number', () => {
    expect(statesFactUnder('Address', 'Coal Quay\nBallintemple', 'address')).toBe(true);
    expect(statesFactUnder('Our Location', 'Near the fish market, Old Town', 'address')).toBe(true);
    expect(ask('Where is the bistro?')).toContain('Coal Quay');
  });

  it('is not stated by a sentence under such a heading, nor by the same lines under another heading', () => {
    expect(statesFactUnder('Find us', 'Right in the heart of the old town, we welcome you with a warm fire and good food.', 'address')).toBe(false);
    expect(statesFactUnder('Our story', 'Coal Quay\nBallintemple', 'address')).toBe(false);
  });
});

describe('amounts and phone numbers as some countries write them', () => {
  it('reads a currency before a dot and the figure ("Ksh.2000", "Rs.499"), not a decimal part', () => {
    expect(amountsIn('Gold valet: Ksh.3500').map((amount) => amount.value)).toEqual(['3500']);
    expect(amountsIn('Thali Rs.499 only').map((amount) => amount.value)).toEqual(['499']);
    expect(amountsIn('Version 2.5 of the app')).toEqual([]);
  });

  it('reads an international number without spaces, with its country code in brackets or not', () => {
    expect(statesFact('Call (+353)214960123', 'phone')).toBe(true);
    expect(statesFact('WhatsApp +254712345678', 'phone')).toBe(true);
    expect(statesFact('Opened in 2012 with 40 seats', 'phone')).toBe(false);
  });

  it("keeps a card's title with the price written as a bigger heading, and answers its price", () => {
    const headings = chunkDocument(valeting).map((chunk) => chunk.heading);
    expect(headings).toContain('Packages > GOLD VALET: Ksh.3500');
    expect(ask('How much is the gold valet?', [valeting], 'Blue Bay Valeting')).toContain('Ksh.3500');
  });

  it('answers the phone number of a contact card', () => {
    expect(ask("What's your phone number?")).toContain('(+353)214960123');
  });
});

describe('what a question asks about weighs as the visitor wrote it', () => {
  it('a possessive names the kind asked about: a price of a kind the site never names is not answered', () => {
    expect(possessiveTermsOf("How much is a kid's lunch plate?")).toEqual(['kid']);
    expect(possessiveTermsOf("What's the price of the hake?")).toEqual([]);
    expect(ask("How much is a kid's lunch plate?")).toBe('');
    expect(ask("Do you have a children's menu?")).toBe('');
  });

  it('a possessive the site says in other words is answered ("women\'s" by "Ladies\'")', () => {
    expect(synonymsOf('women')).toContain('woman');
    expect(narrowerTermsOf('women')).toContain('ladi');
    expect(ask("How much is the women's lunch plate?")).toContain('€16');
  });

  it('a hyphenated word is a word of its own, unless it is a verb and its pronoun', () => {
    expect(joinedHyphenatedWords('What time is check-out?', true)).toEqual(['checkout']);
    expect(joinedHyphenatedWords('Les desserts sont-ils faits maison ?', true)).toEqual([]);
    expect(ask('What time is check-out?')).toBe('');
  });
});

describe('a person named by an outer heading', () => {
  it('is the person of the sections under a titled name', () => {
    expect(personOfHeadings('FizjoBalt > mgr Ewa Kowalska > Zakres usług', ' > ')).toBe('mgr Ewa Kowalska');
    expect(personOfHeadings('Dental care > Dr. Sarah Lee > Treatments', ' > ')).toBe('Dr. Sarah Lee');
    expect(personOfHeadings('Services > Deep Cleaning > Kitchens', ' > ')).toBeUndefined();
  });

  it('answers who does something with that name', () => {
    expect(ask('Kto robi masaż sportowy?', [physio], 'FizjoBalt')).toContain('Ewa Kowalska');
  });
});
