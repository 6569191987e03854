/**
 * Open days drawn as marks: a week of day names, each with a tick or a cross under it ("Sun ✕ Mon ✓ Tue ✓"),
 * as a calendar widget shows them. A visitor asks "Are you open on Wednesday?", and the hours rules read
 * words and times, not symbols: each mark is written as what it means ("Sun: closed", "Mon: open").
 */

const DAY = String.raw`(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?`;
const OPEN_MARKS = '✓✔☑✅';
const CLOSED_MARKS = '✕✗✘×❌⨯';
/** A day name, on its line or a list item's, then its mark on the same line or the next (a blank line between). */
const dayMark = new RegExp(String.raw`^([ \t]*(?:[-*][ \t]+)?)(${DAY})[ \t]*:?[ \t]*(?:\n[ \t]*){0,2}([${OPEN_MARKS}]|[${CLOSED_MARKS}])\uFE0F?[ \t]*$`, 'gimu');
/** Fewer than this many marked days is no week (a stray "Sat ×" of a dialog's close button). */
const MIN_MARKED_DAYS = 3;

export function withDayMarksInWords(markdown: string): string {
  if ((markdown.match(dayMark) ?? []).length < MIN_MARKED_DAYS) return markdown;
  return markdown.replace(dayMark, (_, lead: string, day: string, mark: string) => `${lead}${day}: ${OPEN_MARKS.includes(mark) ? 'open' : 'closed'}`);
}
