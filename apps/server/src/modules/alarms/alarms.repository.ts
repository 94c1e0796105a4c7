import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { AssetType } from '@portal/shared';
import type { AlarmsTable } from '../../db/alarm-tables.js';
import { containsIgnoreCase } from '../../db/like.js';
import { readPage, type PageOf, type PageRequest } from '../../db/paging.js';
import type { Database } from '../../db/types.js';

/* The alarm list's SQL (migrations 0019 and 0021): alarms with their filters, confirmation and snapshots. */

export type AlarmRow = Omit<AlarmsTable, 'id' | 'status' | 'confirmed'> & { id: number; status: number; confirmed: number };

export interface AlarmFilter {
  open?: boolean | undefined;
  clusterId?: string | undefined;
  severities?: readonly string[] | undefined;
  resourceType?: AssetType | undefined;
  metric?: string | undefined;
  confirmed?: boolean | undefined;
  keyword?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export interface AssetOfAlarm {
  id: number;
  name: string;
  cluster_id: string;
  type: string;
  model: string | null;
  parent_id: number | null;
  parent_name: string | null;
}

/** The asset an alarm concerns: of its cluster, else of none; the first added when names repeat. */
export const assetOfAlarm = (
  assets: readonly AssetOfAlarm[],
  alarm: { resource: string; cluster_id: string },
): AssetOfAlarm | undefined =>
  assets.find((a) => a.name === alarm.resource && a.cluster_id === alarm.cluster_id) ??
  assets.find((a) => a.name === alarm.resource && a.cluster_id === '');

/** Spec section 4's alarm status of an aggregated alarm; the overview counts the alarms it stands for, not it. */
export const AGGREGATED_STATUS = 3;

/** Most severe first: the real-time list's order. */
const SEVERITY_RANK = sql<number>`case severity when 'critical' then 4 when 'major' then 3 when 'minor' then 2 else 1 end`;

/** SEVERITY_RANK of a severity, for a cursor. */
export const severityRank = (severity: string): number =>
  (({ critical: 4, major: 3, minor: 2 }) as Record<string, number>)[severity] ?? 1;

/** Where a page of the list continues: after this row (its rank only counts in the severity order). */
export interface AlarmCursor {
  rank: number;
  raisedAt: number;
  id: number;
}

export class AlarmsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async page(filter: AlarmFilter, page: PageRequest, order: 'severity' | 'time'): Promise<PageOf<AlarmRow>> {
    const q = this.filtered(filter);
    const r = await readPage(q, page, (f) => {
      const s = f.selectAll();
      return (order === 'severity' ? s.orderBy(SEVERITY_RANK, 'desc') : s).orderBy('raised_at', 'desc').orderBy('id', 'desc');
    });
    return { total: r.total, rows: r.rows.map(numeric) };
  }

  async count(filter: AlarmFilter): Promise<number> {
    const r = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /**
   * A page of the list in its order, after the cursor (the last row of the page before): keyset
   * paging reads each row once however long the list, for an export written page by page.
   */
  async pageAfter(
    filter: AlarmFilter,
    order: 'severity' | 'time',
    after: AlarmCursor | null,
    limit: number,
  ): Promise<AlarmRow[]> {
    let q = this.filtered(filter);
    if (after)
      q = q.where(
        order === 'severity'
          ? sql<boolean>`(${SEVERITY_RANK}, raised_at, id) < (${after.rank}, ${after.raisedAt}, ${after.id})`
          : sql<boolean>`(raised_at, id) < (${after.raisedAt}, ${after.id})`,
      );
    const s = q.selectAll();
    const rows = await (order === 'severity' ? s.orderBy(SEVERITY_RANK, 'desc') : s)
      .orderBy('raised_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(numeric);
  }

  private filtered(f: AlarmFilter): SelectQueryBuilder<Database, 'alarms', object> {
    let q = this.db.selectFrom('alarms');
    if (f.open !== undefined) q = q.where('recovered_at', f.open ? 'is' : 'is not', null);
    // Real-time: an alarm an aggregated alarm suppresses shows through it (docs/alarms.md "Aggregation").
    if (f.open === true) q = q.where('suppressed_by', 'is', null);
    if (f.clusterId) q = q.where('cluster_id', '=', f.clusterId);
    if (f.severities && f.severities.length > 0) q = q.where('severity', 'in', [...f.severities]);
    if (f.metric) q = q.where('metric', '=', f.metric);
    if (f.confirmed !== undefined) q = q.where('confirmed', '=', f.confirmed ? 1 : 0);
    if (f.keyword) q = q.where(containsIgnoreCase('resource', f.keyword));
    if (f.from !== undefined) q = q.where('raised_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('raised_at', '<=', f.to);
    const type = f.resourceType;
    if (type)
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('assets as r')
            .select('r.id')
            .whereRef('r.name', '=', 'alarms.resource')
            .where((w) => w.or([w('r.cluster_id', '=', w.ref('alarms.cluster_id')), w('r.cluster_id', '=', '')]))
            .where('r.type', '=', type),
        ),
      );
    return q;
  }

  async byId(id: number): Promise<AlarmRow | undefined> {
    const row = await this.db.selectFrom('alarms').selectAll().where('id', '=', id).executeTakeFirst();
    return row && numeric(row);
  }

  async byIds(ids: readonly number[]): Promise<AlarmRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('alarms')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
    return rows.map(numeric);
  }

  async existing(ids: readonly number[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('alarms')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /** The resource's alarms raised before `before`, newest first. */
  async recent(clusterId: string, resource: string, before: AlarmRow, limit: number): Promise<AlarmRow[]> {
    const rows = await this.db
      .selectFrom('alarms')
      .selectAll()
      .where('cluster_id', '=', clusterId)
      .where('resource', '=', resource)
      .where('id', '!=', before.id)
      .where('raised_at', '<=', before.raised_at)
      .orderBy('raised_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(numeric);
  }

  /** The assets named by the alarms (in their cluster, or of none), with their parents. */
  async assetsNamed(names: readonly string[]): Promise<AssetOfAlarm[]> {
    if (names.length === 0) return [];
    const rows = await this.db
      .selectFrom('assets as a')
      .leftJoin('assets as p', 'p.id', 'a.parent_id')
      .select(['a.id', 'a.name', 'a.cluster_id', 'a.type', 'a.model', 'a.parent_id', 'p.name as parent_name'])
      .where('a.name', 'in', [...new Set(names)])
      .orderBy('a.id')
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id), parent_id: r.parent_id === null ? null : Number(r.parent_id) }));
  }

  async templateNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('alarm_templates')
      .select(['id', 'name'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }

  /** Open alarms by severity, and the unconfirmed among them. */
  async openCounts(clusterId: string | undefined): Promise<{ severity: string; confirmed: number; n: number }[]> {
    let q = this.db
      .selectFrom('alarms')
      .select(['severity', 'confirmed', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('recovered_at', 'is', null)
      .where('suppressed_by', 'is', null);
    if (clusterId) q = q.where('cluster_id', '=', clusterId);
    const rows = await q.groupBy(['severity', 'confirmed']).execute();
    return rows.map((r) => ({ severity: r.severity, confirmed: Number(r.confirmed), n: Number(r.n) }));
  }

  /** Sets the confirmation of the alarms not already so, logging each change; the number changed. */
  async setConfirmed(ids: readonly number[], confirmed: boolean, remark: string, user: string, at: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const todo = await trx
        .selectFrom('alarms')
        .select('id')
        .where('id', 'in', [...ids])
        .where('confirmed', '=', confirmed ? 0 : 1)
        .execute();
      const changed = todo.map((r) => Number(r.id));
      if (changed.length === 0) return 0;
      await trx
        .updateTable('alarms')
        .set(
          confirmed
            ? { confirmed: 1, confirmed_by: user, confirmed_at: at, confirm_remark: remark }
            : { confirmed: 0, confirmed_by: null, confirmed_at: null, confirm_remark: null },
        )
        .where('id', 'in', changed)
        .execute();
      await trx
        .insertInto('alarm_confirmations')
        .values(
          changed.map((alarm_id) => ({ alarm_id, action: confirmed ? 'confirm' : 'unconfirm', remark, user_name: user, at })),
        )
        .execute();
      return changed.length;
    });
  }

  async confirmLog(alarmId: number) {
    return this.db
      .selectFrom('alarm_confirmations')
      .select(['action', 'remark', 'user_name', 'at'])
      .where('alarm_id', '=', alarmId)
      .orderBy('at')
      .orderBy('id')
      .execute();
  }

  async snapshot(alarmId: number) {
    return this.db.selectFrom('alarm_snapshots').selectAll().where('alarm_id', '=', alarmId).executeTakeFirst();
  }

  /** Threshold alarms of a cluster raised before `raisedBefore` whose snapshot is not kept yet, oldest first. */
  async withoutSnapshot(clusterId: string, raisedBefore: number, limit: number): Promise<AlarmRow[]> {
    const rows = await this.db
      .selectFrom('alarms')
      .selectAll()
      .where('cluster_id', '=', clusterId)
      .where('kind', '=', 'threshold')
      .where('raised_at', '<=', raisedBefore)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('alarm_snapshots as s').select('s.alarm_id').whereRef('s.alarm_id', '=', 'alarms.id'))),
      )
      .orderBy('raised_at')
      .limit(limit)
      .execute();
    return rows.map(numeric);
  }

  async keepSnapshot(row: {
    alarm_id: number;
    from_ms: number;
    to_ms: number;
    step_seconds: number;
    points: string;
  }): Promise<void> {
    await this.db
      .insertInto('alarm_snapshots')
      .values(row)
      .onConflict((oc) => oc.column('alarm_id').doNothing())
      .execute();
  }
}

const numeric = <R extends { id: number | bigint; status: number; confirmed: number }>(r: R) => ({
  ...r,
  id: Number(r.id),
  status: Number(r.status),
  confirmed: Number(r.confirmed),
});
