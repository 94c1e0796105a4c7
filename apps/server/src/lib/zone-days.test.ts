import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, weekday, ZoneDays } from './zone-days.js';

/* Days of a zone, answered from a per-hour cache, must be exactly what Intl says of each instant. */

const formats = new Map<string, Intl.DateTimeFormat>();
const intlDay = (zone: string, ms: number) => {
  const format =
    formats.get(zone) ?? new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' });
  formats.set(zone, format);
  const parts = format.formatToParts(ms);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return n('year') * 10000 + n('month') * 100 + n('day');
};

const ZONES = [
  'UTC',
  'Asia/Shanghai',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Australia/Lord_Howe',
  'Pacific/Apia',
];

describe('ZoneDays', () => {
  it.each(ZONES)('%s: the day of every instant near midnights and DST switches is Intl’s', (zone) => {
    const days = new ZoneDays(zone);
    // A seeded walk over three years, in uneven steps (minutes and seconds, so :30 and :45 offsets are crossed).
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let ms = Date.parse('2010-12-28T00:00:00Z'), n = 0; n < 12_000; n++) {
      ms += 60_000 * (next() % 240) + (next() % 60_000);
      expect(days.dayOf(ms)).toBe(intlDay(zone, ms));
    }
  });

  it.each(ZONES)('%s: a day starts at the first instant Intl puts on it', (zone) => {
    const days = new ZoneDays(zone);
    for (const day of [20260101, 20260329, 20260330, 20261025, 20261026, 20261101, 20261102, 20261004, 20260405]) {
      const start = days.startOf(day);
      expect(intlDay(zone, start)).toBe(day);
      expect(intlDay(zone, start - 1)).toBeLessThan(day);
    }
  });

  it('knows Berlin’s 23- and 25-hour days and Kathmandu’s +05:45', () => {
    const berlin = new ZoneDays('Europe/Berlin');
    expect(berlin.startOf(20260330) - berlin.startOf(20260329)).toBe(23 * 3_600_000);
    expect(berlin.startOf(20261026) - berlin.startOf(20261025)).toBe(25 * 3_600_000);
    expect(berlin.dayOf(Date.parse('2026-03-28T22:59:59.999Z'))).toBe(20260328);
    expect(berlin.dayOf(Date.parse('2026-03-28T23:00:00Z'))).toBe(20260329);
    const kathmandu = new ZoneDays('Asia/Kathmandu');
    expect(kathmandu.startOf(20260601)).toBe(Date.parse('2026-05-31T18:15:00Z'));
    expect(kathmandu.dayOf(Date.parse('2026-05-31T18:14:59.999Z'))).toBe(20260531);
    // Samoa skipped 30 December 2011: the day after the 29th is the 31st.
    const apia = new ZoneDays('Pacific/Apia');
    expect(apia.dayOf(apia.startOf(20111230))).toBe(20111231);
  });

  it('does calendar arithmetic on YYYYMMDD', () => {
    expect(addDays(20260228, 1)).toBe(20260301);
    expect(addDays(20241231, 1)).toBe(20250101);
    expect(addDays(20240301, -1)).toBe(20240229);
    expect(daysBetween(20260101, 20261231)).toBe(365);
    expect(weekday(20261126)).toBe(4);
    expect(weekday(20261129)).toBe(7);
  });
});
