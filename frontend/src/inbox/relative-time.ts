const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** '5 minutes ago', 'about 2 hours ago', '3 days ago' (spec 001: relative times with a suffix such as 'ago'). */
export function relativeTime(iso: string, now = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  if (elapsed < MINUTE) return 'less than a minute ago';
  if (elapsed < HOUR) return `${plural(Math.round(elapsed / MINUTE) || 1, 'minute')} ago`;
  if (elapsed < DAY) return `about ${plural(Math.round(elapsed / HOUR), 'hour')} ago`;
  if (elapsed < 30 * DAY) return `${plural(Math.round(elapsed / DAY), 'day')} ago`;
  if (elapsed < 365 * DAY) return `about ${plural(Math.round(elapsed / (30 * DAY)), 'month')} ago`;
  return `about ${plural(Math.round(elapsed / (365 * DAY)), 'year')} ago`;
}
