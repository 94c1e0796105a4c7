import type {
  AssetType,
  Indicator,
  IndicatorFields,
  MetricInfo,
  Template,
  TemplateFields,
  TemplateResource,
} from '@portal/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../lib/time.js';
import * as errors from './alarm-errors.js';
import type { AlarmRules } from './alarm-rules.service.js';
import type {
  AlarmTemplatesRepository,
  IndicatorColumns,
  IndicatorRow,
  TemplateAsset,
  TemplateFilter,
  TemplateRow,
} from './alarm-templates.repository.js';
import type { StoredLevel } from './alarm-rules.js';
import { indicatorsOf } from './indicators.js';

/*
 * Threshold templates (docs/alarms.md): a name unique among templates, resources of its type each
 * held by one template at most, indicators the type has, each metric once. A change takes effect
 * at the next sample; what a template no longer covers (a resource or indicator taken out, the
 * template disabled or deleted) has its open alarms ended at once.
 */

export class AlarmTemplatesService {
  constructor(
    private readonly repo: AlarmTemplatesRepository,
    private readonly rules: AlarmRules,
    private readonly clock: Clock,
  ) {}

  async list(
    filter: TemplateFilter,
    page: { pageStart: number; pageLimit: number },
  ): Promise<{ total: number; list: Template[] }> {
    const r = await this.repo.page(filter, { offset: page.pageStart, limit: page.pageLimit });
    const indicators = await this.repo.indicatorsOf(r.rows.map((t) => t.id));
    return { total: r.total, list: r.rows.map((t) => templateView(t, indicators)) };
  }

  async get(id: number): Promise<Template> {
    const t = await this.repo.byId(id);
    if (!t) throw errors.templateNotFound(id);
    return templateView(t, await this.repo.indicatorsOf([id]));
  }

  async create(input: TemplateFields, by: string): Promise<Template> {
    const id = await this.save(null, input, by);
    await this.rules.sweep();
    return this.get(id);
  }

  async modify(id: number, input: TemplateFields, by: string): Promise<Template> {
    if (!(await this.repo.byId(id))) throw errors.templateNotFound(id);
    await this.save(id, input, by);
    await this.rules.sweep();
    return this.get(id);
  }

  /** Removes the templates; the names, for the audit log. */
  async delete(ids: readonly number[]): Promise<string[]> {
    const names: string[] = [];
    for (const id of ids) {
      const t = await this.repo.byId(id);
      if (!t) throw errors.templateNotFound(id);
      names.push(t.name);
    }
    await this.repo.transaction((trx) => this.repo.delete(trx, ids));
    await this.rules.sweep();
    return names;
  }

  async resources(type: AssetType, keyword: string | undefined, page: { pageStart: number; pageLimit: number }) {
    const r = await this.repo.assetsOfType(type, keyword, { offset: page.pageStart, limit: page.pageLimit });
    return { total: r.total, list: r.rows.map(resourceView) };
  }

  async templateResources(id: number, page: { pageStart: number; pageLimit: number }) {
    if (!(await this.repo.byId(id))) throw errors.templateNotFound(id);
    const r = await this.repo.assetsOfTemplate(id, { offset: page.pageStart, limit: page.pageLimit });
    return { total: r.total, list: r.rows.map(resourceView) };
  }

  nameExists(name: string, except?: number): Promise<boolean> {
    return this.repo.nameTaken(name.trim(), except);
  }

  metrics(type: AssetType): readonly MetricInfo[] {
    const list = indicatorsOf(type);
    if (list.length === 0) throw errors.noConfigurableIndicator();
    return list;
  }

  async indicators(id: number): Promise<Indicator[]> {
    return (await this.get(id)).indicators;
  }

  /** Adds an indicator (`replace` false) or changes the one of the same metric (`replace` true). */
  async putIndicator(id: number, indicator: IndicatorFields, replace: boolean, by: string): Promise<Template> {
    const t = await this.get(id);
    const has = t.indicators.some((i) => i.metric === indicator.metric);
    if (replace && !has) throw errors.indicatorNotFound(indicator.metric);
    if (t.kind === 'silent') throw errors.noConfigurableIndicator([indicator.metric]);
    checkMetrics(t.resourceType, [indicator]);
    await this.repo.transaction(async (trx) => {
      if (!replace && has) throw errors.indicatorExists(indicator.metric);
      const kept = t.indicators.filter((i) => i.metric !== indicator.metric).map(storedIndicator);
      await this.repo.setIndicators(trx, id, [...kept, columnsOf(indicator)]);
      await this.repo.touch(trx, id, this.clock.now(), by);
    });
    await this.rules.sweep();
    return this.get(id);
  }

  private async save(id: number | null, input: TemplateFields, by: string): Promise<number> {
    if (await this.repo.nameTaken(input.name, id ?? undefined)) throw errors.templateNameExists(input.name);
    checkMetrics(input.resourceType, input.indicators);
    const row = {
      name: input.name,
      kind: input.kind,
      resource_type: input.resourceType,
      description: input.description ?? '',
      enabled: input.enabled ? 1 : 0,
      updated_at: this.clock.now(),
      updated_by: by,
    };
    try {
      return await this.repo.transaction(async (trx) => {
        await this.checkResources(trx, id, input);
        const saved = id ?? (await this.repo.insert(trx, row));
        if (id !== null) await this.repo.update(trx, id, row);
        await this.repo.setAssets(trx, saved, input.resources);
        await this.repo.setIndicators(trx, saved, input.indicators.map(columnsOf));
        return saved;
      });
    } catch (e) {
      // Two saves of one name at once: the unique index decides.
      if (isUniqueViolation(e) && (await this.repo.nameTaken(input.name, id ?? undefined)))
        throw errors.templateNameExists(input.name);
      if (isUniqueViolation(e)) throw errors.assetInOtherTemplate([], '');
      throw e;
    }
  }

  /** Every resource is an asset of the template's type that no other template holds. */
  private async checkResources(trx: Transaction<Database>, id: number | null, input: TemplateFields): Promise<void> {
    const found = await this.repo.assetsByIds(input.resources, trx);
    const byId = new Map(found.map((a) => [a.id, a]));
    const wrong = input.resources.filter((r) => byId.get(r)?.type !== input.resourceType);
    if (wrong.length > 0) throw errors.templateResourceInvalid(wrong, input.resourceType);
    const taken = found.filter((a) => a.template_id !== null && a.template_id !== id);
    if (taken.length > 0)
      throw errors.assetInOtherTemplate(
        taken.map((a) => a.name),
        taken[0]?.template_name ?? '',
      );
  }
}

/** Each indicator names a metric its type has. */
const checkMetrics = (type: AssetType, indicators: readonly { metric: string }[]) => {
  const allowed = new Set(indicatorsOf(type).map((m) => m.id));
  const refused = indicators.map((i) => i.metric).filter((m) => !allowed.has(m));
  if (refused.length > 0) throw errors.noConfigurableIndicator(refused);
};

const columnsOf = (i: IndicatorFields): IndicatorColumns => ({
  metric: i.metric,
  alarm_count: i.alarmCount,
  recovery_count: i.recoveryCount,
  no_data_count: i.noDataCount,
  levels: JSON.stringify(
    i.levels.map((l): StoredLevel =>
      l.op === 'in' || l.op === 'out'
        ? { severity: l.severity, op: l.op, low: l.low, high: l.high }
        : { severity: l.severity, op: l.op, value: l.value },
    ),
  ),
});

const storedIndicator = (i: Indicator): IndicatorColumns => ({
  metric: i.metric,
  alarm_count: i.alarmCount,
  recovery_count: i.recoveryCount,
  no_data_count: i.noDataCount,
  levels: JSON.stringify(i.levels),
});

const unitOf = (type: string, metric: string) => indicatorsOf(type as AssetType).find((m) => m.id === metric)?.unit ?? 'count';

const indicatorView = (type: string, i: IndicatorRow): Indicator => ({
  id: i.id,
  metric: i.metric,
  unit: unitOf(type, i.metric),
  alarmCount: i.alarm_count,
  recoveryCount: i.recovery_count,
  noDataCount: i.no_data_count,
  levels: (JSON.parse(i.levels) as StoredLevel[]).map((l) => ({
    severity: l.severity as Indicator['levels'][number]['severity'],
    op: l.op,
    ...(l.value === undefined ? {} : { value: l.value }),
    ...(l.low === undefined ? {} : { low: l.low }),
    ...(l.high === undefined ? {} : { high: l.high }),
  })),
});

const templateView = (t: TemplateRow & { resource_count: number }, indicators: readonly IndicatorRow[]): Template => ({
  id: t.id,
  name: t.name,
  kind: t.kind === 'silent' ? 'silent' : 'custom',
  resourceType: t.resource_type as AssetType,
  description: t.description,
  enabled: t.enabled === 1,
  resourceCount: t.resource_count,
  indicators: indicators.filter((i) => i.template_id === t.id).map((i) => indicatorView(t.resource_type, i)),
  updatedAt: new Date(Number(t.updated_at)).toISOString(),
  updatedBy: t.updated_by,
});

const resourceView = (a: TemplateAsset): TemplateResource => ({
  id: a.id,
  name: a.name,
  clusterId: a.cluster_id,
  type: a.type as AssetType,
  templateId: a.template_id,
  templateName: a.template_name,
});
