import { sql, type Kysely, type Transaction } from 'kysely';
import type { AssetType, TemplateKind } from '@portal/shared';
import type { AlarmTemplateIndicatorsTable, AlarmTemplatesTable } from '../../db/alarm-tables.js';
import { containsIgnoreCase } from '../../db/like.js';
import { readPage, type PageOf, type PageRequest } from '../../db/paging.js';
import type { Database } from '../../db/types.js';

/* Threshold templates' SQL (migration 0020): the template, the assets it holds, its indicators. */

export type TemplateRow = Omit<AlarmTemplatesTable, 'id'> & { id: number };
export type IndicatorRow = Omit<AlarmTemplateIndicatorsTable, 'id'> & { id: number };
export type IndicatorColumns = Omit<AlarmTemplateIndicatorsTable, 'id' | 'template_id'>;

export interface TemplateFilter {
  name?: string | undefined;
  kind?: TemplateKind | undefined;
  resourceType?: AssetType | undefined;
}

export interface TemplateAsset {
  id: number;
  name: string;
  cluster_id: string;
  type: string;
  template_id: number | null;
  template_name: string | null;
}

/** One asset an enabled custom template watches with one indicator. */
export interface WatchedRow {
  template_id: number;
  asset_cluster_id: string;
  asset_name: string;
  metric: string;
  alarm_count: number;
  recovery_count: number;
  no_data_count: number | null;
  levels: string;
}

export class AlarmTemplatesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async page(filter: TemplateFilter, page: PageRequest): Promise<PageOf<TemplateRow & { resource_count: number }>> {
    let q = this.db.selectFrom('alarm_templates as t');
    if (filter.name) q = q.where(containsIgnoreCase('t.name', filter.name));
    if (filter.kind) q = q.where('t.kind', '=', filter.kind);
    if (filter.resourceType) q = q.where('t.resource_type', '=', filter.resourceType);
    const r = await readPage(q, page, (f) =>
      f
        .selectAll('t')
        .select((eb) =>
          eb
            .selectFrom('alarm_template_resources as r')
            .select(eb.fn.countAll<string | number>().as('n'))
            .whereRef('r.template_id', '=', 't.id')
            .as('resource_count'),
        )
        .orderBy('t.name'),
    );
    return {
      total: r.total,
      rows: r.rows.map((row) => ({ ...row, id: Number(row.id), resource_count: Number(row.resource_count ?? 0) })),
    };
  }

  async byId(id: number, db: Kysely<Database> = this.db): Promise<(TemplateRow & { resource_count: number }) | undefined> {
    const row = await db
      .selectFrom('alarm_templates as t')
      .selectAll('t')
      .select((eb) =>
        eb
          .selectFrom('alarm_template_resources as r')
          .select(eb.fn.countAll<string | number>().as('n'))
          .whereRef('r.template_id', '=', 't.id')
          .as('resource_count'),
      )
      .where('t.id', '=', id)
      .executeTakeFirst();
    return row && { ...row, id: Number(row.id), resource_count: Number(row.resource_count ?? 0) };
  }

  async nameTaken(name: string, except?: number): Promise<boolean> {
    let q = this.db.selectFrom('alarm_templates').select('id').where('name', '=', name);
    if (except !== undefined) q = q.where('id', '!=', except);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async indicatorsOf(templateIds: readonly number[], db: Kysely<Database> = this.db): Promise<IndicatorRow[]> {
    if (templateIds.length === 0) return [];
    const rows = await db
      .selectFrom('alarm_template_indicators')
      .selectAll()
      .where('template_id', 'in', [...templateIds])
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id), template_id: Number(r.template_id) }));
  }

  /** Assets by id with the template holding each (for the checks before a save). */
  async assetsByIds(ids: readonly number[], db: Kysely<Database> = this.db): Promise<TemplateAsset[]> {
    if (ids.length === 0) return [];
    const found: TemplateAsset[] = [];
    // In slices: a statement takes a bounded number of parameters (SQLite 32,766).
    for (let i = 0; i < ids.length; i += 1000)
      found.push(
        ...(await this.assetQuery(db)
          .where('a.id', 'in', ids.slice(i, i + 1000))
          .execute()),
      );
    return found.map(numericIds);
  }

  private assetQuery(db: Kysely<Database>) {
    return db
      .selectFrom('assets as a')
      .leftJoin('alarm_template_resources as r', 'r.asset_id', 'a.id')
      .leftJoin('alarm_templates as t', 't.id', 'r.template_id')
      .select(['a.id', 'a.name', 'a.cluster_id', 'a.type', 'r.template_id', 't.name as template_name']);
  }

  /** Assets of a type, each with the template holding it. */
  async assetsOfType(type: AssetType, keyword: string | undefined, page: PageRequest): Promise<PageOf<TemplateAsset>> {
    let q = this.db
      .selectFrom('assets as a')
      .leftJoin('alarm_template_resources as r', 'r.asset_id', 'a.id')
      .leftJoin('alarm_templates as t', 't.id', 'r.template_id')
      .where('a.type', '=', type);
    if (keyword) q = q.where(containsIgnoreCase('a.name', keyword));
    const r = await readPage(q, page, (f) =>
      f
        .select(['a.id', 'a.name', 'a.cluster_id', 'a.type', 'r.template_id', 't.name as template_name'])
        .orderBy('a.name')
        .orderBy('a.id'),
    );
    return { total: r.total, rows: r.rows.map(numericIds) };
  }

  async assetsOfTemplate(templateId: number, page: PageRequest): Promise<PageOf<TemplateAsset>> {
    const q = this.db
      .selectFrom('assets as a')
      .innerJoin('alarm_template_resources as r', 'r.asset_id', 'a.id')
      .innerJoin('alarm_templates as t', 't.id', 'r.template_id')
      .where('r.template_id', '=', templateId);
    const r = await readPage(q, page, (f) =>
      f
        .select(['a.id', 'a.name', 'a.cluster_id', 'a.type', 'r.template_id', 't.name as template_name'])
        .orderBy('a.name')
        .orderBy('a.id'),
    );
    return { total: r.total, rows: r.rows.map(numericIds) };
  }

  async insert(trx: Transaction<Database>, row: Omit<AlarmTemplatesTable, 'id'>): Promise<number> {
    const r = await trx.insertInto('alarm_templates').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async update(trx: Transaction<Database>, id: number, row: Omit<AlarmTemplatesTable, 'id'>): Promise<void> {
    await trx.updateTable('alarm_templates').set(row).where('id', '=', id).execute();
  }

  async touch(trx: Transaction<Database>, id: number, at: number, by: string): Promise<void> {
    await trx.updateTable('alarm_templates').set({ updated_at: at, updated_by: by }).where('id', '=', id).execute();
  }

  /** The template's assets become exactly `assetIds` (the primary key refuses an asset another template holds). */
  async setAssets(trx: Transaction<Database>, templateId: number, assetIds: readonly number[]): Promise<void> {
    await trx.deleteFrom('alarm_template_resources').where('template_id', '=', templateId).execute();
    for (let i = 0; i < assetIds.length; i += 500) {
      const slice = assetIds.slice(i, i + 500).map((asset_id) => ({ asset_id, template_id: templateId }));
      if (slice.length > 0) await trx.insertInto('alarm_template_resources').values(slice).execute();
    }
  }

  /** The template's indicators become exactly these; an indicator kept (same metric) keeps its id. */
  async setIndicators(trx: Transaction<Database>, templateId: number, list: readonly IndicatorColumns[]): Promise<void> {
    const metrics = list.map((i) => i.metric);
    let stale = trx.deleteFrom('alarm_template_indicators').where('template_id', '=', templateId);
    if (metrics.length > 0) stale = stale.where('metric', 'not in', metrics);
    await stale.execute();
    for (const i of list) {
      await trx
        .insertInto('alarm_template_indicators')
        .values({ ...i, template_id: templateId })
        .onConflict((oc) =>
          oc.columns(['template_id', 'metric']).doUpdateSet({
            alarm_count: i.alarm_count,
            recovery_count: i.recovery_count,
            no_data_count: i.no_data_count,
            levels: i.levels,
          }),
        )
        .execute();
    }
  }

  async delete(trx: Transaction<Database>, ids: readonly number[]): Promise<number> {
    const r = await trx
      .deleteFrom('alarm_templates')
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /**
   * What moves when the rules may have: the templates' and assets' counts and change times, the
   * templates' assets and indicators counted (a deleted asset leaves its template untouched).
   */
  async watchedFingerprint(): Promise<string> {
    const r = await sql<Record<string, unknown>>`
      SELECT
        (SELECT count(*) FROM alarm_templates) AS templates, (SELECT sum(updated_at) FROM alarm_templates) AS templates_at,
        (SELECT count(*) FROM alarm_template_resources) AS resources, (SELECT count(*) FROM alarm_template_indicators) AS indicators,
        (SELECT count(*) FROM assets) AS assets, (SELECT sum(updated_at) FROM assets) AS assets_at,
        (SELECT max(id) FROM assets) AS assets_max`.execute(this.db);
    return Object.values(r.rows[0] ?? {})
      .map((v) => String(v))
      .join(':');
  }

  /** Every (asset, indicator) an enabled custom template watches: the engine's rules. */
  async watched(db: Kysely<Database> = this.db): Promise<WatchedRow[]> {
    const rows = await db
      .selectFrom('alarm_templates as t')
      .innerJoin('alarm_template_resources as r', 'r.template_id', 't.id')
      .innerJoin('assets as a', 'a.id', 'r.asset_id')
      .innerJoin('alarm_template_indicators as i', 'i.template_id', 't.id')
      .select([
        't.id as template_id',
        'a.cluster_id as asset_cluster_id',
        'a.name as asset_name',
        'i.metric',
        'i.alarm_count',
        'i.recovery_count',
        'i.no_data_count',
        'i.levels',
      ])
      .where('t.enabled', '=', 1)
      .where('t.kind', '=', 'custom')
      .execute();
    return rows.map((r) => ({ ...r, template_id: Number(r.template_id) }));
  }
}

const numericIds = (r: TemplateAsset): TemplateAsset => ({
  ...r,
  id: Number(r.id),
  template_id: r.template_id === null ? null : Number(r.template_id),
});
