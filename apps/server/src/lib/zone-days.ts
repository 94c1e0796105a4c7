/*
 * Calendar days of one IANA time zone, for usage reports: the day an instant falls on (as the
 * integer YYYYMMDD) and the instant a day starts. Intl is the truth (DST, offsets of :30 and :45,
 * past rule changes); it is slow, so each UTC hour is asked about once and remembered, and an hour
 * holding a day boundary remembers where the boundary is. Ingest keys every job this way, so the
 * common case is one Map read.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** About 23 years of hours; the cache starts over past it (reads stay correct). */
const MAX_CACHED_HOURS = 200_000;

/** An hour whose instants all fall on `day`, or that holds one boundary at `at`. */
type HourDays = { day: number } | { before: number; at: number; after: number };

/** YYYYMMDD → 'YYYY-MM-DD'. */
export const dayText = (day: number): string => {
  const s = String(day).padStart(8, '0');
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
};

/** 'YYYY-MM-DD' → YYYYMMDD (no check: contracts validate the text). */
export const dayNumber = (text: string): number => Number(text.replaceAll('-', ''));

const toUtcMidnight = (day: number) => Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100);
const fromUtcMidnight = (ms: number) => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
};

/** The day `n` days after (or before) `day`, in the calendar (no zone involved). */
export const addDays = (day: number, n: number): number => fromUtcMidnight(toUtcMidnight(day) + n * DAY);

/** Days from `from` to `to`, inclusive of both (1 for the same day). */
export const daysBetween = (from: number, to: number): number => Math.round((toUtcMidnight(to) - toUtcMidnight(from)) / DAY) + 1;

/** 1 Monday … 7 Sunday. */
export const weekday = (day: number): number => ((new Date(toUtcMidnight(day)).getUTCDay() + 6) % 7) + 1;

/** True when `zone` is an IANA name this runtime knows. */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export class ZoneDays {
  private readonly format: Intl.DateTimeFormat;
  private readonly hours = new Map<number, HourDays>();
  private readonly starts = new Map<number, number>();

  constructor(readonly zone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
  }

  /** The calendar day (YYYYMMDD) the instant (epoch ms) falls on in the zone. */
  dayOf(ms: number): number {
    const h = Math.floor(ms / HOUR);
    let known = this.hours.get(h);
    if (!known) {
      known = this.learnHour(h);
      if (this.hours.size >= MAX_CACHED_HOURS) this.hours.clear();
      this.hours.set(h, known);
    }
    return 'day' in known ? known.day : ms < known.at ? known.before : known.after;
  }

  /** The first instant (epoch ms) of the day in the zone (or of the next day there, for a day the zone skipped). */
  startOf(day: number): number {
    const cached = this.starts.get(day);
    if (cached !== undefined) return cached;
    // Offsets lie within ±26 h of UTC: the boundary is between these two instants.
    let lo = toUtcMidnight(day) - 27 * HOUR;
    let hi = toUtcMidnight(day) + 27 * HOUR;
    while (lo < hi) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (this.dayOf(mid) >= day) hi = mid;
      else lo = mid + 1;
    }
    if (this.starts.size >= MAX_CACHED_HOURS) this.starts.clear();
    this.starts.set(day, lo);
    return lo;
  }

  private ask(ms: number): number {
    let y = 0;
    let m = 0;
    let d = 0;
    for (const p of this.format.formatToParts(ms)) {
      if (p.type === 'year') y = Number(p.value);
      else if (p.type === 'month') m = Number(p.value);
      else if (p.type === 'day') d = Number(p.value);
    }
    return y * 10000 + m * 100 + d;
  }

  /** One hour's days: the same at both ends (no zone changes its day twice within an hour), or find the boundary. */
  private learnHour(h: number): HourDays {
    const first = h * HOUR;
    const last = first + HOUR - 1;
    const before = this.ask(first);
    const after = this.ask(last);
    if (before === after) return { day: before };
    let lo = first + 1;
    let hi = last;
    while (lo < hi) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (this.ask(mid) === before) lo = mid + 1;
      else hi = mid;
    }
    return { before, at: lo, after };
  }
}

/** One ZoneDays per zone for the process (its caches are worth keeping). */
const shared = new Map<string, ZoneDays>();
export const zoneDays = (zone: string): ZoneDays => {
  let z = shared.get(zone);
  if (!z) {
    z = new ZoneDays(zone);
    shared.set(zone, z);
  }
  return z;
};
