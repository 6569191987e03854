import { describe, expect, it } from 'vitest';
import { everydayTermsOf } from '../../../functions/core/knowledge/common-words/common-words.js';
import { offlineReplyOf, page } from '../../support/offline-reply.js';

/**
 * A question in another language says what it asks with everyday words the site need not use ("zu spät
 * kommen" over "halten wir 15 Minuten frei"): as in English, such a word weighs like a known one, while a
 * rarer one still names a thing the site does not mention.
 */
const trattoria = [
  page(
    'https://trattoria-lupo.example.de/',
    'Trattoria Lupo',
    `# Trattoria Lupo\n\n## Reservierung\n\nReservierte Tische halten wir 15 Minuten frei. Danach vergeben wir den Tisch an wartende Gäste.\n\n## Speisekarte\n\nLasagne al forno 12,50 €\n\nTiramisu 6,90 €`,
  ),
];
const askTrattoria = (message: string) => offlineReplyOf(message, trattoria, { business: 'Trattoria Lupo' });

describe('everyday words of other languages', () => {
  it('counts the most frequent words of a question in another language as everyday, not those of an English one', () => {
    expect([...everydayTermsOf('Vocês fazem festa de aniversário?')]).toContain('festa');
    expect([...everydayTermsOf('Was passiert, wenn wir zu spät kommen?')]).toEqual(expect.arrayContaining(['passiert', 'spat']));
    expect([...everydayTermsOf('What is a festa?')]).not.toContain('festa');
  });

  it('answers a question whose everyday words the site does not use', () => {
    expect(askTrattoria('Was passiert mit unserem Tisch, wenn wir 20 Minuten zu spät kommen?')).toMatch(/15 Minuten/);
  });

  it('does not answer a question about a thing the site never names with a passage matching its other words', () => {
    expect(askTrattoria('Habt ihr eine Terrasse für Raucher?')).toBe('');
  });

  it('takes paying as asking a price only after "was" or "wie viel": paying by card is no price', () => {
    expect(askTrattoria('Kann man bei euch mit Karte zahlen?')).not.toMatch(/€/);
    expect(askTrattoria('Was zahlt man für das Tiramisu?')).toMatch(/6,90/);
  });
});
