/** "seen 5 minutes ago": how long ago the widget last loaded on a page of an origin. */
export function seenAgo(lastSeenAt: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(lastSeenAt)) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return 'seen less than a minute ago';
  if (minutes < 60) return `seen ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `seen ${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  return `seen ${days} ${days === 1 ? 'day' : 'days'} ago`;
}
