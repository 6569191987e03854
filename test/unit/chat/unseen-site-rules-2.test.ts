import { describe, expect, it } from 'vitest';
import { isOffTopic } from '../../../functions/core/chat/off-topic.js';
import { offlineAnswer } from '../../../functions/core/chat/offline-responder.js';
import { chunkDocuments } from '../../../functions/core/knowledge/chunk.js';
import { factTypesAsked, roleAsked, statesFact } from '../../../functions/core/knowledge/fact-types.js';
import type { KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';
import { withSiteWords } from '../../../functions/core/knowledge/question-phrases.js';
import { buildSearchIndex, questionTermWeights, searchIndex } from '../../../functions/core/knowledge/search-index.js';
import { isInflectedForm } from '../../../functions/core/knowledge/word-forms.js';

/**
 * Made-up sites for the fifth session's rules (docs/offline-answers.md): a physiotherapy practice in
 * Łódź, a hair salon in Rouen and a trattoria in Leeds, as the crawler writes their pages.
 */
const practice: KnowledgeDocument[] = [
  {
    id: 'https://fizjowola.example/',
    source: 'page',
    title: 'FizjoWola',
    url: 'https://fizjowola.example/',
    text: `# FizjoWola

## Nasz zespół

Jesteśmy zespołem fizjoterapeutów z Łodzi.

## mgr Marta Zielińska

Fizjoterapeutka i dietetyk kliniczny. W ciągu 9 lat pracy zdobyłam doświadczenie w szpitalu miejskim.

- Terapia manualna
- Kinesiology taping

## mgr Tomasz Lis

Fizjoterapeuta sportowy.

- Suche igłowanie
- Masaż sportowy

## Kontakt

Telefon: +48 601 222 333

Gabinet: ul. Piotrkowska 12, 90-001 Łódź`,
  },
  {
    id: 'https://fizjowola.example/polityka',
    source: 'page',
    title: 'Polityka prywatności | FizjoWola',
    url: 'https://fizjowola.example/polityka',
    text: `# Polityka prywatności

## Administrator danych

Administrator: Tomasz Lis, tel.: +48 700 000 111.

## Podstawy przetwarzania

- Rejestracja na wizytę (art. 6 ust. 1 lit. b RODO).
- Kontakt z Tobą (art. 6 ust. 1 lit. f RODO).`,
  },
];

const salon: KnowledgeDocument = {
  id: 'https://lesciseaux.example/',
  source: 'page',
  title: 'Les Ciseaux d’Or | Rouen',
  url: 'https://lesciseaux.example/',
  text: `# Les Ciseaux d’Or

## Ce que disent nos clients

"Coiffeuses adorables, je recommande !" Julie Martin

"Très bon accueil, coiffeuse à l'écoute." Paul Durand

## Notre équipe

Camille et Léa, coiffeuses diplômées, vous accueillent du mardi au samedi.`,
};

const trattoria: KnowledgeDocument = {
  id: 'https://trattoriasole.example/about',
  source: 'page',
  title: 'About | Trattoria Sole',
  url: 'https://trattoriasole.example/about',
  text: `# About us

## Meet our team

### Giulia Conti

Head Waiter & Sommelier

Knows every bottle on our list.

### Marco Ferri

Owner & Executive Chef

Trained in Bologna; cooks everything on the menu.

### Anna Ferri

Pastry Chef

Makes our tiramisu every morning.`,
};

function ask(message: string, documents: KnowledgeDocument[], business: string) {
  const question = withSiteWords(message);
  const index = buildSearchIndex(chunkDocuments(documents));
  const knowledge = { passages: searchIndex(index, question, 8), termWeights: questionTermWeights(index, question) };
  if (isOffTopic(question, knowledge.passages)) return 'OFF-TOPIC';
  return (offlineAnswer(question, knowledge, 7, business).answer ?? '').split('\n\nMore details:')[0]!;
}

describe('a word of another language in another case', () => {
  it('is another form of the same word, not so for English words nor for words sharing a start only', () => {
    expect(isInflectedForm('dietetykiem', 'dietetyk')).toBe(true);
    expect(isInflectedForm('telefonu', 'telefon')).toBe(true);
    expect(isInflectedForm('doswiadczenia', 'doswiadczeni')).toBe(true);
    // English words are stemmed by Porter2; two sharing a start are two words.
    expect(isInflectedForm('cancel', 'cancer')).toBe(false);
    // Too short a shared start, or too long an ending, to be one word.
    expect(isInflectedForm('kawa', 'kawy')).toBe(false);
    expect(isInflectedForm('terapia', 'terapeutka')).toBe(false);
  });

  it('answers a question whose words the site says in another case', () => {
    expect(ask('Kto jest dietetykiem?', practice, 'FizjoWola')).toContain('Marta Zielińska');
    expect(ask('Jaki jest numer telefonu do gabinetu?', practice, 'FizjoWola')).toContain('601 222 333');
  });

  it('is no other topic than what the site says ("suchym igłowaniem": "Suche igłowanie")', () => {
    const question = 'Kto zajmuje się suchym igłowaniem?';
    const passages = searchIndex(buildSearchIndex(chunkDocuments(practice)), question, 8);
    expect(isOffTopic(question, passages)).toBe(false);
    expect(isOffTopic('Kto wygrał mundial?', passages)).toBe(true);
  });
});

describe('someone, asked in other languages, asks for a person', () => {
  it.each(['Czy ktoś u was robi suche igłowanie?', '¿Alguien hace masajes deportivos?', 'Est-ce que quelqu’un fait des chignons ?', 'Kann jemand Englisch?'])('%j', (question) => {
    expect(factTypesAsked(question)).toContain('person');
  });

  it('answers with the person whose section says it, their doing-verb being no word to match', () => {
    expect(ask('Czy ktoś u was robi suche igłowanie?', practice, 'FizjoWola')).toContain('Tomasz Lis');
  });
});

describe('a count asked only as part of another question', () => {
  it('"ile kosztuje" asks a price, not a count that any number answers', () => {
    expect(factTypesAsked('Ile kosztuje wizyta?')).toEqual(['price']);
    expect(factTypesAsked('Ile osób mieści sala?')).toContain('quantity');
    // The privacy policy's articles are numbers, not a price: not answered.
    expect(ask('Ile kosztuje wizyta?', practice, 'FizjoWola')).toBe('');
  });

  it('years of work stated before the experience they gave are years of experience', () => {
    expect(statesFact('W ciągu 9 lat pracy zdobyłam doświadczenie w szpitalu miejskim.', 'founded')).toBe(true);
    expect(ask('Ile lat doświadczenia ma pani Marta?', practice, 'FizjoWola')).toContain('9 lat');
  });
});

describe('people by their first names, and reviews in other languages', () => {
  it('two first names before the role they share are people', () => {
    expect(statesFact('Camille et Léa, coiffeuses diplômées, vous accueillent.', 'person')).toBe(true);
    expect(statesFact('Bread and Butter, baked fresh every day.', 'person')).toBe(false);
  });

  it('answers who the hairdressers are from the team, not from the reviews', () => {
    const answer = ask("Comment s'appellent les coiffeuses ?", [salon], 'Les Ciseaux d’Or');
    expect(answer).toContain('Camille et Léa');
    expect(answer).not.toContain('Julie Martin');
  });
});

describe('a person asked by a role', () => {
  it('the role is the last word naming one', () => {
    expect(roleAsked('Who is the head chef?')).toBe('chef');
    expect(roleAsked('Which stylist does colour?')).toBe('stylist');
  });

  it('is the person with that role, not one whose role shares only its qualifier, nor any of the team', () => {
    const answer = ask('Who is the head chef?', [trattoria], 'Trattoria Sole');
    expect(answer).toContain('Marco Ferri');
    expect(answer).not.toContain('Giulia Conti');
    expect(ask('Who is your sommelier?', [trattoria], 'Trattoria Sole')).toContain('Giulia Conti');
  });
});

describe('a contact block run into a review', () => {
  const wash: KnowledgeDocument = {
    id: 'https://shinebay.example/',
    source: 'page',
    title: 'Shine Bay Car Wash',
    url: 'https://shinebay.example/',
    text: `# Shine Bay

## Testimony

Shine Bay is the best car wash in town. It has been like a home to me, the staff are friendly and the booking is easy to use on any phone.

Amina Otieno
regular customer

Contacts
Moi Avenue 12
P.O. Box 4410
(+254)711222333`,
  };

  it('answers the phone and the address with the block, not with the review before it', () => {
    const phone = ask("What's your phone number?", [wash], 'Shine Bay');
    expect(phone).toContain('(+254)711222333');
    expect(phone).not.toContain('best car wash');
    expect(ask('Where are you located?', [wash], 'Shine Bay')).toContain('Moi Avenue 12');
  });

  it('does not answer whether the business does something from what a customer felt', () => {
    expect(ask('Can you come and wash the car at my house?', [wash], 'Shine Bay')).toBe('');
  });
});

describe('words as visitors write them', () => {
  const studio: KnowledgeDocument = {
    id: 'https://rosebeauty.example/',
    source: 'page',
    title: 'Rose Beauty Studio',
    url: 'https://rosebeauty.example/',
    text: `# Rose Beauty Studio

## Meet our team

### Lerato Dube

Makeup Artist

Bridal looks and photoshoots.

## Services

### Hair Color

Full color and highlights. From $65`,
  };

  it('"make-up" is the "Makeup" a site writes: no other topic', () => {
    expect(ask('I need my make-up done for a wedding. Who would do it?', [studio], 'Rose Beauty Studio')).toContain('Lerato Dube');
  });

  it('a British spelling finds the American one', () => {
    expect(ask('How much to colour my hair?', [studio], 'Rose Beauty Studio')).toContain('$65');
  });
});

describe('names glossed in brackets', () => {
  const barber: KnowledgeDocument = {
    id: 'https://umucyo.example/',
    source: 'page',
    title: 'Umucyo Salon | Huye',
    url: 'https://umucyo.example/',
    text: `# Umucyo Salon

## Serivisi

### Kogosha Umusatsi

Abagabo n'abana

600 RWF

### Gusiga Ibara

Ibara rishya

2500 RWF

## Gufata umwanya

### Serivisi ushaka

- Kogosha Umusatsi (Haircut)
- Gusiga Ibara (Hair colouring)`,
  };

  it("answers a price asked by the gloss with the name's own price", () => {
    expect(ask('How much is a haircut?', [barber], 'Umucyo Salon')).toContain('600 RWF');
    const colour = ask('How much is hair colouring?', [barber], 'Umucyo Salon');
    expect(colour).toContain('2500 RWF');
    expect(colour).not.toContain('600 RWF');
  });
});

describe('brackets qualifying an English name', () => {
  const cleaner: KnowledgeDocument = {
    id: 'https://brightnest.example/pricing',
    source: 'page',
    title: 'Pricing | Brightnest',
    url: 'https://brightnest.example/pricing',
    text: `# Pricing Plans

## Standard Clean

$120/session

Our favourite package

- Up to 4 rooms
- Window cleaning (interior)

## Complete Clean

$220/session

- Whole home
- Window cleaning (interior & exterior)`,
  };

  it('are no gloss: "(exterior)" of one package is not of another', () => {
    const answer = ask('Which package cleans the windows on the outside too?', [cleaner], 'Brightnest');
    expect(answer).toContain('Complete Clean');
    expect(answer).not.toContain('Standard Clean');
  });
});
