import { describe, expect, it } from 'vitest';
import { splitMessageLinks, type MessagePart } from '../../frontend/src/lib/chat-links.js';

const text = (value: string): MessagePart => ({ type: 'text', text: value });
const link = (href: string, label: string): MessagePart => ({ type: 'link', href, label });
/** The label the rules give a bare URL. */
const labelOf = (url: string) => {
  const parts = splitMessageLinks(url);
  expect(parts).toHaveLength(1);
  const [part] = parts;
  if (part?.type !== 'link') throw new Error(`${url} did not become a link`);
  return part.label;
};

describe('splitMessageLinks: plain text', () => {
  it('keeps text without links as one text part, and gives nothing for an empty message', () => {
    expect(splitMessageLinks('We open at 7 am.')).toEqual([text('We open at 7 am.')]);
    expect(splitMessageLinks('')).toEqual([]);
  });

  it('leaves markup as text: the parts are rendered as text, never parsed as HTML', () => {
    expect(splitMessageLinks('<img src=x onerror=alert(1)> & <b>bold</b>')).toEqual([
      text('<img src=x onerror=alert(1)> & <b>bold</b>'),
    ]);
  });
});

describe('splitMessageLinks: markdown links', () => {
  it('makes [text](url) a link labelled with its text, keeping the text around it', () => {
    expect(splitMessageLinks('See [our menu](https://bakery.example/menu) for prices.')).toEqual([
      text('See '),
      link('https://bakery.example/menu', 'our menu'),
      text(' for prices.'),
    ]);
  });

  it("turns 'here' and 'click here' to a booking or hotel site into 'book here'", () => {
    expect(splitMessageLinks('Reserve [here](https://www.booking.com/hotel/us/harbor.html)')).toEqual([
      text('Reserve '),
      link('https://www.booking.com/hotel/us/harbor.html', 'book here'),
    ]);
    expect(splitMessageLinks('[Click here](https://grandharborhotel.example/rooms)')).toEqual([
      link('https://grandharborhotel.example/rooms', 'book here'),
    ]);
    expect(splitMessageLinks('[click here](https://bakery.example/reservations)')).toEqual([
      link('https://bakery.example/reservations', 'book here'),
    ]);
    expect(splitMessageLinks('[here](https://www.opentable.com/r/maple-and-rye)')).toEqual([
      link('https://www.opentable.com/r/maple-and-rye', 'book here'),
    ]);
  });

  it("keeps 'here' and other text when the link is not a booking or hotel site", () => {
    expect(splitMessageLinks('[here](https://bakery.example/menu)')).toEqual([link('https://bakery.example/menu', 'here')]);
    expect(splitMessageLinks('[Book a table](https://www.opentable.com/r/x)')).toEqual([
      link('https://www.opentable.com/r/x', 'Book a table'),
    ]);
  });

  it('labels a markdown link with empty text like a bare URL', () => {
    expect(splitMessageLinks('[](https://bakery.example/menu)')).toEqual([link('https://bakery.example/menu', 'visit bakery.example')]);
  });

  it('accepts mailto: and parentheses inside the URL', () => {
    expect(splitMessageLinks('[Email us](mailto:hello@bakery.example)')).toEqual([link('mailto:hello@bakery.example', 'Email us')]);
    expect(splitMessageLinks('[Rye](https://en.wikipedia.org/wiki/Rye_(grain)).')).toEqual([
      link('https://en.wikipedia.org/wiki/Rye_(grain)', 'Rye'),
      text('.'),
    ]);
  });

  it('keeps links with other protocols, or relative ones, as plain text', () => {
    for (const message of [
      '[win](javascript:alert(1))',
      '[win](JaVaScRiPt:alert(document.cookie))',
      '[img](data:text/html;base64,PHNjcmlwdD4=)',
      '[menu](/menu)',
      '[files](ftp://bakery.example/menu.pdf)',
      '[x](vbscript:msgbox(1))',
    ]) {
      expect(splitMessageLinks(message)).toEqual([text(message)]);
    }
  });
});

describe('splitMessageLinks: bare URLs', () => {
  it('makes a bare URL a link and keeps the text around it', () => {
    expect(splitMessageLinks('Our menu: https://bakery.example/menu and more')).toEqual([
      text('Our menu: '),
      link('https://bakery.example/menu', 'visit bakery.example'),
      text(' and more'),
    ]);
  });

  it("labels booking and reservation sites 'book here'", () => {
    expect(labelOf('https://www.booking.com/hotel/us/harbor.html')).toBe('book here');
    expect(labelOf('https://www.hotels.com/ho12345')).toBe('book here');
    expect(labelOf('https://www.opentable.com/r/maple-and-rye')).toBe('book here');
    expect(labelOf('https://www.airbnb.com/rooms/42')).toBe('book here');
    expect(labelOf('https://bakery.example/book')).toBe('book here');
    expect(labelOf('https://bakery.example/reservations?party=4')).toBe('book here');
    expect(labelOf('https://bakery.example/classes/book-now')).toBe('book here');
  });

  it("labels contact pages and mailto: 'contact us'", () => {
    expect(labelOf('https://bakery.example/contact')).toBe('contact us');
    expect(labelOf('https://bakery.example/contact-us#form')).toBe('contact us');
    expect(labelOf('mailto:hello@bakery.example')).toBe('contact us');
  });

  it("labels calendar and scheduling sites 'schedule here'", () => {
    expect(labelOf('https://calendly.com/maple-and-rye/15min')).toBe('schedule here');
    expect(labelOf('https://cal.com/clara/tasting')).toBe('schedule here');
    expect(labelOf('https://bakery.example/schedule')).toBe('schedule here');
    expect(labelOf('https://bakery.example/calendar/classes')).toBe('schedule here');
    expect(labelOf('https://calendar.google.com/calendar/appointments/abc')).toBe('schedule here');
  });

  it("labels anything else 'visit {hostname}' (without www.)", () => {
    expect(labelOf('https://www.maple-and-rye.example/menu')).toBe('visit maple-and-rye.example');
    expect(labelOf('http://127.0.0.1:4321/opening-hours')).toBe('visit 127.0.0.1');
    // 'book' inside a longer word is not a booking site.
    expect(labelOf('https://www.facebook.com/mapleandrye')).toBe('visit facebook.com');
    expect(labelOf('https://bakery.example/notebook-cakes')).toBe('visit bakery.example');
  });

  it('leaves trailing punctuation out of the URL', () => {
    expect(splitMessageLinks('Visit https://bakery.example/menu.')).toEqual([
      text('Visit '),
      link('https://bakery.example/menu', 'visit bakery.example'),
      text('.'),
    ]);
    expect(splitMessageLinks('Is it https://bakery.example/faq?!')).toEqual([
      text('Is it '),
      link('https://bakery.example/faq', 'visit bakery.example'),
      text('?!'),
    ]);
    expect(splitMessageLinks('(see https://bakery.example/menu), or mailto:hello@bakery.example.')).toEqual([
      text('(see '),
      link('https://bakery.example/menu', 'visit bakery.example'),
      text('), or '),
      link('mailto:hello@bakery.example', 'contact us'),
      text('.'),
    ]);
    expect(splitMessageLinks('"https://bakery.example/a?b=1",')).toEqual([
      text('"'),
      link('https://bakery.example/a?b=1', 'visit bakery.example'),
      text('",'),
    ]);
  });

  it('keeps balanced parentheses and query strings in the URL', () => {
    expect(splitMessageLinks('https://en.wikipedia.org/wiki/Rye_(grain) is a grain')).toEqual([
      link('https://en.wikipedia.org/wiki/Rye_(grain)', 'visit en.wikipedia.org'),
      text(' is a grain'),
    ]);
    expect(splitMessageLinks('https://bakery.example/menu?day=sat&lang=en')).toEqual([
      link('https://bakery.example/menu?day=sat&lang=en', 'visit bakery.example'),
    ]);
  });

  it('finds several links in one message, markdown and bare', () => {
    expect(splitMessageLinks('Call us or [email](mailto:a@b.example); hours: https://bakery.example/opening-hours')).toEqual([
      text('Call us or '),
      link('mailto:a@b.example', 'email'),
      text('; hours: '),
      link('https://bakery.example/opening-hours', 'visit bakery.example'),
    ]);
  });

  it('never produces a link without a host, or with another protocol', () => {
    expect(splitMessageLinks('https:// is a scheme')).toEqual([text('https:// is a scheme')]);
    expect(splitMessageLinks('mailto: nobody')).toEqual([text('mailto: nobody')]);
    expect(splitMessageLinks('javascript:alert(1) and ftp://x.example')).toEqual([text('javascript:alert(1) and ftp://x.example')]);
    for (const part of splitMessageLinks('x https://a.example [y](javascript:z) mailto:q@r.example')) {
      if (part.type === 'link') expect(new URL(part.href).protocol).toMatch(/^(https?|mailto):$/);
    }
  });
});
