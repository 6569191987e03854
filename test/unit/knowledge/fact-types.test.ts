import { describe, expect, it } from 'vitest';
import { factTypesAsked, factTypesStated, factWordsAsked, statesFact } from '../../../functions/core/knowledge/fact-types.js';

describe('statesFact: prices', () => {
  it.each(['A standard clean is $120.', 'Lessons cost £35 per hour.', 'Entry tickets €15 for adults', 'Haircut ৳500', 'Deep clean from $1,250.00'])(
    'finds a price in %j',
    (text) => expect(statesFact(text, 'price')).toBe(true),
  );

  it('counts "free of charge" as a price', () => {
    expect(statesFact('Parking for customers is free of charge.', 'price')).toBe(true);
  });

  it('counts a free offer said in a sentence as a price, not a button inviting to one', () => {
    expect(statesFact('Transparent pricing with no surprises. Get a free quote before we start any work.', 'price')).toBe(true);
    expect(statesFact('Get a Free Estimate', 'price')).toBe(false);
    expect(statesFact('Start free trial', 'price')).toBe(false);
  });

  it('finds a discount in a price reduction, not in any price', () => {
    expect(statesFact('Book now and get 20% off your first cleaning.', 'discount')).toBe(true);
    expect(statesFact('Registered charities get 30% off any plan.', 'discount')).toBe(true);
    expect(statesFact('Standard clean: $139/session', 'discount')).toBe(false);
  });

  it('finds no price in text that only talks about prices', () => {
    expect(statesFact('Ask us for a price list and we will send it.', 'price')).toBe(false);
    expect(statesFact('We have cleaned 500 homes in Bristol.', 'price')).toBe(false);
  });
});

describe('statesFact: opening hours', () => {
  it.each(['We are open 8am - 6pm', 'Doors open at 9:00 AM', 'Monday to Friday, 8.30 to 5 pm', 'Emergency callouts 24/7', 'Opening hours: weekdays and most weekends'])(
    'finds hours in %j',
    (text) => expect(statesFact(text, 'hours')).toBe(true),
  );

  it('finds no hours in a price or a count', () => {
    expect(statesFact('A standard clean is $120.', 'hours')).toBe(false);
    expect(statesFact('We have cleaned 500 homes.', 'hours')).toBe(false);
  });
});

describe('statesFact: addresses', () => {
  it.each(['Find us at 12 Baker Street.', '221B Baker St, London', 'Come and see us in London EC1A 1BB', 'Springfield, IL 62704', 'Address: Riverside Park, Bristol'])(
    'finds an address in %j',
    (text) => expect(statesFact(text, 'address')).toBe(true),
  );

  it('does not take a floor area for an address', () => {
    expect(statesFact('Our warehouse is 1500 sq. ft.', 'address')).toBe(false);
  });

  it('does not take a price or a count for an address', () => {
    expect(statesFact('A standard clean is $120.', 'address')).toBe(false);
    expect(statesFact('We run 12 vans and 30 cleaners.', 'address')).toBe(false);
  });
});

describe('statesFact: phone numbers', () => {
  it.each(['Call +44 (0)20 7123 4567', 'Call (555) 123-4567', 'Call 1 (800) CLEAN-NOW', 'Bookings: 020 7123 4567'])('finds a phone number in %j', (text) =>
    expect(statesFact(text, 'phone')).toBe(true),
  );

  it.each(['We traded from 2010-2020.', 'Founded on 2015-06-01.', 'Our biggest job cost $2500000.', 'A deep clean is £1,250.00 for a large house.'])(
    'finds no phone number in %j',
    (text) => expect(statesFact(text, 'phone')).toBe(false),
  );
});

describe('statesFact: e-mail addresses', () => {
  it('finds an e-mail address', () => {
    expect(statesFact('Write to hello@sparkle-cleaning.co.uk any time.', 'email')).toBe(true);
    expect(statesFact('Write to us any time.', 'email')).toBe(false);
    expect(statesFact('Follow us @sparkle on Instagram.', 'email')).toBe(false);
  });
});

describe('factTypesStated', () => {
  it('names every kind of fact a contact block states', () => {
    const stated = factTypesStated('Sparkle Cleaning Co.\n42 Harbour Road, Bristol BS1 4RN\nPhone: 0117 946 0123\nhello@sparkle.example\nOpen Monday to Friday 8am - 6pm');
    expect(stated).toEqual(expect.arrayContaining(['address', 'phone', 'email', 'hours']));
    expect(stated).not.toContain('price');
  });

  it('names none for a sentence without facts', () => {
    expect(factTypesStated('We love making homes sparkle.')).toEqual([]);
  });
});

describe('factTypesAsked', () => {
  it.each([
    ['Where are you located?', 'address'],
    ["What's your phone number?", 'phone'],
    ['What’s your phone number?', 'phone'],
    ['How much does a standard clean cost?', 'price'],
    ['How much is it?', 'price'],
    ['What are your opening hours?', 'hours'],
    ['Can I email you?', 'email'],
    ['How many customers have you had?', 'quantity'],
    ['We need our small office cleaned. What would that run us?', 'price'],
    ['How far ahead can I book a table?', 'duration'],
    ['I run a charity. Is there a price break for us?', 'discount'],
    ['Is there a deal for first-time customers?', 'discount'],
    ['What time do you shut on Saturdays?', 'hours'],
    ['Whereabouts are you?', 'address'],
  ] as const)('%j asks for %s', (question, type) => {
    expect(factTypesAsked(question)).toContain(type);
  });

  it('takes "How can I contact you?" as asking for a phone number, an e-mail address or an address', () => {
    expect(factTypesAsked('How can I contact you?')).toEqual(expect.arrayContaining(['phone', 'email', 'address']));
  });

  it('takes "how much" of a thing as a quantity, not a price', () => {
    const asked = factTypesAsked('How much clover honey do the hives produce?');
    expect(asked).toContain('quantity');
    expect(asked).not.toContain('price');
  });

  it('does not take a price question for a quantity one', () => {
    expect(factTypesAsked('How much does a standard clean cost?')).not.toContain('quantity');
  });

  it('does not take a registration or order number for a phone number', () => {
    expect(factTypesAsked("What's your company registration number?")).not.toContain('phone');
    expect(factTypesAsked('Where do I find my order number?')).not.toContain('phone');
  });

  it('does not take every "where" for an address question', () => {
    expect(factTypesAsked('Where does the bus park?')).not.toContain('address');
  });

  it('finds no kind of fact in a yes/no question about a service', () => {
    expect(factTypesAsked('Do you clean offices?')).toEqual([]);
  });
});

describe('factWordsAsked', () => {
  it('gives the words that ask for the fact, not the subject of the question', () => {
    const words = factWordsAsked('How much does a standard clean cost?');
    expect([...words.keys()]).toEqual(['price']);
    const priceWords = words.get('price')!;
    expect(priceWords).toContain('cost');
    expect(priceWords).not.toContain('standard');
    expect(priceWords).not.toContain('clean');
  });

  it('gives "located" for an address question and "contact" for each contact kind', () => {
    expect(factWordsAsked('Where are you located?').get('address')).toContain('located');
    const contact = factWordsAsked('How can I contact you?');
    for (const type of ['phone', 'email', 'address'] as const) expect(contact.get(type)).toContain('contact');
  });

  it('takes the part of the day asked about in an hours question as answered by the hours', () => {
    expect(factWordsAsked('Are you open Saturday mornings?').get('hours')).toEqual(new Set(['open', 'saturday', 'mornings']));
    expect(factWordsAsked('Which evenings are you open late?').get('hours')).toContain('evenings');
  });

  it('gives nothing for a question asking for no kind of fact', () => {
    expect(factWordsAsked('Do you clean offices?').size).toBe(0);
  });
});

describe('people', () => {
  it('finds a person stated with a role beside the name', () => {
    expect(statesFact('Priya Shah, Head Chef', 'person')).toBe(true);
    expect(statesFact('Dr Alan Reid\nSenior Physiotherapist', 'person')).toBe(true);
  });

  it('finds the role when the page sets it in italics or bold', () => {
    expect(statesFact('Gail Porter\n_Practice Manager_', 'person')).toBe(true);
    expect(statesFact('Gail Porter\n**Practice Manager**', 'person')).toBe(true);
  });

  it('finds no person in capitalised service names or far from any role', () => {
    expect(statesFact('Deep Cleaning and Window Cleaning for every home', 'person')).toBe(false);
    expect(statesFact(`Sarah Jones wrote to us. ${'We loved the flowers and the view. '.repeat(3)} Our manager agrees.`, 'person')).toBe(false);
  });

  it('asks for a person with "who", and for an address with "where is" but not with "email address"', () => {
    expect(factTypesAsked('Who runs the shop?')).toContain('person');
    expect(factTypesAsked('Where is Acme?')).toContain('address');
    expect(factTypesAsked('What is your email address?')).toEqual(['email']);
  });
});

describe('countries', () => {
  it('reads "which countries", "abroad" and "internationally" as asking where the business works', () => {
    for (const question of ['Which countries do you operate in?', 'Do you work abroad?', 'Do you ship internationally?']) {
      expect(factTypesAsked(question)).toContain('country');
    }
    expect(factTypesAsked('Do you clean in Leeds?')).not.toContain('country');
  });

  it.each(['We clean homes across the US, UK, Canada and Europe.', 'Offices in the United Kingdom and Ireland', 'Serving U.S. customers since 2009', 'Bosnia and Herzegovina'])(
    'finds a country or continent named in %j',
    (text) => expect(statesFact(text, 'country')).toBe(true),
  );

  it('finds none in "us" the word, or in an abbreviation shouted in a heading', () => {
    for (const text of ['Contact us today for a free quote.', 'CONTACT US', 'GET IN TOUCH WITH US NOW', 'We clean in Leeds and Otley.']) {
      expect(statesFact(text, 'country')).toBe(false);
    }
  });
});

describe('statesFact: durations in words', () => {
  it('finds a length of time spelled out', () => {
    expect(statesFact('All of our labour is guaranteed for two years.', 'duration')).toBe(true);
    expect(statesFact('Colour lasts around four months.', 'duration')).toBe(true);
    expect(statesFact('Two of our plumbers are master plumbers.', 'duration')).toBe(false);
  });

  it('finds a length of time joined to its unit by a hyphen', () => {
    expect(statesFact('Every repair has a 12-month guarantee.', 'duration')).toBe(true);
    expect(statesFact('Start with a 30-day free trial.', 'duration')).toBe(true);
    expect(statesFact('Open 7 days a week, 9-5.', 'duration')).toBe(true);
    expect(statesFact('Call 0113-496-0321 today.', 'duration')).toBe(false);
  });
});
