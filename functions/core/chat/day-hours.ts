/**
 * "Are you open on a Monday?" against hours written as ranges ("Tue–Sun 10–4", "Mon to Fri: 9am–5pm",
 * "Saturday | Closed", "Weekends 10-2"): which days a line covers, and whether the business is open on
 * the day asked and when. General English ways of writing opening hours, not any site's.
 */
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
type Day = number;

const DAY_WORD = String.raw`(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:s|nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)s?\.?`;
/** A day, a range of days ("Tue-Sun", "Monday to Friday"), or a word for several ("weekdays", "daily"). */
const DAY_SPEC = new RegExp(
  String.raw`\b(?:${DAY_WORD}(?:\s*(?:-|–|—|to|through|thru|until|till)\s*${DAY_WORD})?(?![\p{L}])|week-?days?|week-?ends?|daily|every day|7 days(?: a week)?|seven days(?: a week)?)`,
  'giu',
);
const RANGE_SEPARATOR = /\s*(?:-|–|—|to|through|thru|until|till)\s*/i;
/** What joins days that share the hours after them: "Sat & Sun 10-4", "Mon, Wed and Fri: 9-5". */
const JOINER = /^[\s,&/]*(?:and|&|\+)?[\s,&/]*$/i;
const TIMES = /\d{1,2}(?:[:.]\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)?\s*(?:-|–|—|to|until|till)\s*\d{1,2}(?:[:.]\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)?|\b\d{1,2}(?:[:.]\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)|\b(?:[01]?\d|2[0-3]):[0-5]\d\b|\b24 hours\b|\ball day\b/i;
const CLOSED = /\bclosed\b/i;
/** "Mon: open", as a week of open days without times is written (crawl/day-marks.ts). */
const OPEN_ALONE = /^open$/i;

function dayOf(word: string): Day | undefined {
  const key = word.toLowerCase().replace(/[^a-z]/g, '').slice(0, 3);
  const index = DAYS.findIndex((day) => day.startsWith(key));
  return index < 0 ? undefined : index;
}

/** The days a written spec covers (Monday = 0); ranges wrap over the week's end ("Fri–Mon"). */
function daysOf(spec: string): Day[] {
  const lower = spec.toLowerCase();
  if (/week-?days?/.test(lower)) return [0, 1, 2, 3, 4];
  if (/week-?ends?/.test(lower)) return [5, 6];
  if (/daily|every day|7 days|seven days/.test(lower)) return [0, 1, 2, 3, 4, 5, 6];
  const [from, to] = spec.split(RANGE_SEPARATOR).map(dayOf);
  if (from === undefined) return [];
  if (to === undefined) return [from];
  const days: Day[] = [];
  for (let day = from; ; day = (day + 1) % 7) {
    days.push(day);
    if (day === to || days.length === 7) return days;
  }
}

/** A day open at these hours, open without times said, or closed. */
type DayHours = { open: boolean; hours?: string };

/** What each day of a text's hours lines says: open with these hours, or closed. */
export function hoursByDay(text: string): Map<Day, DayHours> {
  const byDay = new Map<Day, DayHours>();
  for (const line of text.split(/\n+/)) {
    const specs = [...line.matchAll(DAY_SPEC)];
    let waiting: Day[] = [];
    specs.forEach((spec, i) => {
      const end = spec.index + spec[0].length;
      const value = line.slice(end, specs[i + 1]?.index ?? line.length);
      waiting.push(...daysOf(spec[0]));
      if (JOINER.test(value) && i + 1 < specs.length) return;
      const hours = value.replace(/^[\s:;|–—-]+/, '').replace(/^(?:\p{L}+ ?){1,2}:\s*/u, '').replace(/[\s,;.|·•]+$/, '').trim();
      const said: DayHours | undefined =
        CLOSED.test(hours) && !TIMES.test(hours) ? { open: false } : TIMES.test(hours) ? { open: true, hours } : OPEN_ALONE.test(hours) ? { open: true } : undefined;
      if (said) for (const day of waiting) if (!byDay.has(day)) byDay.set(day, said);
      waiting = [];
    });
  }
  return byDay;
}

/** The days a question asks about: "on a Monday", "Sundays", "at the weekend", "on weekdays". */
export function daysAsked(question: string): Day[] {
  const days = new Set<Day>();
  for (const match of question.matchAll(new RegExp(String.raw`\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|week-?ends?|week-?days?)\b`, 'gi'))) {
    for (const day of daysOf(match[0])) days.add(day);
  }
  return [...days].sort((a, b) => a - b);
}

const ASKS_OPEN = /\b(?:open|opened|closed|shut|hours)\b/i;
const dayName = (day: Day) => DAYS[day]![0]!.toUpperCase() + DAYS[day]!.slice(1);
/** A listing of opening hours: the passage is about them, so a day it leaves out is a day closed. */
const HOURS_LISTING = /\b(?:opening hours|opening times|hours|open)\b/i;
/** Days that must be listed before a day left out is taken as closed: a week's table, not one mention. */
const LISTED_DAYS_FOR_OMISSION = 3;

/**
 * Whether the business is open on the day or days the question asks about, said from the passage's
 * hours ("No, we're closed on Monday." / "Yes, we're open on Saturday: 9am–1pm."), or undefined when
 * the question names no day or the passage does not say.
 */
export function dayVerdict(question: string, heading: string, text: string): string | undefined {
  // "Do you do dinner on Sundays?" asks about dinner: being open that day is no yes.
  if (!ASKS_OPEN.test(question)) return undefined;
  const asked = daysAsked(question);
  if (!asked.length) return undefined;
  const byDay = hoursByDay(text);
  if (!byDay.size) return undefined;
  const listing = HOURS_LISTING.test(`${heading}\n${text}`) && byDay.size >= LISTED_DAYS_FOR_OMISSION;
  const said = asked.map((day) => ({ day, hours: byDay.get(day) ?? (listing ? { open: false } : undefined) }));
  if (said.some((entry) => !entry.hours)) return undefined;
  if (said.length === 1) {
    const { day, hours } = said[0]!;
    return hours!.open ? `Yes, we're open on ${dayName(day)}${hours!.hours ? `: ${hours!.hours}` : ''}.` : `No, we're closed on ${dayName(day)}.`;
  }
  return said.map(({ day, hours }) => (hours!.open ? `${dayName(day)}: open${hours!.hours ? ` ${hours!.hours}` : ''}.` : `${dayName(day)}: closed.`)).join(' ');
}

/**
 * A day's opening hours as written: a span ("9am–5pm", "from 10", "until late", "24 hours") or closed.
 * A single time ("Day: Monday; Time: 6:00 PM") is when something starts, a class or a session: a
 * timetable's line, which says nothing of when the doors open.
 */
const OPENING_SPAN = /\d{1,2}(?:[:.]\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)?\s*(?:-|–|—|to|until|till)\s*\d{1,2}|\b(?:24 hours|all day|open(?:s|ing)?|from|until|till|late)\b/i;
const givesOpeningHours = (said: DayHours | undefined) => !!said && (!said.open || said.hours === undefined || OPENING_SPAN.test(said.hours));
/** "What time / how late / when": a day marked open without times does not answer it; "Are you open?" it does. */
const ASKS_TIMES = /\b(?:what time|when|how (?:late|early)|until)\b/i;

/**
 * Whether a passage that gives times by day says nothing of the opening hours of the day or days a
 * question asks about ("What are your opening hours on Sunday?" against a class timetable for Monday to
 * Friday, or against a session's start time on Sunday): then it does not answer, and the caller says the fallback
 * rather than another day's times. A week's listing of opening hours answers (a day it leaves out is
 * closed, dayVerdict), as does a passage that names no day.
 */
export function leavesOutDaysAsked(question: string, heading: string, text: string): boolean {
  if (!ASKS_OPEN.test(question)) return false;
  const asked = daysAsked(question);
  if (!asked.length) return false;
  const byDay = hoursByDay(text);
  if (!byDay.size) return false;
  if (ASKS_TIMES.test(question) && asked.every((day) => byDay.get(day)?.open && byDay.get(day)?.hours === undefined)) return true;
  // A week's listing of opening hours (not of sessions that merely say "open to all levels").
  const spans = [...byDay.values()].filter(givesOpeningHours).length;
  if (HOURS_LISTING.test(`${heading}\n${text}`) && spans >= LISTED_DAYS_FOR_OMISSION) return false;
  // "Sunday: by appointment only" says something of Sunday, if no hours: the passage answers.
  const named = new Set([...text.matchAll(DAY_SPEC)].flatMap((spec) => daysOf(spec[0])));
  return asked.every((day) => (named.has(day) ? byDay.get(day)?.open && !givesOpeningHours(byDay.get(day)) : true));
}
