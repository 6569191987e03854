import { describe, expect, it } from 'vitest';
import { termsOf } from '../../../functions/core/chat/text-terms.js';
import { factTypesAsked, statesFact } from '../../../functions/core/knowledge/fact-types.js';
import type { KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';
import { isOtherLanguageYesNo } from '../../../functions/core/knowledge/other-languages.js';
import englishLookingFile from '../../../functions/core/knowledge/stop-words/english-looking-stop-words.json' with { type: 'json' };
import { stopWordListsOfOtherLanguages } from '../../../functions/core/knowledge/stop-words/generate.js';
import stopWordsFile from '../../../functions/core/knowledge/stop-words/stop-words.json' with { type: 'json' };
import { englishStopWords } from '../../../functions/core/knowledge/search-terms.js';
import { weekdayNamesFromIntl } from '../../../functions/core/knowledge/weekdays/generate.js';
import weekdaysFile from '../../../functions/core/knowledge/weekdays/weekdays.json' with { type: 'json' };
import { offlineReplyOf } from '../../support/offline-reply.js';

/** Made-up sites in four languages, as the crawler writes their pages. */
const page = (id: string, title: string, text: string): KnowledgeDocument => ({ id, source: 'page', title, url: id, text });

const bakery = [
  page('https://brotzeit.example/', 'Bäckerei Brotzeit', `# Bäckerei Brotzeit

Familienbetrieb seit 1962, mitten in der Altstadt.

## Öffnungszeiten

Di–Sa 6.30–18 Uhr
Sonntag 7–11 Uhr
Montag Ruhetag

## Kontakt

Lindenstraße 14, 79098 Freiburg
Telefon: 0761 555 01 23`),
  page('https://brotzeit.example/preise', 'Preise | Bäckerei Brotzeit', `# Preise

## Brote

- Roggenbrot 750 g: 4,20 €
- Dinkelvollkornbrot: 4,90 €

## Kuchen

- Apfelkuchen, Stück: 2,80 €
- Käsekuchen, Stück: 3,10 €`),
  page('https://brotzeit.example/team', 'Team | Bäckerei Brotzeit', `# Unser Team

## Jonas Keller

Bäckermeister und Inhaber, backt jeden Morgen ab drei Uhr.`),
];

const cafe = [
  page('https://cafeluna.example/', 'Café Luna', `# Café Luna

Desayunos, almuerzos y repostería casera desde 2015.

## Horario

Lunes a viernes: 8:00 – 20:00
Sábado: 9:00 – 14:00
Domingo cerrado

## Dónde estamos

Calle del Olmo 7, 37001 Salamanca`),
  page('https://cafeluna.example/carta', 'Carta | Café Luna', `# Carta

## Desayunos

- Tostada con tomate: 2,50 €
- Churros con chocolate: 3,80 €

## Bebidas

- Café con leche: 1,60 €
- Zumo de naranja natural: 2,90 €`),
];

const salon = [
  page('https://coiffure-iris.example/', 'Coiffure Iris', `# Coiffure Iris

Salon de coiffure à Lyon depuis 2008.

## Horaires

Mardi au vendredi : 9h – 19h
Samedi : 9h – 17h
Dimanche et lundi : fermé

## Adresse

12 rue des Tanneurs, 69002 Lyon`),
  page('https://coiffure-iris.example/tarifs', 'Tarifs | Coiffure Iris', `# Tarifs

## Femmes

- Coupe et brushing : 45 €
- Couleur : 55 €

## Hommes

- Coupe homme : 22 €
- Taille de barbe : 12 €`),
];

const ask = (message: string, documents: KnowledgeDocument[], business: string) => offlineReplyOf(message, documents, { business });

describe('stop words of other languages', () => {
  it('leaves a German, Spanish or French question its meaningful words only', () => {
    expect(termsOf('Was kostet ein Stück Apfelkuchen bei euch?')).toEqual(['kostet', 'stuck', 'apfelkuchen']);
    // "el" stays (WordNet's "elevated railway"): on a Spanish site it is in every passage and weighs little.
    expect(termsOf('¿Cuánto cuesta el zumo de naranja?')).toEqual(['cuesta', 'el', 'zumo', 'naranja']);
    // "pour" stays: it is an English word too ("to pour"), and English decides about English words.
    expect(termsOf('Est-ce que vous faites les coupes pour enfants ?')).toEqual(['fait', 'coup', 'pour', 'enfant']);
  });

  it('keeps English words of everyday meaning that other languages use as stop words', () => {
    // "car" (French "because"), "son" (French "his"), "door" (Dutch "through"), "dog" (Swedish "but").
    expect(termsOf('Can my son wash the car by the door with the dog?')).toEqual(['son', 'wash', 'car', 'door', 'dog']);
  });

  it('is the list the generator writes from the stopword package', () => {
    const lists = stopWordListsOfOtherLanguages(englishStopWords());
    expect(stopWordsFile).toBe(lists.everywhere.join(' '));
    expect(englishLookingFile).toBe(lists.englishLooking.join(' '));
  });
});

describe('facts as other languages write them', () => {
  it('finds hours written with Uhr, h, day ranges and day names in other languages', () => {
    for (const text of ['Di–Sa 6.30–18 Uhr', 'Lunes a viernes: 8:00 – 20:00', 'Samedi : 9h – 17h', 'Montag Ruhetag', 'Domingo cerrado', 'segunda-feira: 6h às 22h']) {
      expect(statesFact(text, 'hours'), text).toBe(true);
    }
    // An English word that is also a short day name elsewhere ("son" is Sunday in Catalan) is no day.
    expect(statesFact('My son is 15 and trains alone.', 'hours')).toBe(false);
  });

  it('finds streets and postcodes of other countries', () => {
    for (const text of ['Lindenstraße 14, 79098 Freiburg', 'Calle del Olmo 7, 37001 Salamanca', '12 rue des Tanneurs, 69002 Lyon', 'Rua das Flores, 210', 'ul. Długa 5, 00-950 Warszawa', 'Øvregaten 14, 5003 Bergen', 'Bahnhofstrasse 3, 8001 Zürich']) {
      expect(statesFact(text, 'address'), text).toBe(true);
    }
    expect(statesFact('Wir backen jeden Tag frisch.', 'address')).toBe(false);
    // Four digits and a word alone are as often a year as a postcode.
    expect(statesFact('Roasting since 2016 Ingrid has travelled to every farm.', 'address')).toBe(false);
  });

  it('finds years in business and durations', () => {
    expect(statesFact('Familienbetrieb seit 1962', 'founded')).toBe(true);
    expect(statesFact('Más de 20 años de experiencia', 'founded')).toBe(true);
    expect(statesFact('Salon de coiffure depuis 2008.', 'founded')).toBe(true);
    expect(statesFact('Behandlungsdauer: 45 Minuten', 'duration')).toBe(true);
    expect(statesFact('La sesión dura 2 horas', 'duration')).toBe(true);
  });

  it('knows what a question asks for in other languages', () => {
    expect(factTypesAsked('Was kostet ein Roggenbrot?')).toEqual(['price']);
    expect(factTypesAsked('¿A qué hora abren el sábado?')).toEqual(['hours']);
    expect(factTypesAsked('Où se trouve le salon ?')).toEqual(['address']);
    expect(factTypesAsked('Qual é o telefone da academia?')).toEqual(['phone']);
    expect(factTypesAsked('Kto prowadzi gabinet?')).toEqual(['person']);
    expect(factTypesAsked('Seit wann gibt es die Bäckerei?')).toEqual(['founded']);
    // "combien de temps" asks how long, not how much.
    expect(factTypesAsked('Combien de temps dure une couleur ?')).toEqual(['duration']);
  });

  it('tells yes/no questions in other languages', () => {
    expect(isOtherLanguageYesNo('Habt ihr auch glutenfreies Brot?')).toBe(true);
    expect(isOtherLanguageYesNo('Vous êtes ouverts le lundi ?')).toBe(true);
    expect(isOtherLanguageYesNo('Czy macie parking?')).toBe(true);
    expect(isOtherLanguageYesNo('Wo ist die Bäckerei?')).toBe(false);
    expect(isOtherLanguageYesNo('Is there parking?')).toBe(false);
  });

  it('day names are what Intl says', () => {
    expect(weekdaysFile).toEqual(weekdayNamesFromIntl());
  });
});

describe('answering in other languages', () => {
  it('answers a German bakery', () => {
    expect(ask('Was kostet ein Stück Käsekuchen?', bakery, 'Bäckerei Brotzeit')).toContain('3,10');
    expect(ask('Wann habt ihr am Sonntag offen?', bakery, 'Bäckerei Brotzeit')).toContain('7–11 Uhr');
    expect(ask('Wo finde ich euch?', bakery, 'Bäckerei Brotzeit')).toContain('Lindenstraße 14');
    expect(ask('Wer ist der Inhaber?', bakery, 'Bäckerei Brotzeit')).toContain('Jonas Keller');
    expect(ask('Seit wann gibt es die Bäckerei?', bakery, 'Bäckerei Brotzeit')).toContain('1962');
  });

  it('answers a Spanish café', () => {
    expect(ask('¿Cuánto cuesta el zumo de naranja?', cafe, 'Café Luna')).toContain('2,90');
    expect(ask('¿A qué hora abren el sábado?', cafe, 'Café Luna')).toContain('9:00');
    expect(ask('¿Dónde están?', cafe, 'Café Luna')).toContain('Calle del Olmo 7');
  });

  it('answers a French salon', () => {
    expect(ask('Combien coûte une coupe homme ?', salon, 'Coiffure Iris')).toContain('22');
    expect(ask('Où se trouve le salon ?', salon, 'Coiffure Iris')).toContain('rue des Tanneurs');
    expect(ask('Jusqu’à quelle heure êtes-vous ouverts le samedi ?', salon, 'Coiffure Iris')).toContain('17h');
  });

  it('refuses what the site does not say, in other languages too', () => {
    expect(ask('Habt ihr Parkplätze?', bakery, 'Bäckerei Brotzeit')).toBe('');
    expect(ask('Vous faites les extensions de cils ?', salon, 'Coiffure Iris')).toBe('');
    expect(ask('¿Cuánto cuesta una tarta de cumpleaños?', cafe, 'Café Luna')).not.toMatch(/\d/);
  });
});

describe('people in other languages', () => {
  const studio = [
    page('https://ruch.example/', 'Studio Ruchu', `# Studio Ruchu

Gabinet fizjoterapii w Krakowie.

## Zespół

### Marta Zielińska

Fizjoterapeutka, prowadzi terapię kobiet w ciąży i kinesiotaping.

### Tomasz Nowak

Właściciel gabinetu, trener przygotowania motorycznego.`),
  ];

  it('knows a person by a role in another language', () => {
    expect(statesFact('Jonas Keller, Bäckermeister und Inhaber', 'person')).toBe(true);
    expect(statesFact('Lucía Martín, jefe de cocina', 'person')).toBe(true);
    expect(statesFact('Claire Dubois, propriétaire du salon', 'person')).toBe(true);
  });

  it('answers who does what from a team page in Polish', () => {
    // "właścicielem" (instrumental) is another form of "Właściciel" (word-forms.ts).
    expect(ask('Kto jest właścicielem?', studio, 'Studio Ruchu')).toContain('Tomasz Nowak');
    expect(ask('Kto robi kinesiotaping?', studio, 'Studio Ruchu')).toContain('Marta Zielińska');
  });
});
