import {
  ALARM_SEVERITIES,
  AlarmSeverity,
  AssetType,
  ConditionOp,
  type AlarmDetails,
  type AlarmItem,
  type AlarmSeverityCount,
} from '@portal/shared';
import { catalogueEntry } from '../../cluster/metrics/catalogue.js';
import type { MetricSource } from '../../cluster/metrics/types.js';
import type { Clock } from '../../lib/time.js';
import { alarmNotFound } from './alarm-errors.js';
import { TEMPLATE_RULE_PREFIX } from './alarm-rules.js';
import { aggregateRuleIdOf } from './aggregation/aggregate.js';
import {
  assetOfAlarm,
  severityRank,
  type AlarmCursor,
  type AlarmFilter,
  type AlarmRow,
  type AlarmsRepository,
  type AssetOfAlarm,
} from './alarms.repository.js';

/*
 * The alarm list and its details (docs/alarms.md): open and recovered alarms with the resource
 * they concern from the inventory, confirmation with a remark, and the metric an hour either side.
 */

const HOUR = 3_600_000;
/** Spec section 9: the latest 10 historical alarms. */
const RECENT = 10;

export interface AlarmsDeps {
  repo: AlarmsRepository;
  clock: Clock;
  /** The metric source of a cluster (for the snapshot of an alarm whose hour after has not passed). */
  metricsOf: (clusterId: string) => MetricSource | undefined;
}

export type ListKind = 'active' | 'history' | 'all';

/** Real-time: the open alarms; history: the recovered ones; all: both. */
const openOf = (kind: ListKind): boolean | undefined => (kind === 'active' ? true : kind === 'history' ? false : undefined);
/** Real-time alarms most severe first; the others newest first. */
const orderOf = (kind: ListKind): 'severity' | 'time' => (kind === 'active' ? 'severity' : 'time');

export class AlarmsService {
  constructor(private readonly d: AlarmsDeps) {}

  async list(kind: ListKind, filter: Omit<AlarmFilter, 'open'>, page: { pageStart: number; pageLimit: number }) {
    const r = await this.d.repo.page(
      { ...filter, open: openOf(kind) },
      { offset: page.pageStart, limit: page.pageLimit },
      orderOf(kind),
    );
    return { total: r.total, list: await this.views(r.rows) };
  }

  /** How many alarms of a list match the filters (an export's total). */
  count(kind: ListKind, filter: Omit<AlarmFilter, 'open'>): Promise<number> {
    return this.d.repo.count({ ...filter, open: openOf(kind) });
  }

  /** A page of a list in its order after the cursor, as the list shows it, and the cursor of the next page. */
  async pageAfter(
    kind: ListKind,
    filter: Omit<AlarmFilter, 'open'>,
    after: AlarmCursor | null,
    limit: number,
  ): Promise<{ list: AlarmItem[]; next: AlarmCursor | null }> {
    const rows = await this.d.repo.pageAfter({ ...filter, open: openOf(kind) }, orderOf(kind), after, limit);
    const last = rows.at(-1);
    return {
      list: await this.views(rows),
      next: last ? { rank: severityRank(last.severity), raisedAt: Number(last.raised_at), id: last.id } : null,
    };
  }

  async severityCount(clusterId: string | undefined): Promise<AlarmSeverityCount> {
    const count: AlarmSeverityCount = { warning: 0, minor: 0, major: 0, critical: 0, total: 0, unconfirmed: 0 };
    for (const c of await this.d.repo.openCounts(clusterId)) {
      const severity = AlarmSeverity.safeParse(c.severity);
      if (severity.success) count[severity.data] += c.n;
      count.total += c.n;
      if (c.confirmed === 0) count.unconfirmed += c.n;
    }
    return count;
  }

  async setConfirmed(ids: readonly number[], confirmed: boolean, remark: string, user: string): Promise<number> {
    const found = new Set(await this.d.repo.existing(ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw alarmNotFound(missing);
    return this.d.repo.setConfirmed([...new Set(ids)], confirmed, remark, user, this.d.clock.now());
  }

  async details(id: number): Promise<AlarmDetails> {
    const row = await this.d.repo.byId(id);
    if (!row) throw alarmNotFound([id]);
    const [alarm] = await this.views([row]);
    const recent = await this.views(await this.d.repo.recent(row.cluster_id, row.resource, row, RECENT));
    if (!alarm) throw alarmNotFound([id]);
    const log = await this.d.repo.confirmLog(id);
    return {
      alarm,
      recent,
      confirmLog: log.map((l) => ({
        action: l.action === 'unconfirm' ? 'unconfirm' : 'confirm',
        remark: l.remark,
        userName: l.user_name,
        at: new Date(Number(l.at)).toISOString(),
      })),
      snapshot: await this.snapshot(row),
    };
  }

  /** Kept with the alarm once its hour after has passed; read from the source until then. */
  private async snapshot(row: AlarmRow): Promise<AlarmDetails['snapshot']> {
    const kept = await this.d.repo.snapshot(row.id);
    if (kept)
      return {
        from: new Date(Number(kept.from_ms)).toISOString(),
        to: new Date(Number(kept.to_ms)).toISOString(),
        stepSeconds: kept.step_seconds,
        stored: true,
        points: JSON.parse(kept.points) as AlarmDetails['snapshot']['points'],
      };
    const live = await readSnapshot(this.d.metricsOf(row.cluster_id), row, this.d.clock.now());
    return { ...live, stored: false };
  }

  /** The list's items of these alarms (those that exist), in the order given. */
  async items(ids: readonly number[]): Promise<AlarmItem[]> {
    const rows = new Map((await this.d.repo.byIds(ids)).map((r) => [r.id, r]));
    return this.views(ids.flatMap((id) => rows.get(id) ?? []));
  }

  private async views(rows: readonly AlarmRow[]): Promise<AlarmItem[]> {
    const assets = await this.d.repo.assetsNamed(rows.map((r) => r.resource));
    const templates = await this.d.repo.templateNames(rows.map((r) => templateIdOf(r.rule_key)).filter((x) => x !== null));
    const now = this.d.clock.now();
    return rows.map((r) => view(r, assetOfAlarm(assets, r), templates, now));
  }
}

/** The metric of the alarm's resource from an hour before the raise to an hour after (or now). */
export const readSnapshot = async (source: MetricSource | undefined, row: AlarmRow, now: number) => {
  const from = Number(row.raised_at) - HOUR;
  const to = Math.min(Number(row.raised_at) + HOUR, now);
  const entry = catalogueEntry(row.metric);
  const empty = { from: new Date(from).toISOString(), to: new Date(to).toISOString(), stepSeconds: 0, points: [] };
  if (!source || !entry || to <= from) return empty;
  const answer = await source.history({ resources: [row.resource], metrics: [entry], from, to });
  return { ...empty, stepSeconds: answer.stepSeconds, points: answer.series[0]?.points ?? [] };
};

const templateIdOf = (ruleKey: string): number | null =>
  ruleKey.startsWith(TEMPLATE_RULE_PREFIX) ? Number(ruleKey.slice(TEMPLATE_RULE_PREFIX.length)) || null : null;

const severityOf = (s: string) => AlarmSeverity.catch(ALARM_SEVERITIES[0]).parse(s);

const view = (r: AlarmRow, asset: AssetOfAlarm | undefined, templates: ReadonlyMap<number, string>, now: number): AlarmItem => {
  const templateId = templateIdOf(r.rule_key);
  const op = ConditionOp.safeParse(r.condition_op);
  const type = AssetType.safeParse(asset?.type);
  const recovered = r.recovered_at === null ? null : Number(r.recovered_at);
  const kind = r.kind === 'noData' || r.kind === 'aggregate' ? r.kind : 'threshold';
  const aggRuleId = aggregateRuleIdOf(r.rule_key);
  const threshold = r.threshold ?? '';
  return {
    id: r.id,
    alarmTime: new Date(Number(r.raised_at)).toISOString(),
    recoveryTime: recovered === null ? null : new Date(recovered).toISOString(),
    durationTime: Math.max(0, Math.floor(((recovered ?? now) - Number(r.raised_at)) / 1000)),
    severity: severityOf(r.severity),
    peakSeverity: severityOf(r.peak_severity),
    kind,
    clusterId: r.cluster_id,
    resId: asset?.id ?? null,
    resName: r.resource,
    categoryId: type.success ? type.data : null,
    categoryName: asset?.type ?? '',
    modelId: asset?.model ?? '',
    modelName: asset?.model ?? '',
    parentId: asset?.parent_id ?? null,
    parentName: asset?.parent_name ?? '',
    metricId: r.metric,
    metricName: r.metric,
    // An aggregated alarm's value counts alarms, whatever its members measure.
    unit: kind === 'aggregate' ? 'count' : (catalogueEntry(r.metric)?.unit ?? 'count'),
    metricValue: r.value === null ? null : Number(r.value),
    recoveryValue: r.recovery_value === null ? null : Number(r.recovery_value),
    alarmCondition: op.success ? op.data : null,
    threshold,
    thresholdTempId: templateId,
    thresholdTempName: templateId === null ? '' : (templates.get(templateId) ?? ''),
    alarmStatus: r.status,
    aggRuleId,
    // An aggregated alarm's value is how many alarms it holds.
    subsetNum: aggRuleId === null ? 0 : Number(r.value ?? 0),
    resTotal: 1,
    description:
      kind === 'noData'
        ? `No samples of ${r.metric} from ${r.resource}`
        : kind === 'aggregate'
          ? `${Number(r.value ?? 0)} alarms of ${r.metric === 'aggregate' ? 'several indicators' : r.metric} aggregated`
          : `${r.metric} of ${r.resource} ${op.success ? op.data : ''} ${threshold}`.replace(/\s+/g, ' ').trim(),
    confirmed: r.confirmed === 1,
    confirmedBy: r.confirmed_by ?? '',
    confirmedAt: r.confirmed_at === null ? null : new Date(Number(r.confirmed_at)).toISOString(),
    confirmRemark: r.confirm_remark ?? '',
  };
};
