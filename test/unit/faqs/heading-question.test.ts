import { describe, expect, it } from 'vitest';
import { headingQuestion } from '../../../functions/core/knowledge/faqs/heading-question.js';

describe('headingQuestion', () => {
  it.each([
    ['Opening hours', 'What are your opening hours?'],
    ['Holiday hours:', 'What are your holiday hours?'],
    ['Sizes and prices', 'What are your sizes and prices?'],
    ['Terms of service', 'What are your terms of service?'],
    ['Delivery', 'What should I know about delivery?'],
    ['Our menu', 'What should I know about your menu?'],
    ['Ordering', 'How does ordering work?'],
    ['How to order', 'How do I order?'],
    ['Where to find us', 'Where can I find you?'],
    ['What we care about', 'What do you care about?'],
    ['What we have learned', 'What have you learned?'],
    ['Who we are', 'Who are you?'],
    ['Contact us', 'How can I contact you?'],
    ['Contact', 'How can I contact you?'],
    ['Order online', 'How can I order online?'],
    ['Book a table', 'How can I book a table?'],
    ['Clara Whitfield, head baker and co-owner', 'Who is Clara Whitfield?'],
    ['Fresh bread from Harbor Street since 2009', 'What should I know about fresh bread from Harbor Street since 2009?'],
    ['Do you deliver?', 'Do you deliver?'],
  ])('%s -> %s', (heading, question) => {
    expect(headingQuestion(heading)).toBe(question);
  });

  it('names the business for "About us" when its name is known', () => {
    expect(headingQuestion('About us', { siteName: 'Maple & Rye Bakery' })).toBe('What should I know about Maple & Rye Bakery?');
    expect(headingQuestion('About us')).toBe('What should I know about you?');
  });

  it.each(['Follow us', 'Related posts', 'Leave a reply', 'Share this', 'Table of contents', 'FAQ', 'Frequently asked questions', '2024', 'A heading far too long to be the topic of a single question about the business'])(
    'skips %s',
    (heading) => {
      expect(headingQuestion(heading)).toBeUndefined();
    },
  );
});
