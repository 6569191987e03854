import type { KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';

/**
 * The readable text of a small bakery's website and two knowledge entries, as the crawler and the
 * knowledge screen produce them. Several pages mention hours, opening and times in other senses, so
 * ranking has to be right for the right reasons.
 */
export const bakeryDocuments: KnowledgeDocument[] = [
  {
    id: 'https://rosies-bakery.example/',
    source: 'page',
    title: "Rosie's Bakery | Sourdough and pastries in Brighton",
    url: 'https://rosies-bakery.example/',
    text: `# Welcome to Rosie's Bakery

We are a family bakery in the heart of Brighton. Every loaf is shaped by hand and baked in our stone oven before sunrise, so the bread on our shelves is never more than a few hours old.

## Our bread

Our sourdough starter is twelve years old. We bake country loaves, seeded rye, spelt and a soft white sandwich loaf every day, and focaccia with rosemary and sea salt on weekends.

## Pastries and cakes

Croissants, pain au chocolat, cinnamon buns and seasonal fruit tarts come out of the oven from early morning. Celebration cakes are made to order.`,
  },
  {
    id: 'https://rosies-bakery.example/visit',
    source: 'page',
    title: "Visit us | Rosie's Bakery",
    url: 'https://rosies-bakery.example/visit',
    text: `# Visit us

## Opening hours

Monday to Friday: 7:00 am to 6:00 pm. Saturday: 8:00 am to 5:00 pm. Sunday: 8:00 am to 2:00 pm. We are closed on bank holidays and between Christmas Day and New Year's Day.

## Address and parking

You will find us at 14 Kensington Gardens, Brighton BN1 4AL, a five minute walk from Brighton station. There is no customer car park; the nearest public car park is on Church Street. Bicycle racks are right outside the shop.

## Accessibility

The shop has step-free access through the main door and a wide aisle. Assistance dogs are always welcome.`,
  },
  {
    id: 'https://rosies-bakery.example/catering',
    source: 'page',
    title: "Catering and celebration cakes | Rosie's Bakery",
    url: 'https://rosies-bakery.example/catering',
    text: `# Catering

We cater for offices, weddings and parties across Brighton and Hove: sandwich platters, pastry boxes and grazing tables with our breads and local cheeses.

## How to order

Please order at least 48 hours in advance for platters and pastry boxes, and two weeks in advance for wedding cakes. Orders can be placed by email or in the shop during opening times. A deposit of 25 percent confirms a wedding cake order.`,
  },
  {
    id: 'https://rosies-bakery.example/delivery',
    source: 'page',
    title: "Delivery | Rosie's Bakery",
    url: 'https://rosies-bakery.example/delivery',
    text: `# Local delivery

We deliver bread and pastries within five miles of the shop by cargo bike. Delivery costs £3.50 and is free for orders over £30. Order before 8 pm for delivery the next morning between 7 am and 10 am. We do not deliver on Sundays.`,
  },
  {
    id: 'https://rosies-bakery.example/careers',
    source: 'page',
    title: "Careers | Rosie's Bakery",
    url: 'https://rosies-bakery.example/careers',
    text: `# Work with us

We currently have two open positions: an early-shift baker (starting at 4 am, 40 hours a week) and a weekend shop assistant. We pay the real living wage, share tips equally and train apprentices. Send your CV to jobs@rosies-bakery.example.`,
  },
  {
    id: 'https://rosies-bakery.example/allergens',
    source: 'page',
    title: "Allergens and dietary needs | Rosie's Bakery",
    url: 'https://rosies-bakery.example/allergens',
    text: `# Allergens

All our products are made in a kitchen that handles wheat, gluten, nuts, sesame, eggs and milk, so we cannot guarantee that any product is free of allergens. Our vegan range (rye bread, focaccia and the oat cookies) contains no animal products. Ask our staff for the full ingredient list of any product.`,
  },
  {
    id: 'entry-gluten-free',
    source: 'entry',
    type: 'faq',
    title: 'Do you sell gluten-free bread?',
    text: 'Yes, on Fridays and Saturdays we bake a gluten-free buckwheat loaf in a separate batch. Because our kitchen handles wheat, we cannot call it suitable for people with coeliac disease.',
  },
  {
    id: 'entry-payment',
    source: 'entry',
    type: 'faq',
    title: 'Which payment methods do you accept?',
    text: 'We accept cash, all major debit and credit cards, Apple Pay and Google Pay. Catering orders can also be paid by bank transfer.',
  },
];
