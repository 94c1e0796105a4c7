import { describe, expect, it } from 'vitest';
import { counterRate } from '../../../cluster/metrics/counter-rate.js';
import { holds, type Level } from './conditions.js';
import { evaluateSeries, INITIAL_STATE, type AlarmRule, type AlarmState, type Sample } from './evaluate.js';

/* The alarm engine over series fixtures: streaks, flapping, severity up and down, gaps, no data, counter resets, a restart. */

const MINUTE = 60_000;
/** One sample a minute from t = 0; null is a step without a sample. */
const series = (values: readonly (number | null)[]): Sample[] => values.map((value, i) => ({ time: i * MINUTE, value }));
const above = (severity: Level['severity'], value: number): Level => ({ severity, condition: { op: '>', value } });
const LOAD: AlarmRule = {
  levels: [above('warning', 80), above('major', 90), above('critical', 95)],
  raiseAfter: 3,
  recoverAfter: 2,
};
const kinds = (events: readonly { kind: string }[]) => events.map((e) => e.kind);

describe('alarm conditions', () => {
  it('holds comparisons, equality and inclusive ranges', () => {
    expect(holds({ op: '>', value: 5 }, 5)).toBe(false);
    expect(holds({ op: '>=', value: 5 }, 5)).toBe(true);
    expect(holds({ op: '<', value: 5 }, 4.9)).toBe(true);
    expect(holds({ op: '<=', value: 5 }, 5.1)).toBe(false);
    expect(holds({ op: '==', value: 0 }, 0)).toBe(true);
    expect(holds({ op: '!=', value: 0 }, 0)).toBe(false);
    // A value on a bound is in the range, not out of it.
    expect(holds({ op: 'in', low: 10, high: 20 }, 10)).toBe(true);
    expect(holds({ op: 'in', low: 10, high: 20 }, 20.5)).toBe(false);
    expect(holds({ op: 'out', low: 10, high: 20 }, 20)).toBe(false);
    expect(holds({ op: 'out', low: 10, high: 20 }, 9)).toBe(true);
  });
});

describe('the alarm engine', () => {
  it('raises after N hits in a row and recovers after M misses in a row, once each', () => {
    const { events, state } = evaluateSeries(LOAD, series([50, 85, 85, 85, 85, 50, 85, 50, 50, 50]));
    expect(events).toEqual([
      { kind: 'raised', time: 3 * MINUTE, severity: 'warning', value: 85 },
      // One miss (t=5) is not enough; the hit at t=6 starts the count again.
      { kind: 'recovered', time: 8 * MINUTE, since: 3 * MINUTE, value: 50 },
    ]);
    expect(state).toEqual({ ...INITIAL_STATE, misses: 0, hits: 0 });
  });

  it('neither raises nor recovers while a value flaps around the threshold', () => {
    const flapping = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 85 : 70));
    expect(evaluateSeries(LOAD, series(flapping)).events).toEqual([]);
    // Raised once, it stays raised through the flapping: one alarm, not one per flap.
    const { events, state } = evaluateSeries(LOAD, series([85, 85, 85, ...flapping]));
    expect(kinds(events)).toEqual(['raised']);
    expect(state.open?.since).toBe(2 * MINUTE);
  });

  it('follows the most severe level hit, up and down, in one open alarm', () => {
    const { events } = evaluateSeries(LOAD, series([85, 92, 97, 97, 92, 85, 99, 10, 10]));
    expect(events).toEqual([
      // Three hits of different levels: raised at the level the third one hit.
      { kind: 'raised', time: 2 * MINUTE, severity: 'critical', value: 97 },
      { kind: 'severityChanged', time: 4 * MINUTE, from: 'critical', severity: 'major', value: 92 },
      { kind: 'severityChanged', time: 5 * MINUTE, from: 'major', severity: 'warning', value: 85 },
      { kind: 'severityChanged', time: 6 * MINUTE, from: 'warning', severity: 'critical', value: 99 },
      { kind: 'recovered', time: 8 * MINUTE, since: 2 * MINUTE, value: 10 },
    ]);
  });

  it('carries the streaks across missing samples and keeps an open alarm open through them', () => {
    // Hit, gap, hit, hit: the third hit raises.
    expect(evaluateSeries(LOAD, series([91, null, 91, 91])).events).toEqual([
      { kind: 'raised', time: 3 * MINUTE, severity: 'major', value: 91 },
    ]);
    // Ten steps without samples neither recover the alarm nor, by default, say anything.
    const { events, state } = evaluateSeries(LOAD, series([91, 91, 91, ...Array<null>(10).fill(null)]));
    expect(kinds(events)).toEqual(['raised']);
    expect(state.open?.severity).toBe('major');
    expect(state.missing).toBe(10);
  });

  it('raises one no-data alarm after K missing samples when asked, ended by the next value', () => {
    const rule: AlarmRule = { ...LOAD, noDataAfter: 3 };
    const { events, state } = evaluateSeries(rule, series([50, null, null, null, null, null, 50, null, null]));
    expect(events).toEqual([
      { kind: 'noData', time: 3 * MINUTE },
      { kind: 'dataBack', time: 6 * MINUTE, since: 3 * MINUTE },
    ]);
    // Two missing since: not yet K.
    expect(state).toMatchObject({ missing: 2, noDataSince: null });
  });

  it('sees no spike where a counter restarted: its rate after the reset counts from zero', () => {
    // A byte counter read every second; the exporter restarts between t=3 and t=4.
    const raw = [0, 600, 1200, 1800, 50, 650, 1250];
    const rates = raw.slice(1).map((v, i) => counterRate({ raw: raw[i] ?? 0, ts: i * 1000 }, { raw: v, ts: (i + 1) * 1000 }));
    expect(rates).toEqual([600, 600, 600, 50, 600, 600]);
    // A plain difference would have read -1750 B/s at the reset, out of any sane range.
    expect(raw[4]! - raw[3]!).toBe(-1750);
    const rule: AlarmRule = {
      levels: [{ severity: 'minor', condition: { op: 'out', low: 0, high: 1000 } }],
      raiseAfter: 1,
      recoverAfter: 1,
    };
    const samples = rates.map((value, i) => ({ time: (i + 1) * 1000, value: value ?? null }));
    expect(evaluateSeries(rule, samples).events).toEqual([]);
  });

  it('gives the same alarms when the state is stored and read back half-way (a restart)', () => {
    const values = [85, 92, 97, null, 97, 60, 92, 60, 60, 85, 85, 85, 10, null, 10];
    const whole = evaluateSeries(LOAD, series(values));
    const first = evaluateSeries(LOAD, series(values).slice(0, 7));
    const stored: AlarmState = JSON.parse(JSON.stringify(first.state));
    const second = evaluateSeries(LOAD, series(values).slice(7), stored);
    expect([...first.events, ...second.events]).toEqual(whole.events);
    expect(second.state).toEqual(whole.state);
    expect(kinds(whole.events).filter((k) => k === 'raised')).toHaveLength(2);
  });
});
