import {
  ALARM_SEVERITIES,
  AggregateGrouping,
  AlarmSeverity,
  AssetType,
  type AggregateRule,
  type AggregateRuleFields,
  type AlarmItem,
  type MetricInfo,
} from '@portal/shared';
import { isUniqueViolation } from '../../../db/unique-violation.js';
import type { Clock } from '../../../lib/time.js';
import type { Logger } from '../../../lib/logger.js';
import { indicatorsOf } from '../indicators.js';
import { aggregate, type AggregateRule as ScanRule } from './aggregate.js';
import * as errors from './aggregation-errors.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import type { AggregateChanges, AggregationRepository, RuleColumns, RuleRow } from './aggregation.repository.js';

/*
 * Aggregate alarm rules and the scan that applies them (docs/alarms.md "Aggregation"). The scan
 * runs after every round of the evaluator and after every change of the rules, one at a time; it
 * reads the open alarms and makes the open aggregated alarms match what the rules want, in one
 * transaction, so a scan that fails or is killed leaves the previous result whole.
 */

const rank = (s: string) => ALARM_SEVERITIES.indexOf(AlarmSeverity.catch('warning').parse(s));

export class AggregationService {
  private scanning: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repo: AggregationRepository,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** The alarm list's items of these alarms (in any order). */
    private readonly itemsOf: (ids: readonly number[]) => Promise<AlarmItem[]>,
    /** Work in the scan's transaction on what it changed (the notices of aggregated alarms). */
    private readonly onChanged: (
      trx: Transaction<Database>,
      changes: AggregateChanges,
      time: number,
    ) => Promise<void> = async () => {},
  ) {}

  async list(): Promise<AggregateRule[]> {
    const counts = await this.repo.openCounts();
    return (await this.repo.rules()).map((r) => ruleView(r, counts.get(r.id) ?? 0));
  }

  async create(input: AggregateRuleFields, by: string): Promise<AggregateRule> {
    let id: number;
    try {
      id = await this.repo.transaction((trx) => this.repo.insert(trx, { name: input.name, ...this.columns(input, by) }));
    } catch (e) {
      if (isUniqueViolation(e)) throw errors.aggregateRuleNameExists(input.name);
      throw e;
    }
    await this.scan();
    return this.get(id);
  }

  async modify(id: number, input: AggregateRuleFields, by: string): Promise<AggregateRule> {
    await this.repo.transaction(async (trx) => {
      const before = (await this.repo.rules(trx)).find((r) => r.id === id);
      if (!before) throw errors.aggregateRuleNotFound(id);
      if (before.name !== input.name) throw errors.aggregateRuleNameImmutable(before.name);
      await this.repo.update(trx, id, this.columns(input, by));
      // Spec section 4: disabled, its real-time aggregated alarms go. A changed rule starts afresh.
      await this.repo.removeOpen(trx, [id]);
    });
    await this.scan();
    return this.get(id);
  }

  async delete(ids: readonly number[]): Promise<string[]> {
    const names = await this.repo.transaction(async (trx) => {
      const rules = await this.repo.rules(trx);
      const found = ids.map((id) => rules.find((r) => r.id === id));
      const missing = ids.find((_, i) => !found[i]);
      if (missing !== undefined) throw errors.aggregateRuleNotFound(missing);
      await this.repo.removeOpen(trx, ids);
      await this.repo.remove(trx, ids);
      return found.map((r) => r?.name ?? '');
    });
    await this.scan();
    return names;
  }

  /** Spec section 2: scan-order sorting; every rule once. */
  async sort(ids: readonly number[]): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const rules = await this.repo.rules(trx);
      const all = new Set(rules.map((r) => r.id));
      if (new Set(ids).size !== ids.length || ids.length !== all.size || ids.some((id) => !all.has(id)))
        throw errors.aggregateOrderInvalid();
      await this.repo.setOrder(trx, ids);
      // The earlier rule now takes first: start the aggregated alarms afresh in the new order.
      await this.repo.removeOpen(trx, ids);
    });
    await this.scan();
  }

  async deleteCheck(ids: readonly number[]): Promise<number> {
    const counts = await this.repo.openCounts();
    return ids.reduce((n, id) => n + (counts.get(id) ?? 0), 0);
  }

  metrics(resourceType: AssetType | undefined): MetricInfo[] {
    const types = resourceType ? [resourceType] : AssetType.options;
    const seen = new Map<string, MetricInfo>();
    for (const t of types) for (const m of indicatorsOf(t)) seen.set(m.id, m);
    return [...seen.values()];
  }

  /** The alarms an aggregated alarm holds and held (spec: aggalarmsubset). */
  async members(aggregateId: number): Promise<(AlarmItem & { left: boolean })[]> {
    const members = await this.repo.members(aggregateId);
    const items = new Map((await this.itemsOf(members.map((m) => m.alarmId))).map((i) => [i.id, i]));
    return members.flatMap((m) => {
      const item = items.get(m.alarmId);
      return item ? [{ ...item, left: m.left }] : [];
    });
  }

  /** Runs a scan after the one running (if any); resolves when it is done. Never rejects. */
  scan(): Promise<void> {
    const next = this.scanning.then(() => this.scanOnce());
    this.scanning = next.catch(() => undefined);
    return next.catch((e: unknown) => {
      this.log.warn({ err: e }, 'alarm aggregation scan failed');
    });
  }

  private async scanOnce(): Promise<void> {
    const rules = await this.repo.rules();
    const enabled = rules.filter((r) => r.enabled === 1);
    const suppressing = new Set(enabled.filter((r) => r.suppress === 1).map((r) => r.id));
    const names = new Map(rules.map((r) => [r.id, r.name]));
    await this.repo.transaction(async (trx) => {
      const open = await this.repo.openAlarms(trx);
      const wanted = aggregate(enabled.map(scanRule), open, (id) => names.get(id) ?? String(id));
      const now = this.clock.now();
      const changes = await this.repo.apply(trx, wanted, suppressing, new Set(open.map((a) => a.id)), now, rank);
      await this.onChanged(trx, changes, now);
    });
  }

  private async get(id: number): Promise<AggregateRule> {
    const rule = (await this.list()).find((r) => r.id === id);
    if (!rule) throw errors.aggregateRuleNotFound(id);
    return rule;
  }

  private columns(input: AggregateRuleFields, by: string): Omit<RuleColumns, 'name'> {
    return {
      metrics: JSON.stringify(input.metrics),
      resource_type: input.resourceType,
      resources: JSON.stringify(input.resources),
      group_by: input.groupBy,
      min_alarms: input.minAlarms,
      min_severity: input.minSeverity,
      suppress: input.suppress ? 1 : 0,
      enabled: input.enabled ? 1 : 0,
      description: input.description ?? '',
      updated_at: this.clock.now(),
      updated_by: by,
    };
  }
}

const numbers = (json: string): number[] => (JSON.parse(json) as unknown[]).map(Number).filter(Number.isFinite);
const strings = (json: string): string[] => (JSON.parse(json) as unknown[]).map(String);

const scanRule = (r: RuleRow): ScanRule => ({
  id: r.id,
  metrics: strings(r.metrics),
  assetIds: numbers(r.resources),
  resourceType: r.resource_type,
  groupBy: AggregateGrouping.catch('resource').parse(r.group_by),
  minAlarms: r.min_alarms,
  minSeverity: r.min_severity === null ? null : AlarmSeverity.catch('warning').parse(r.min_severity),
});

const ruleView = (r: RuleRow, openAlarms: number): AggregateRule => {
  const type = AssetType.safeParse(r.resource_type);
  return {
    id: r.id,
    name: r.name,
    metrics: strings(r.metrics),
    resourceType: type.success ? type.data : null,
    resources: numbers(r.resources),
    groupBy: AggregateGrouping.catch('resource').parse(r.group_by),
    minAlarms: r.min_alarms,
    minSeverity: r.min_severity === null ? null : AlarmSeverity.catch('warning').parse(r.min_severity),
    suppress: r.suppress === 1,
    enabled: r.enabled === 1,
    description: r.description,
    sortOrder: r.sort_order,
    openAlarms,
    updatedAt: new Date(Number(r.updated_at)).toISOString(),
    updatedBy: r.updated_by,
  };
};
