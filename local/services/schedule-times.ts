/**
 * When an EventBridge Scheduler expression fires next, for the expressions the product writes
 * (core/workflows/schedules.ts): `at(YYYY-MM-DDTHH:MM:SS)`, `cron(M H * * ? *)` and
 * `cron(M H ? * MON,TUE *)`, read in the schedule's time zone.
 */

const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** Milliseconds the time zone is ahead of UTC at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time of a time zone happens (the later reading when DST repeats it). */
export function zonedTime(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const guess = wall - offsetAt(wall, timeZone);
  const corrected = wall - offsetAt(guess, timeZone);
  return corrected;
}

/** The local calendar date of an instant in a time zone. */
function localDate(instant: number, timeZone: string): { year: number; month: number; day: number } {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(instant))
    .split('-')
    .map(Number) as [number, number, number];
  return { year, month, day };
}

/** The next time the expression fires strictly after `after` (ms), or undefined when it never will again. */
export function nextFireTime(expression: string, timeZone: string, after: number): number | undefined {
  const at = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):\d{2}\)$/.exec(expression);
  if (at) {
    const [, y, mo, d, h, mi] = at.map(Number) as number[];
    const when = zonedTime(y!, mo!, d!, h!, mi!, timeZone);
    return when > after ? when : undefined;
  }
  const cron = /^cron\((\d{1,2}) (\d{1,2}) (\*|\?) \* (\?|\*|[A-Z,]+) \*\)$/.exec(expression);
  if (!cron) throw new Error(`Unsupported schedule expression ${expression}`);
  const minute = Number(cron[1]);
  const hour = Number(cron[2]);
  const days = /^[A-Z,]+$/.test(cron[4]!) ? new Set(cron[4]!.split(',')) : undefined;
  const today = localDate(after, timeZone);
  for (let offset = 0; offset <= 8; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    if (days && !days.has(WEEKDAYS[date.getUTCDay()]!)) continue;
    const when = zonedTime(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, minute, timeZone);
    if (when > after) return when;
  }
  return undefined;
}
