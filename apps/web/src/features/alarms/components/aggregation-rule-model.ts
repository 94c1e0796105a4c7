import type { AggregateGrouping, AggregateRule, AggregateRuleInput, AlarmSeverity, AssetType } from '@portal/shared';

/*
 * The aggregate rule form's values and the API's AggregateRuleInput (docs/alarms.md
 * "Aggregation"): what the dialog starts from for a new or an existing rule, what it sends, the
 * "empty conditions" check of spec section 5, and the scan order's moves.
 */

export interface AggregateRuleValues {
  name: string;
  description?: string;
  metrics: string[];
  groupBy: AggregateGrouping;
  /** Blank while it is typed in. */
  minAlarms: number | null;
  /** Empty: any severity. */
  minSeverity?: AlarmSeverity | undefined;
  /** Empty: any asset type (and then no assets). */
  resourceType?: AssetType | undefined;
  /** Asset ids of that type; empty: any resource (absent while no type is chosen: the picker is not shown). */
  resources?: number[];
  suppress: boolean;
  enabled: boolean;
}

export const DEFAULT_MIN_ALARMS = 2;

/** What the dialog starts from: a rule's fields, or a new rule grouping per resource. */
export const ruleValuesOf = (rule: AggregateRule | null): AggregateRuleValues =>
  rule
    ? {
        name: rule.name,
        description: rule.description,
        metrics: [...rule.metrics],
        groupBy: rule.groupBy,
        minAlarms: rule.minAlarms,
        minSeverity: rule.minSeverity ?? undefined,
        resourceType: rule.resourceType ?? undefined,
        resources: [...rule.resources],
        suppress: rule.suppress,
        enabled: rule.enabled,
      }
    : {
        name: '',
        description: '',
        metrics: [],
        groupBy: 'resource',
        minAlarms: DEFAULT_MIN_ALARMS,
        minSeverity: undefined,
        resourceType: undefined,
        resources: [],
        suppress: true,
        enabled: true,
      };

/** The body the API takes: the name and description trimmed, no assets without a type. */
export const toRuleInput = (v: AggregateRuleValues): AggregateRuleInput => ({
  name: v.name.trim(),
  description: v.description?.trim() ?? '',
  metrics: [...v.metrics],
  groupBy: v.groupBy,
  minAlarms: v.minAlarms ?? DEFAULT_MIN_ALARMS,
  minSeverity: v.minSeverity ?? null,
  resourceType: v.resourceType ?? null,
  resources: v.resourceType ? [...(v.resources ?? [])] : [],
  suppress: v.suppress,
  enabled: v.enabled,
});

/** The same rule with fields changed (the table's switch): everything else as it is. */
export const ruleInputOf = (rule: AggregateRule, change: Partial<AggregateRuleInput> = {}): AggregateRuleInput => ({
  ...toRuleInput(ruleValuesOf(rule)),
  ...change,
});

/**
 * Spec section 5: a rule whose conditions are empty (no least severity, no asset type, no assets)
 * takes every alarm of its metrics; the user is asked whether to submit it anyway.
 */
export const hasEmptyConditions = (v: Pick<AggregateRuleValues, 'minSeverity' | 'resourceType' | 'resources'>): boolean =>
  !v.minSeverity && !v.resourceType && (v.resources ?? []).length === 0;

/** The list with the item at `from` moved to `to` (both kept in range); the same list when nothing moves. */
export const moveItem = <T>(items: readonly T[], from: number, to: number): T[] => {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from < 0 || from >= items.length || from === target) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
};

/** The rule ids in scan order after moving `id` one place up (-1) or down (+1); null when it cannot move. */
export const moveRuleBy = (ids: readonly number[], id: number, delta: -1 | 1): number[] | null => {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  return moveItem(ids, from, to);
};

/** The rule ids after dragging `active` onto `over`'s place; null when nothing moves. */
export const dropRule = (ids: readonly number[], active: number, over: number | null): number[] | null => {
  if (over === null || active === over) return null;
  const from = ids.indexOf(active);
  const to = ids.indexOf(over);
  if (from < 0 || to < 0) return null;
  return moveItem(ids, from, to);
};

/** The rules in the given order of ids, their scan places renumbered from 1 (the list shown while the order is saved). */
export const reorderRules = (rules: readonly AggregateRule[], ids: readonly number[]): AggregateRule[] => {
  const byId = new Map(rules.map((r) => [r.id, r]));
  return ids.flatMap((id, i) => {
    const r = byId.get(id);
    return r ? [{ ...r, sortOrder: i + 1 }] : [];
  });
};
