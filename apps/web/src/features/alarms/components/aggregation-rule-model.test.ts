import { describe, expect, it } from 'vitest';
import { AggregateRuleInput, type AggregateRule } from '@portal/shared';
import {
  dropRule,
  hasEmptyConditions,
  moveItem,
  moveRuleBy,
  reorderRules,
  ruleInputOf,
  ruleValuesOf,
  toRuleInput,
  type AggregateRuleValues,
} from './aggregation-rule-model';

const RULE: AggregateRule = {
  id: 7,
  name: 'GPU storm',
  metrics: ['gpu.temperature', 'gpu.utilization'],
  resourceType: 'SERVER',
  resources: [3, 4],
  groupBy: 'cluster',
  minAlarms: 4,
  minSeverity: 'major',
  suppress: false,
  enabled: true,
  description: 'hot GPUs together',
  sortOrder: 2,
  openAlarms: 1,
  updatedAt: '2026-03-01T08:00:00.000Z',
  updatedBy: 'olga',
};

const rule = (id: number, name: string, sortOrder: number): AggregateRule => ({ ...RULE, id, name, sortOrder });

describe('the aggregate rule form', () => {
  it('starts a new rule grouping per resource, from 2 alarms, suppressing, enabled, without conditions', () => {
    const v = ruleValuesOf(null);
    expect(v).toMatchObject({ name: '', metrics: [], groupBy: 'resource', minAlarms: 2, suppress: true, enabled: true });
    expect(hasEmptyConditions(v)).toBe(true);
  });

  it("starts from a rule's fields and sends them back as they were", () => {
    const v = ruleValuesOf(RULE);
    expect(v).toEqual({
      name: 'GPU storm',
      description: 'hot GPUs together',
      metrics: ['gpu.temperature', 'gpu.utilization'],
      groupBy: 'cluster',
      minAlarms: 4,
      minSeverity: 'major',
      resourceType: 'SERVER',
      resources: [3, 4],
      suppress: false,
      enabled: true,
    });
    const body = toRuleInput(v);
    expect(body).toEqual({
      name: 'GPU storm',
      description: 'hot GPUs together',
      metrics: ['gpu.temperature', 'gpu.utilization'],
      groupBy: 'cluster',
      minAlarms: 4,
      minSeverity: 'major',
      resourceType: 'SERVER',
      resources: [3, 4],
      suppress: false,
      enabled: true,
    });
    expect(AggregateRuleInput.safeParse(body).success).toBe(true);
  });

  it('sends blanks as the API has them: trimmed texts, null for any severity and any type, no assets without a type', () => {
    const v: AggregateRuleValues = {
      name: '  CPU storm ',
      description: ' busy ',
      metrics: ['cpu.usage'],
      groupBy: 'none',
      minAlarms: null,
      minSeverity: undefined,
      resourceType: undefined,
      // Left from a type cleared afterwards.
      resources: [9],
      suppress: true,
      enabled: false,
    };
    const body = toRuleInput(v);
    expect(body).toEqual({
      name: 'CPU storm',
      description: 'busy',
      metrics: ['cpu.usage'],
      groupBy: 'none',
      minAlarms: 2,
      minSeverity: null,
      resourceType: null,
      resources: [],
      suppress: true,
      enabled: false,
    });
    expect(AggregateRuleInput.safeParse(body).success).toBe(true);
    // The form leaves the assets out while no type is chosen (the picker is not shown).
    const { resources: _, ...withoutAssets } = v;
    expect(toRuleInput(withoutAssets).resources).toEqual([]);
  });

  it('changes one field of a rule for the switch, keeping the rest', () => {
    expect(ruleInputOf(RULE, { enabled: false })).toEqual({ ...toRuleInput(ruleValuesOf(RULE)), enabled: false });
  });

  it('finds the conditions empty only without a least severity, an asset type and assets (spec section 5)', () => {
    expect(hasEmptyConditions({ resources: [] })).toBe(true);
    expect(hasEmptyConditions({})).toBe(true);
    expect(hasEmptyConditions({ minSeverity: 'warning', resources: [] })).toBe(false);
    expect(hasEmptyConditions({ resourceType: 'SWITCH', resources: [] })).toBe(false);
    expect(hasEmptyConditions({ resources: [1] })).toBe(false);
  });
});

describe('the scan order', () => {
  it('moves an item to another place, keeping the others in order', () => {
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveItem([1, 2, 3], 1, 9)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 1, 1)).toEqual([1, 2, 3]);
  });

  it('moves a rule one place up or down, not past either end', () => {
    expect(moveRuleBy([5, 6, 7], 6, -1)).toEqual([6, 5, 7]);
    expect(moveRuleBy([5, 6, 7], 6, 1)).toEqual([5, 7, 6]);
    expect(moveRuleBy([5, 6, 7], 5, -1)).toBeNull();
    expect(moveRuleBy([5, 6, 7], 7, 1)).toBeNull();
    expect(moveRuleBy([5, 6, 7], 8, 1)).toBeNull();
  });

  it('puts a dragged rule in the place of the one it is dropped on', () => {
    expect(dropRule([5, 6, 7], 7, 5)).toEqual([7, 5, 6]);
    expect(dropRule([5, 6, 7], 5, 7)).toEqual([6, 7, 5]);
    expect(dropRule([5, 6, 7], 5, 5)).toBeNull();
    expect(dropRule([5, 6, 7], 5, null)).toBeNull();
  });

  it('shows the rules in the new order, numbered from 1', () => {
    const rules = [rule(1, 'a', 1), rule(2, 'b', 2), rule(3, 'c', 3)];
    expect(reorderRules(rules, [3, 1, 2]).map((r) => [r.name, r.sortOrder])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
  });
});
