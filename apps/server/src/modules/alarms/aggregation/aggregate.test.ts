import { describe, expect, it } from 'vitest';
import { aggregate, aggregateRuleIdOf, aggregateRuleKey, type AggregateRule, type OpenAlarm } from './aggregate.js';

/* Aggregation as a pure function: grouping, minimums, filters and the scan order. */

const alarm = (id: number, resource: string, metric: string, severity: OpenAlarm['severity'], clusterId = 'c1'): OpenAlarm => ({
  id,
  clusterId,
  resource,
  metric,
  severity,
  assetId: id * 10,
  assetType: resource.startsWith('sw') ? 'SWITCH' : 'SERVER',
});
const rule = (id: number, over: Partial<AggregateRule> = {}): AggregateRule => ({
  id,
  metrics: ['cpu.usage', 'memory.usage'],
  assetIds: [],
  resourceType: null,
  groupBy: 'resource',
  minAlarms: 2,
  minSeverity: null,
  ...over,
});
const name = (id: number) => `rule ${id}`;

const ALARMS = [
  alarm(1, 'cn01', 'cpu.usage', 'minor'),
  alarm(2, 'cn01', 'memory.usage', 'critical'),
  alarm(3, 'cn02', 'cpu.usage', 'warning'),
  alarm(4, 'cn03', 'cpu.usage', 'major', 'c2'),
  alarm(5, 'sw01', 'switch.ports.down', 'major'),
];

describe('aggregate', () => {
  it('groups per resource: only a resource with the minimum of alarms is aggregated, at its most severe', () => {
    expect(aggregate([rule(7)], ALARMS, name)).toEqual([
      {
        ruleId: 7,
        groupKey: 'c1/cn01',
        clusterId: 'c1',
        resource: 'cn01',
        metric: 'aggregate',
        severity: 'critical',
        memberIds: [1, 2],
      },
    ]);
  });

  it('groups everything together under the rule name, or per cluster', () => {
    const all = aggregate([rule(7, { groupBy: 'none', minAlarms: 4 })], ALARMS, name);
    expect(all).toMatchObject([
      { groupKey: '*', resource: 'rule 7', clusterId: '', memberIds: [1, 2, 3, 4], severity: 'critical' },
    ]);
    const clusters = aggregate([rule(7, { groupBy: 'cluster', metrics: ['cpu.usage'] })], ALARMS, name);
    expect(clusters).toEqual([
      { ruleId: 7, groupKey: 'c1', clusterId: 'c1', resource: 'c1', metric: 'cpu.usage', severity: 'minor', memberIds: [1, 3] },
    ]);
  });

  it('takes only its metrics, severities, type and assets', () => {
    const none = rule(7, { groupBy: 'none' });
    expect(aggregate([{ ...none, minSeverity: 'major' }], ALARMS, name)[0]?.memberIds).toEqual([2, 4]);
    expect(aggregate([{ ...none, minSeverity: 'critical' }], ALARMS, name)).toEqual([]);
    expect(aggregate([{ ...none, minSeverity: 'minor' }], ALARMS, name)[0]?.memberIds).toEqual([1, 2, 4]);
    expect(aggregate([{ ...none, assetIds: [10, 30] }], ALARMS, name)[0]?.memberIds).toEqual([1, 3]);
    expect(aggregate([{ ...none, metrics: ['switch.ports.down', 'cpu.usage'], resourceType: 'SWITCH' }], ALARMS, name)).toEqual(
      [],
    );
  });

  it('gives an alarm to the first rule in scan order that aggregates it, and the rest to the next', () => {
    const first = rule(1, { groupBy: 'resource' });
    const second = rule(2, { groupBy: 'none', metrics: ['cpu.usage'] });
    expect(aggregate([first, second], ALARMS, name).map((w) => [w.ruleId, w.memberIds])).toEqual([
      [1, [1, 2]],
      [2, [3, 4]],
    ]);
    // The other order: the second takes every CPU alarm; the first is left with one on cn01.
    expect(aggregate([second, first], ALARMS, name).map((w) => [w.ruleId, w.memberIds])).toEqual([[2, [1, 3, 4]]]);
  });

  it('does not take alarms for a rule whose group stays below its minimum', () => {
    const picky = rule(1, { groupBy: 'none', metrics: ['memory.usage'] });
    const wide = rule(2, { groupBy: 'none', metrics: ['memory.usage', 'cpu.usage'] });
    expect(aggregate([picky, wide], ALARMS, name).map((w) => [w.ruleId, w.memberIds])).toEqual([[2, [1, 2, 3, 4]]]);
  });

  it('stores an aggregated alarm under a key naming its rule', () => {
    expect(aggregateRuleIdOf(aggregateRuleKey(12, 'c1/cn01'))).toBe(12);
    expect(aggregateRuleIdOf('template:12')).toBeNull();
  });
});
