import { describe, expect, it } from 'vitest';
import { isOffTopic } from '../../../functions/core/chat/off-topic.js';
import { chunkDocuments } from '../../../functions/core/knowledge/chunk.js';
import type { SearchHit } from '../../../functions/core/knowledge/search-index.js';

/** A bakery's knowledge: no passage mentions owners, refunds or where it is located in those words. */
const passages: SearchHit[] = chunkDocuments([
  {
    id: 'https://rye.example/',
    source: 'page',
    title: 'Maple & Rye Bakery',
    url: 'https://rye.example/',
    text: '# Maple & Rye\n\nSourdough, croissants and celebration cakes baked by hand every morning.\n\n## Wholesale\n\nWe supply cafés and restaurants with bread six days a week.',
  },
  {
    id: 'https://rye.example/cakes',
    source: 'page',
    title: 'Cakes | Maple & Rye',
    url: 'https://rye.example/cakes',
    text: '# Celebration cakes\n\nChocolate, lemon drizzle and carrot cakes, decorated to order for birthdays and weddings.',
  },
]).map((chunk) => ({ chunkId: chunk.id, documentId: chunk.documentId, source: chunk.source, title: chunk.title, url: chunk.url, heading: chunk.heading, text: chunk.text, score: 1 }));

describe('isOffTopic', () => {
  it.each(['Where are you located?', 'Who owns the business?', "What's your refund policy?", 'What time do you open on Sunday?', 'How can I contact you?', 'Do you take card payments?', 'Which countries do you operate in?'])(
    'never judges a question about the business off-topic, though no passage shares its words: %j',
    (question) => {
      expect(isOffTopic(question, passages)).toBe(false);
      expect(isOffTopic(question, [])).toBe(false);
    },
  );

  it('judges a general-knowledge question off-topic', () => {
    expect(isOffTopic('What is the capital of Mongolia?', passages)).toBe(true);
    expect(isOffTopic('Who won the World Cup in 2018?', passages)).toBe(true);
    expect(isOffTopic('Write me a poem about dragons', passages)).toBe(true);
  });

  it('does not judge a question about something the knowledge mentions off-topic', () => {
    expect(isOffTopic('Do you make carrot cakes?', passages)).toBe(false);
    expect(isOffTopic('Can cafés order wholesale bread?', passages)).toBe(false);
  });

  it.each(['Hi!', 'Hello, good morning', 'Thanks!', 'Thank you, bye', 'ok'])('never judges a greeting or thanks off-topic: %j', (message) => {
    expect(isOffTopic(message, passages)).toBe(false);
  });

  it.each(['Do you do takeaway?', 'Can I bring my dog?', 'Do you sell gift vouchers?', 'Does the kitchen cater for coeliacs?', 'Are your soaps eco-friendly?'])(
    'never judges asking whether the business does, sells or allows something off-topic: %j',
    (question) => expect(isOffTopic(question, passages)).toBe(false),
  );

  it('judges nothing off-topic without knowledge to compare', () => {
    expect(isOffTopic('What is the capital of Mongolia?', undefined)).toBe(false);
  });
});
