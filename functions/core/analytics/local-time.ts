const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface LocalHour {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** 0-23 in the zone. */
  hour: number;
}

/** YYYY-MM-DD of a UTC day number (days since 1970-01-01). */
export const utcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

export const addDays = (date: string, days: number): string => utcDate(Date.parse(date) + days * DAY_MS);

/**
 * Wall-clock dates and hours of one IANA time zone, for placing UTC hours into the owner's days and
 * hours. In zones whose offset is not whole hours (India, +5:30) a UTC hour is placed where it starts.
 */
export class LocalClock {
  private readonly format: Intl.DateTimeFormat;
  /** Offsets (minutes) by UTC hour start: a zone changes offset only a few times a year. */
  private readonly offsets = new Map<number, number>();

  constructor(readonly timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
  }

  /** Minutes the zone is ahead of UTC at this instant. */
  offsetMinutes(ms: number): number {
    const hourStart = Math.floor(ms / HOUR_MS) * HOUR_MS;
    let offset = this.offsets.get(hourStart);
    if (offset === undefined) {
      const parts = Object.fromEntries(this.format.formatToParts(new Date(hourStart)).map((p) => [p.type, p.value]));
      const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
      offset = Math.round((wall - hourStart) / 60_000);
      this.offsets.set(hourStart, offset);
    }
    return offset;
  }

  /** The zone's date and hour at this instant. */
  at(ms: number): LocalHour {
    const wall = new Date(ms + this.offsetMinutes(ms) * 60_000);
    return { date: wall.toISOString().slice(0, 10), hour: wall.getUTCHours() };
  }

  /** The instant the zone's day `date` begins. */
  startOf(date: string): number {
    const wallMidnight = Date.parse(`${date}T00:00:00Z`);
    // The offset of the instant found, applied twice, settles on both sides of a change of offset.
    let guess = wallMidnight - this.offsetMinutes(wallMidnight) * 60_000;
    guess = wallMidnight - this.offsetMinutes(guess) * 60_000;
    return guess;
  }

  /**
   * The UTC hours of one UTC day placed in the zone: 24 entries when the offset is the same all day
   * (two lookups), else one lookup per hour.
   */
  hoursOfUtcDay(day: string): LocalHour[] {
    const start = Date.parse(`${day}T00:00:00Z`);
    const first = this.offsetMinutes(start);
    const steady = first === this.offsetMinutes(start + 23 * HOUR_MS);
    return Array.from({ length: 24 }, (_, hour) => {
      const ms = start + hour * HOUR_MS;
      if (!steady) return this.at(ms);
      const wall = new Date(ms + first * 60_000);
      return { date: wall.toISOString().slice(0, 10), hour: wall.getUTCHours() };
    });
  }
}
