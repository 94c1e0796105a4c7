import { ALARM_SEVERITIES, type AlarmSeverity } from '@portal/shared';

/*
 * Aggregation as a pure function (docs/alarms.md "Aggregation"): from the open ordinary alarms and
 * the enabled rules in their scan order, the aggregated alarms that should be open now. Each rule
 * takes, among the alarms no earlier rule has taken, those of its metrics (at or above its least
 * severity, on its resources if it names any), groups them (all together, per resource, or per
 * cluster) and makes one aggregated alarm of each group with at least its minimum of members.
 * An alarm is in one aggregated alarm at most: the first rule in scan order that aggregates it.
 */

export type AggregateGrouping = 'none' | 'resource' | 'cluster';

export interface AggregateRule {
  id: number;
  metrics: readonly string[];
  /** Asset ids; empty: any resource. */
  assetIds: readonly number[];
  /** An asset type; null: any. */
  resourceType: string | null;
  groupBy: AggregateGrouping;
  /** Open alarms a group needs to be aggregated (2 or more). */
  minAlarms: number;
  /** Alarms below it are not taken; null: any severity. */
  minSeverity: AlarmSeverity | null;
}

export interface OpenAlarm {
  id: number;
  clusterId: string;
  resource: string;
  metric: string;
  severity: AlarmSeverity;
  /** The inventory's asset, when the resource is one. */
  assetId: number | null;
  assetType: string | null;
}

export interface WantedAggregate {
  ruleId: number;
  /** What makes the group: '*', `<cluster>/<resource>` or the cluster. */
  groupKey: string;
  clusterId: string;
  /** The group's resource for the list: the resource, the cluster or the rule's name. */
  resource: string;
  /** The members' one metric, or 'aggregate' when they differ. */
  metric: string;
  severity: AlarmSeverity;
  memberIds: number[];
}

const rank = (s: AlarmSeverity) => ALARM_SEVERITIES.indexOf(s);

/** The rule key an aggregated alarm is stored under: one open per rule and group. */
export const aggregateRuleKey = (ruleId: number, groupKey: string) => `aggregate:${ruleId}:${groupKey}`;
export const AGGREGATE_RULE_PREFIX = 'aggregate:';
export const aggregateRuleIdOf = (ruleKey: string): number | null =>
  ruleKey.startsWith(AGGREGATE_RULE_PREFIX) ? Number(ruleKey.slice(AGGREGATE_RULE_PREFIX.length).split(':')[0]) || null : null;

const takes = (rule: AggregateRule, a: OpenAlarm): boolean =>
  rule.metrics.includes(a.metric) &&
  (rule.minSeverity === null || rank(a.severity) >= rank(rule.minSeverity)) &&
  (rule.resourceType === null || a.assetType === rule.resourceType) &&
  (rule.assetIds.length === 0 || (a.assetId !== null && rule.assetIds.includes(a.assetId)));

const groupOf = (rule: AggregateRule, a: OpenAlarm): { key: string; clusterId: string; resource: string | null } => {
  if (rule.groupBy === 'resource') return { key: `${a.clusterId}/${a.resource}`, clusterId: a.clusterId, resource: a.resource };
  if (rule.groupBy === 'cluster') return { key: a.clusterId, clusterId: a.clusterId, resource: a.clusterId };
  return { key: '*', clusterId: '', resource: null };
};

/**
 * The aggregated alarms wanted now, rules in scan order; `ruleName` names a group that is neither
 * one resource nor one cluster.
 */
export const aggregate = (
  rules: readonly AggregateRule[],
  alarms: readonly OpenAlarm[],
  ruleName: (ruleId: number) => string,
): WantedAggregate[] => {
  const taken = new Set<number>();
  const wanted: WantedAggregate[] = [];
  for (const rule of rules) {
    const groups = new Map<string, { clusterId: string; resource: string | null; members: OpenAlarm[] }>();
    for (const a of alarms) {
      if (taken.has(a.id) || !takes(rule, a)) continue;
      const g = groupOf(rule, a);
      const group = groups.get(g.key) ?? { clusterId: g.clusterId, resource: g.resource, members: [] };
      group.members.push(a);
      groups.set(g.key, group);
    }
    for (const [key, g] of groups) {
      if (g.members.length < rule.minAlarms) continue;
      for (const m of g.members) taken.add(m.id);
      const metrics = new Set(g.members.map((m) => m.metric));
      const clusters = new Set(g.members.map((m) => m.clusterId));
      wanted.push({
        ruleId: rule.id,
        groupKey: key,
        clusterId: g.clusterId || (clusters.size === 1 ? ([...clusters][0] ?? '') : ''),
        resource: g.resource ?? ruleName(rule.id),
        metric: metrics.size === 1 ? ([...metrics][0] ?? 'aggregate') : 'aggregate',
        severity: g.members.reduce<AlarmSeverity>((s, m) => (rank(m.severity) > rank(s) ? m.severity : s), ALARM_SEVERITIES[0]),
        memberIds: g.members.map((m) => m.id).sort((x, y) => x - y),
      });
    }
  }
  return wanted;
};
