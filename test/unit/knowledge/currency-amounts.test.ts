import { describe, expect, it } from 'vitest';
import currencies from '../../../functions/core/knowledge/currencies/currencies.json' with { type: 'json' };
import { currencyDataFromIntl } from '../../../functions/core/knowledge/currencies/generate.js';
import { amountsIn, statesAmount } from '../../../functions/core/knowledge/currency-amounts.js';
import { statesFact } from '../../../functions/core/knowledge/fact-types.js';
import { unsupportedFacts } from '../../../functions/core/chat/grounding-check.js';

describe('amountsIn: amounts in every currency and locale', () => {
  it.each([
    ['Haircut R95', 'R95', '95'],
    ['Personal training KES 2,500 per session', 'KES 2,500', '2500'],
    ['Sauna entry from 2 500 NOK', '2 500 NOK', '2500'],
    ['Kids swim kr 200', 'kr 200', '200'],
    ['Thali ₹499 only', '₹499', '499'],
    ['Jollof platter ₦5,000', '₦5,000', '5000'],
    ['Day pass CHF 45', 'CHF 45', '45'],
    ["Weekend CHF 1'234.50", "CHF 1'234.50", '1234.50'],
    ['Menü 1.234,50 €', '1.234,50 €', '1234.50'],
    ['Strzyżenie 12,50 zł', '12,50 zł', '12.50'],
    ['Dagspass 1 234,50 kr', '1 234,50 kr', '1234.50'],
    ['Consultation Ksh 1,500/-', 'Ksh 1,500/-', '1500'],
    ['Massage Rs. 499', 'Rs. 499', '499'],
    ['Corte R$ 1.234,50', 'R$ 1.234,50', '1234.50'],
    ['A braai pack for 95 rand', '95 rand', '95'],
    ['Boda boda ride 2,500 shillings', '2,500 shillings', '2500'],
    ['Deep clean from $1,250.00', '$1,250.00', '1250'],
    ['Clear aligners from ₹1,20,000', '₹1,20,000', '120000'],
    // A letter symbol in another case and plural, as Kenyan sites write the shilling.
    ['Dog walking: charges are KShs. 3,000 per hour', 'KShs. 3,000', '3000'],
    ['Boarding KSH 6,000 a night', 'KSH 6,000', '6000'],
    ['Safari day trip 4,500 tshs', '4,500 tshs', '4500'],
  ])('finds the amount in %j', (text, written, value) => {
    expect(amountsIn(text)).toEqual([expect.objectContaining({ text: written, value })]);
    expect(statesFact(text, 'price')).toBe(true);
  });

  it.each(['TOP 10 reasons to visit', 'Our 10K run starts at 8', 'Postcode M1 1AE', 'A 5 km walk', 'Open since 1987', 'Tables of 6 or more', 'Call 0800 123 456', 'ALL 3 rooms have a view', 'The fence is 5 ft high', 'le 5 mai'])(
    'finds no amount in %j',
    (text) => {
      expect(statesAmount(text)).toBe(false);
      expect(statesFact(text, 'price')).toBe(false);
    },
  );

  it('knows the currencies Intl knows (currencies.json is up to date with this Node)', () => {
    expect(currencies).toEqual(currencyDataFromIntl());
  });
});

describe('unsupportedFacts: amounts written with other separators', () => {
  const given = ['Sauna entry 2 500 NOK. Massage 1.234,50 € per person. Day pass CHF 45.'];

  it('accepts an amount the knowledge states with its own locale separators', () => {
    expect(unsupportedFacts('Sauna entry is NOK 2,500 and a massage €1,234.50.', given)).toEqual([]);
  });

  it('still reports an amount the knowledge does not state', () => {
    expect(unsupportedFacts('A day pass is CHF 55.', given)).toEqual(['55']);
  });
});
