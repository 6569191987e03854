import type { TransferSettings } from '../../contracts/transfers.js';

/** The hours each availability stands for: business hours are Monday to Friday, 09:00 to 17:00. */
function scheduleOf(settings: Pick<TransferSettings, 'agent_availability' | 'custom_hours'>): { days: readonly number[]; start: string; end: string } | undefined {
  switch (settings.agent_availability) {
    case '24/7':
      return undefined;
    case 'business_hours':
      return { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' };
    case 'weekdays':
      return { days: [1, 2, 3, 4, 5], start: '00:00', end: '24:00' };
    case 'custom':
      return settings.custom_hours;
  }
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The weekday (0 Sunday) and HH:MM clock time of `now` in the time zone. */
function localTime(now: Date, timeZone: string): { day: number; clock: string } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: WEEKDAYS.indexOf(part('weekday') as (typeof WEEKDAYS)[number]), clock: `${part('hour')}:${part('minute')}` };
}

/**
 * When a person is next there, in words for the visitor ('tomorrow at 09:00 (Europe/London time)'),
 * or undefined while they are there now (always, for 24/7).
 */
export function nextAgentHours(
  settings: Pick<TransferSettings, 'agent_availability' | 'custom_hours' | 'time_zone'>,
  now: Date,
): string | undefined {
  const schedule = scheduleOf(settings);
  if (!schedule) return undefined;
  const { day, clock } = localTime(now, settings.time_zone);
  const open = (d: number) => schedule.days.includes(d);
  if (open(day) && clock >= schedule.start && clock < schedule.end) return undefined;
  const zone = settings.time_zone === 'UTC' ? 'UTC' : `${settings.time_zone} time`;
  for (let ahead = 0; ahead <= 7; ahead++) {
    const next = (day + ahead) % 7;
    if (!open(next) || (ahead === 0 && clock >= schedule.start)) continue;
    const when = ahead === 0 ? 'today' : ahead === 1 ? 'tomorrow' : `on ${WEEKDAYS[next]}`;
    return `${when} at ${schedule.start} (${zone})`;
  }
  // Unreachable with at least one day (the contract requires one), but never silent.
  return 'as soon as possible';
}

/** What the visitor is told after the transfer message outside the agents' hours. */
export const awayMessage = (when: string) => `Our team is away right now; a person will be back ${when}.`;
