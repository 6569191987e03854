import { describe, expect, it } from 'vitest';
import { unsupportedFacts } from '../../../functions/core/chat/grounding-check.js';

/** What the model was given: two passages of a cleaning company's site. */
const given = [
  '### Standard clean\n\n$120 per visit, for homes with up to 3 bedrooms. Takes about 3 hours.',
  'Contact: call +44 117 946 0123 or e-mail hello@sparkle.example. Opening hours: 8:30am - 6pm, Monday to Saturday. We have cleaned 1500 homes since 2009.',
];

describe('unsupportedFacts', () => {
  it('finds nothing in a reply that repeats the given price, phone number, e-mail address and times', () => {
    const reply =
      'A standard clean is $120 per visit (up to 3 bedrooms, about 3 hours). ' +
      'You can call us on 0117 946 0123 or email hello@sparkle.example. We are open from 8:30am to 6pm, Monday to Saturday.';
    expect(unsupportedFacts(reply, given)).toEqual([]);
  });

  it('accepts the phone number written in another format', () => {
    for (const phone of ['+44 117 946 0123', '+44 (0)117 946 0123', '(0117) 946-0123', '01179460123']) {
      expect(unsupportedFacts(`Call us on ${phone}.`, given)).toEqual([]);
    }
  });

  it('accepts an e-mail address in other letter case', () => {
    expect(unsupportedFacts('Write to Hello@Sparkle.example.', given)).toEqual([]);
  });

  it('reports an invented price', () => {
    expect(unsupportedFacts('A standard clean is $150 per visit.', given)).toEqual(['150']);
  });

  it('reports an invented phone number, even one close to the real one', () => {
    const unsupported = unsupportedFacts('Call us on 0117 946 0999.', given);
    expect(unsupported).toHaveLength(1);
    expect(unsupported[0]).toContain('946 0999');
    expect(unsupportedFacts('Call us on (555) 123-4567.', given)).toHaveLength(1);
  });

  it('reports an invented e-mail address at the right domain', () => {
    expect(unsupportedFacts('Email bookings@sparkle.example to book.', given)).toEqual(['bookings@sparkle.example']);
  });

  it('reports an invented count or time', () => {
    expect(unsupportedFacts('We have cleaned 2000 homes.', given)).toEqual(['2000']);
    expect(unsupportedFacts('A standard clean covers up to 4 bedrooms.', given)).toEqual(['4']);
    expect(unsupportedFacts('We are open until 7pm.', given)).toEqual(['7']);
  });

  it('reports every unsupported fact of a reply, and only those', () => {
    const reply = 'A standard clean is $120, a deep clean is $180. Call 0117 946 0123 or write to info@sparkle.example.';
    expect(unsupportedFacts(reply, given).sort()).toEqual(['180', 'info@sparkle.example'].sort());
  });

  it('ignores numbers inside a markdown link target or a bare URL', () => {
    expect(unsupportedFacts('See [our prices](https://sparkle.example/pricing?id=98765) for details.', given)).toEqual([]);
    expect(unsupportedFacts('See https://sparkle.example/p/12345 for details.', given)).toEqual([]);
  });

  it('still checks the text of a markdown link', () => {
    expect(unsupportedFacts('See [prices from $99](https://sparkle.example/pricing).', given)).toEqual(['99']);
  });

  it('treats figures with and without thousands separators or zero decimals as the same', () => {
    expect(unsupportedFacts('We have cleaned 1,500 homes.', given)).toEqual([]);
    expect(unsupportedFacts('We have cleaned 1500 homes.', ['We have cleaned 1,500 homes.'])).toEqual([]);
    expect(unsupportedFacts('It costs $1,500.', ['It costs $1500.00'])).toEqual([]);
    expect(unsupportedFacts('A standard clean is $120.00.', given)).toEqual([]);
  });

  it('does not take a different figure for a separated one', () => {
    expect(unsupportedFacts('We have cleaned 15,000 homes.', given)).toEqual(['15000']);
  });

  it('finds nothing in a reply without facts, and everything when nothing was given', () => {
    expect(unsupportedFacts('Yes, we bring our own eco-friendly products.', given)).toEqual([]);
    expect(unsupportedFacts('It is $120, call 0117 946 0123.', [])).toHaveLength(2);
  });
});
