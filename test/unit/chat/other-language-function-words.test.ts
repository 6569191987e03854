import { describe, expect, it } from 'vitest';
import { toSearchTerm, withContractionsWritten } from '../../../functions/core/knowledge/search-terms.js';
import { offlineReplyOf, page } from '../../support/offline-reply.js';

/**
 * The words of a question in another language that ask rather than name: elided articles and pronouns
 * ("C'est", "l'agneau"), question words and modal verbs some stop-word lists lack ("quoi", "wanneer",
 * "peux"), and the verbs of offering ("vendez"). None of them is a thing the site has to mention.
 */
const fromagerie = [
  page(
    'https://fromagerie-lune.example.fr/',
    'Fromagerie de la Lune',
    `# Fromagerie de la Lune\n\n## Nos fromages\n\nNous proposons un comté affiné 24 mois et des chèvres fermiers de la région.\n\n## Contact :\n\n14 rue des Halles, 69002 Lyon\n\nbonjour@fromagerie-lune.fr\n\n## Horaires d'ouverture :\n\nLundi : Fermé\nMardi – Samedi : 09:00 - 19:00\nDimanche : 09:00 - 12:30`,
  ),
];
const ask = (message: string) => offlineReplyOf(message, fromagerie, { business: 'Fromagerie de la Lune', strictness: 7 });

describe('function words of questions in other languages', () => {
  it('drops the letter an elision leaves, not an English contraction or a name', () => {
    expect(withContractionsWritten("C'est quoi l'adresse d'ici ?")).toBe('est quoi adresse ici ?');
    expect(withContractionsWritten("It's O'Brien's")).toBe("It's O'Brien's");
  });

  it('takes question words and modal verbs as stop words', () => {
    for (const word of ['quoi', 'quand', 'wanneer', 'peux', 'pouvez', 'puedo', 'possono']) expect(toSearchTerm(word)).toBeNull();
  });

  it('answers what the site states, asked with those words', () => {
    expect(ask("C'est quoi vos horaires le mardi ?")).toMatch(/09:00 - 19:00/);
    expect(ask('À quelle adresse e-mail je peux vous écrire ?')).toMatch(/bonjour@fromagerie-lune\.fr/);
    expect(ask('Vous vendez du comté ?')).toMatch(/comté affiné 24 mois/);
  });

  it('says a heading ending in its own colon once', () => {
    expect(ask("C'est quoi vos horaires le mardi ?")).toMatch(/^Horaires d'ouverture:\n/);
  });

  it('still refuses what the site does not sell', () => {
    expect(ask('Vous vendez du saumon fumé ?')).toBe('');
  });
});
