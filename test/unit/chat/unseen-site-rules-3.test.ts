import { describe, expect, it } from 'vitest';
import { leavesOutDaysAsked } from '../../../functions/core/chat/day-hours.js';
import { chunkDocument } from '../../../functions/core/knowledge/chunk.js';
import type { KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';
import { offlineReplyOf, page } from '../../support/offline-reply.js';

/**
 * Made-up sites for the rules of issue 29's third real set (docs/offline-answers.md): a climbing wall
 * in Leeds with a session timetable and no opening hours, as the crawler writes its pages.
 */
const wall: KnowledgeDocument[] = [
  {
    id: 'https://cragside.example/',
    source: 'page',
    title: 'Cragside Climbing',
    url: 'https://cragside.example/',
    text: `# Cragside Climbing

## Why climb with us

- Friendly instructors
- Convenient location and hours

## Session timetable

Session: Bouldering basics; Day: Monday; Time: 6:30 PM; Coach: Priya Shah.
Session: Lead climbing; Day: Wednesday; Time: 7:00 PM; Coach: Tom Reeve.
Session: Youth club; Day: Friday; Time: 5:00 PM; Coach: Priya Shah.`,
  },
];


const ask = (message: string, documents: KnowledgeDocument[] = wall) => offlineReplyOf(message, documents, { business: 'Cragside Climbing' });

describe('opening hours asked for a day the knowledge gives no hours for', () => {
  it("says the fallback, not a session timetable's times for other days", () => {
    expect(ask('What are your opening hours on Sunday?')).toBe('');
    expect(ask('Are you open on Sunday?')).toBe('');
  });

  it('still answers a question about a session on a day the timetable lists', () => {
    expect(ask('What time is lead climbing on Wednesday?')).toContain('7:00 PM');
  });

  it('tells a timetable of single start times from opening hours', () => {
    const timetable = 'Class: Yoga; Day: Sunday; Time: 9:00 AM.\nClass: Spin; Day: Monday; Time: 6:00 PM.';
    expect(leavesOutDaysAsked('What are your opening hours on Sunday?', 'Class schedule', timetable)).toBe(true);
    expect(leavesOutDaysAsked('What are your opening hours on Sunday?', 'Find us', 'Sunday: 10am – 4pm\nMonday: closed')).toBe(false);
    // Other days only, outside a week's listing of opening hours: Sunday is not said.
    expect(leavesOutDaysAsked('Are you open on Sunday?', 'Find us', 'Sat: 10-2')).toBe(true);
    // A week's listing: a day it leaves out is a day closed (dayVerdict says so).
    expect(leavesOutDaysAsked('Are you open on Sunday?', 'Opening hours', 'Mon-Fri: 9-5\nSat: 10-2')).toBe(false);
    // No day asked, or no day given: nothing to leave out.
    expect(leavesOutDaysAsked('What are your opening hours?', 'Class schedule', timetable)).toBe(false);
    expect(leavesOutDaysAsked('Are you open on Sunday?', 'Hours', 'We open at 9am.')).toBe(false);
  });
});

describe('a day the hours mention without times', () => {
  it('is said, so the passage answers ("Sunday: by appointment only")', () => {
    const hours = 'Monday to Saturday: 10:00 am – 1:30 pm\nSunday: by appointment only (emergencies)';
    expect(leavesOutDaysAsked('Are you open on Sunday?', 'Clinic timings', hours)).toBe(false);
  });
});

/** A nail bar in Cape Town whose price list sets each service's name and price as two headings of a row. */
const nails = page('https://lacquer.example/', 'Lacquer Nail Bar', `# Lacquer Nail Bar

## Treatments

### GEL MANICURE

### R280

Shape, cuticle care and a gel colour that lasts two weeks. (45 minutes)

### PEDICURE AND SOAK

### R320

A warm foot soak, scrub and polish. (1 hour)

### 200+

### 98%`);

describe("a price list's row of a name and its price, both headings", () => {
  it('keeps the name with the price, so its text is about the service', () => {
    const headings = chunkDocument(nails).map((chunk) => chunk.heading);
    expect(headings).toContain('Lacquer Nail Bar > Treatments > GEL MANICURE: R280');
    expect(ask('How much is a gel manicure?', [nails])).toContain('R280');
  });

  it('answers how long the service takes from the duration in brackets', () => {
    expect(ask('How long does a pedicure take?', [nails])).toContain('1 hour');
  });

  it('does not join two figures (a row of statistics)', () => {
    expect(chunkDocument(nails).map((chunk) => chunk.heading)).not.toContain('Lacquer Nail Bar > Treatments > 200+: 98%');
  });
});

/** A salon in Lisbon whose price list sets each row's price on the line after its name. */
const salon = page('https://salaoluz.example/', 'Salão Luz', `# Salão Luz

## Colour

Root touch-up (90 min)

€45.00

Full head colour (120 min)

€65.00

Balayage and cut (180 min)

€110.00`);

describe('a price on the line after the name it prices', () => {
  it('is paired with that name, not with the next one', () => {
    const answer = ask('How much is a full head colour?', [salon]);
    expect(answer).toContain('Full head colour (120 min) €65.00');
    expect(answer).not.toContain('€45.00 Full head colour');
  });

  it('still labels a statistic by the line after it ("200+" then "Happy clients")', () => {
    const stats = { ...salon, text: '# Salão Luz\n\n## About us\n\n200+\n\nHappy clients every month\n\n12\n\nYears in the Baixa' };
    expect(ask('How many clients do you have?', [stats])).toContain('200+ Happy clients');
  });
});

/** The climbing wall's session descriptions, each its own section, beside the timetable. */
const wallWithSessions: KnowledgeDocument[] = [
  {
    ...wall[0]!,
    text: `${wall[0]!.text}

## Sessions

### Lead climbing

Learn to clip and belay on our 15-metre walls with a qualified coach.

### Youth club

Climbing games and technique for ages 8 to 14.`,
  },
];

describe('a question asking when', () => {
  it("is answered by the timetable's time, not by the session's description", () => {
    expect(ask('When is the lead climbing session?', wallWithSessions)).toMatch(/Wednesday; Time: 7:00 PM/);
    expect(ask('Is there a youth club and when?', wallWithSessions)).toMatch(/Friday; Time: 5:00 PM/);
  });

  it('still gets the description when no timetable gives the time', () => {
    const noTimes = [{ ...wallWithSessions[0]!, text: wallWithSessions[0]!.text.replace(/## Session timetable[\s\S]*?(?=## Sessions)/, '') }];
    expect(ask('When is the lead climbing session?', noTimes)).toContain('clip and belay');
  });
});

/** A salon in Bergen whose long price list writes "Blowdry" as one word, prices after names. */
const bergen = page('https://fjordfrisor.example/', 'Fjord Frisør', `# Fjord Frisør

## Price list

Highlights, half head (150 min)

kr 1 450

Highlights, full head (180 min)

kr 1 890

Colour, short hair (90 min)

kr 990

Colour, long hair (120 min)

kr 1 290

Toner and gloss after colour (45 min)

kr 590

Keratin smoothing treatment (150 min)

kr 2 200

Perm with cut and styling, medium length (180 min)

kr 2 450

Bridal hair trial with consultation (90 min)

kr 1 150

Childrens Haircut under 12 (30 min)

kr 390

Mens Haircut (45 min)

kr 520

Womens Haircut & Blowdry (60 min)

kr 790`);

describe('a price list row that says the question in its own spelling', () => {
  it('reads "blow dry" as the site\'s "Blowdry" and answers with that row alone', () => {
    const answer = ask("What does a women's cut with blow dry cost?", [bergen]);
    expect(answer).toContain('Womens Haircut & Blowdry (60 min) kr 790');
    // The other rows state prices too, of other things: not part of the answer.
    expect(answer).not.toContain('Highlights');
  });
});

describe('a short table whose every row states the fact asked', () => {
  it('is answered by the row naming what is asked, not the whole timetable', () => {
    const answer = ask('When is the lead climbing session?', wallWithSessions);
    expect(answer).toContain('Lead climbing; Day: Wednesday; Time: 7:00 PM');
    expect(answer).not.toContain('Bouldering basics');
  });

  it('is shown whole when no word of the question tells its rows apart', () => {
    const answer = ask('What times are the sessions?', wallWithSessions);
    expect(answer).toContain('Bouldering basics');
    expect(answer).toContain('Youth club');
  });
});
