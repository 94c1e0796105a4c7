import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  alarmQueryOf,
  confirmable,
  durationParts,
  isFiltered,
  rangeReversed,
  remarkProblem,
  severityParam,
  thresholdParts,
  thresholdValues,
  toAlarmCriteria,
} from './alarm-list-model';
import { alarmItem } from '../test/alarm-list-fixtures';

const PAGE = { pageStart: 25, pageLimit: 25 };

describe('the alarm list query', () => {
  it('leaves empty filters out and sends severities in the spec order, comma-separated', () => {
    expect(toAlarmCriteria({})).toEqual({
      severity: undefined,
      resourceType: undefined,
      metric: undefined,
      confirm: undefined,
      keyword: undefined,
      startTime: undefined,
      endTime: undefined,
    });
    expect(alarmQueryOf('active', toAlarmCriteria({}), PAGE)).toEqual({ pageStart: 25, pageLimit: 25 });
    expect(severityParam(['critical', 'warning'])).toBe('warning,critical');
    expect(severityParam([])).toBeUndefined();
    const c = toAlarmCriteria({
      severities: ['critical', 'major'],
      resourceType: 'SERVER',
      metric: 'cpu.usage',
      confirm: 'unconfirmed',
      keyword: '  n1 ',
    });
    expect(alarmQueryOf('active', c, { pageStart: 0, pageLimit: 50 })).toEqual({
      severity: 'major,critical',
      resourceType: 'SERVER',
      metric: 'cpu.usage',
      confirm: 'unconfirmed',
      keyword: 'n1',
      pageStart: 0,
      pageLimit: 50,
    });
    expect(toAlarmCriteria({ keyword: '   ' }).keyword).toBeUndefined();
  });

  it('asks for the raise time only in the history', () => {
    const start = dayjs('2026-03-01T00:00:00Z');
    const end = dayjs('2026-03-02T23:59:59Z');
    const c = toAlarmCriteria({ range: [start, end] });
    expect(c).toMatchObject({ startTime: '2026-03-01T00:00:00.000Z', endTime: '2026-03-02T23:59:59.000Z' });
    expect(alarmQueryOf('history', c, PAGE)).toEqual({
      startTime: '2026-03-01T00:00:00.000Z',
      endTime: '2026-03-02T23:59:59.000Z',
      ...PAGE,
    });
    expect(alarmQueryOf('active', c, PAGE)).toEqual(PAGE);
    // An open end: from the start on.
    expect(alarmQueryOf('history', toAlarmCriteria({ range: [start, null] }), PAGE)).toEqual({
      startTime: '2026-03-01T00:00:00.000Z',
      ...PAGE,
    });
    expect(isFiltered(c, 'history')).toBe(true);
    expect(isFiltered(c, 'active')).toBe(false);
    expect(isFiltered(toAlarmCriteria({ confirm: 'confirmed' }), 'active')).toBe(true);
    expect(isFiltered(toAlarmCriteria({}), 'history')).toBe(false);
  });

  it('refuses a start later than the end (spec section 5)', () => {
    const a = dayjs('2026-03-01T10:00:00Z');
    const b = dayjs('2026-03-01T10:00:01Z');
    expect(rangeReversed([b, a])).toBe(true);
    expect(rangeReversed([a, b])).toBe(false);
    expect(rangeReversed([a, a])).toBe(false);
    expect(rangeReversed([a, null])).toBe(false);
    expect(rangeReversed(null)).toBe(false);
  });
});

describe('an alarm in words', () => {
  it('writes a duration as its two largest units, leaving a zero second unit out', () => {
    expect(durationParts(0)).toEqual({ key: 's', values: { s: 0 } });
    expect(durationParts(59.9)).toEqual({ key: 's', values: { s: 59 } });
    expect(durationParts(60)).toEqual({ key: 'm', values: { m: 1 } });
    expect(durationParts(125)).toEqual({ key: 'ms', values: { m: 2, s: 5 } });
    expect(durationParts(3600)).toEqual({ key: 'h', values: { h: 1 } });
    expect(durationParts(3 * 3600 + 7 * 60 + 30)).toEqual({ key: 'hm', values: { h: 3, m: 7 } });
    expect(durationParts(86_400 * 2)).toEqual({ key: 'd', values: { d: 2 } });
    expect(durationParts(86_400 + 3600 + 61)).toEqual({ key: 'dh', values: { d: 1, h: 1 } });
    expect(durationParts(-5)).toEqual({ key: 's', values: { s: 0 } });
  });

  it('splits the threshold into a comparison or a range, formatting its numbers', () => {
    const f = (v: number) => `${v}u`;
    expect(thresholdParts({ kind: 'threshold', alarmCondition: '<', threshold: '2' }, f)).toEqual({
      kind: 'compare',
      op: '<',
      value: '2u',
    });
    expect(thresholdParts({ kind: 'threshold', alarmCondition: 'out', threshold: '10..20' }, f)).toEqual({
      kind: 'range',
      op: 'out',
      low: '10u',
      high: '20u',
    });
    expect(thresholdParts({ kind: 'threshold', alarmCondition: '==', threshold: 'up' }, f)).toEqual({
      kind: 'compare',
      op: '==',
      value: 'up',
    });
    expect(thresholdParts({ kind: 'noData', alarmCondition: null, threshold: '' }, f)).toEqual({ kind: 'none' });
    expect(thresholdParts({ kind: 'threshold', alarmCondition: null, threshold: '2' }, f)).toEqual({ kind: 'none' });
    expect(thresholdValues({ kind: 'threshold', alarmCondition: 'in', threshold: '-5..1.5' })).toEqual([-5, 1.5]);
    expect(thresholdValues({ kind: 'threshold', alarmCondition: '>=', threshold: '1' })).toEqual([1]);
    expect(thresholdValues({ kind: 'noData', alarmCondition: null, threshold: '' })).toEqual([]);
  });
});

describe('confirming', () => {
  it('asks for a remark of 1 to 128 characters (spec section 5)', () => {
    expect(remarkProblem(undefined)).toBe('required');
    expect(remarkProblem('   ')).toBe('required');
    expect(remarkProblem('cable reseated')).toBeNull();
    expect(remarkProblem(` ${'x'.repeat(128)} `)).toBeNull();
    expect(remarkProblem('x'.repeat(129))).toBe('tooLong');
  });

  it('confirms in a batch only the selected alarms not confirmed yet', () => {
    const alarm = (id: number, confirmed: boolean) => alarmItem({ id, confirmed });
    const page = [alarm(1, false), alarm(2, true), alarm(3, false)];
    expect(confirmable(page, [1, 2]).map((a) => a.id)).toEqual([1]);
    expect(confirmable(page, [4])).toEqual([]);
  });
});
