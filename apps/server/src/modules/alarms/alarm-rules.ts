import type { ConditionOp } from '@portal/shared';
import type { Condition, Level } from './engine/conditions.js';
import { toSeverity } from './engine/conditions.js';
import type { AlarmRule } from './engine/evaluate.js';
import type { AlarmKey } from './alarm-states.repository.js';
import type { WatchedRow } from './alarm-templates.repository.js';

/*
 * The engine's rules from the threshold templates: one per (asset, indicator) of an enabled custom
 * template, keyed by the asset's cluster (the default cluster for an asset of none), its name, the
 * metric and `template:<id>`.
 */

export interface WatchedRule {
  key: AlarmKey;
  rule: AlarmRule;
}

export interface StoredLevel {
  severity: string;
  op: ConditionOp;
  value?: number | undefined;
  low?: number | undefined;
  high?: number | undefined;
}

export const ruleKeyOf = (templateId: number): string => `template:${templateId}`;
/** The rule keys templates own (the sweep ends what no template covers any more). */
export const TEMPLATE_RULE_PREFIX = 'template:';

const conditionOf = (l: StoredLevel): Condition => {
  if (l.op === 'in' || l.op === 'out') return { op: l.op, low: l.low ?? 0, high: l.high ?? 0 };
  return { op: l.op, value: l.value ?? 0 };
};

export const levelsOf = (json: string): Level[] =>
  (JSON.parse(json) as StoredLevel[]).map((l) => ({ severity: toSeverity(l.severity), condition: conditionOf(l) }));

export const watchedRules = (rows: readonly WatchedRow[], defaultClusterId: string): WatchedRule[] =>
  rows.map((r) => ({
    key: {
      clusterId: r.asset_cluster_id || defaultClusterId,
      resource: r.asset_name,
      metric: r.metric,
      ruleKey: ruleKeyOf(r.template_id),
    },
    rule: {
      levels: levelsOf(r.levels),
      raiseAfter: r.alarm_count,
      recoverAfter: r.recovery_count,
      ...(r.no_data_count === null ? {} : { noDataAfter: r.no_data_count }),
    },
  }));
