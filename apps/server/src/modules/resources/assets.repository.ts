import type { Insertable, Kysely, Updateable } from 'kysely';
import type { AssetType } from '@portal/shared';
import type { AssetRow, AssetsTable, Database } from '../../db/types.js';
import { containsIgnoreCase } from '../../db/like.js';
import { readPage, type PageOf, type PageRequest } from '../../db/paging.js';

export interface AssetFilter {
  type?: AssetType | undefined;
  clusterId?: string | undefined;
  keyword?: string | undefined;
}

export type AssetWithParent = AssetRow & { parent_name: string | null };

export type AssetAddresses = Pick<AssetRow, 'id' | 'name' | 'cluster_id' | 'manage_ip' | 'compute_ip' | 'ipmi_ip' | 'ipmi_port'>;

/* The asset inventory's SQL (migration 0017). */
export class AssetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async page(filter: AssetFilter, page: PageRequest): Promise<PageOf<AssetWithParent>> {
    let q = this.db.selectFrom('assets as a').leftJoin('assets as p', 'p.id', 'a.parent_id');
    if (filter.type) q = q.where('a.type', '=', filter.type);
    if (filter.clusterId) q = q.where('a.cluster_id', '=', filter.clusterId);
    const keyword = filter.keyword;
    if (keyword) {
      q = q.where((eb) =>
        eb.or(
          ['a.name', 'a.manage_ip', 'a.compute_ip', 'a.ipmi_ip', 'a.serial_number'].map((c) => containsIgnoreCase(c, keyword)),
        ),
      );
    }
    return readPage(q, page, (f) =>
      f.selectAll('a').select('p.name as parent_name').orderBy('a.type').orderBy('a.name').orderBy('a.id'),
    );
  }

  async byId(id: number): Promise<AssetWithParent | undefined> {
    return this.db
      .selectFrom('assets as a')
      .leftJoin('assets as p', 'p.id', 'a.parent_id')
      .selectAll('a')
      .select('p.name as parent_name')
      .where('a.id', '=', id)
      .executeTakeFirst();
  }

  /** Racks, and every asset placed in a rack (by its rack field or a rack as its parent), for the rack view. */
  async racked(room: string | undefined): Promise<AssetRow[]> {
    let q = this.db
      .selectFrom('assets')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('type', '=', 'RACK'),
          eb('rack', 'is not', null),
          eb('parent_id', 'in', eb.selectFrom('assets as r').select('r.id').where('r.type', '=', 'RACK')),
        ]),
      );
    if (room) q = q.where('room', '=', room);
    return q.orderBy('name').execute();
  }

  /** The RACK assets' names by id. */
  async rackNames(): Promise<Map<number, string>> {
    const rows = await this.db.selectFrom('assets').select(['id', 'name']).where('type', '=', 'RACK').execute();
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }

  /** Every asset (the import resolves names against them). */
  async all(): Promise<AssetRow[]> {
    return this.db.selectFrom('assets').selectAll().execute();
  }

  /** A cluster's imported nodes (servers) by name. */
  async nodesOf(clusterId: string): Promise<AssetRow[]> {
    return this.db.selectFrom('assets').selectAll().where('cluster_id', '=', clusterId).where('type', '=', 'SERVER').execute();
  }

  async insert(row: Insertable<AssetsTable>): Promise<number> {
    const r = await this.db.insertInto('assets').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async update(id: number, patch: Updateable<AssetsTable>): Promise<void> {
    await this.db.updateTable('assets').set(patch).where('id', '=', id).execute();
  }

  async setInScheduler(ids: number[], inScheduler: boolean, now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('assets')
      .set({ in_scheduler: inScheduler ? 1 : 0, updated_at: now })
      .where('id', 'in', ids)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('assets').where('id', '=', id).execute();
  }

  async childCount(id: number): Promise<number> {
    const r = await this.db
      .selectFrom('assets')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('parent_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The chain of parents above an asset, nearest first (to refuse a loop). */
  async ancestors(id: number): Promise<number[]> {
    const chain: number[] = [];
    let at: number | null = id;
    while (at !== null && chain.length < 64) {
      const row: { parent_id: number | null } | undefined = await this.db
        .selectFrom('assets')
        .select('parent_id')
        .where('id', '=', at)
        .executeTakeFirst();
      at = row?.parent_id ?? null;
      if (at !== null) chain.push(Number(at));
    }
    return chain;
  }

  async countByType(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('assets')
      .select(['type', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('type')
      .execute();
    return new Map(rows.map((r) => [r.type, Number(r.n)]));
  }

  /** Every asset with an address: to check (availability.ts) and to scrape (asset-targets.ts). */
  async addressed(): Promise<AssetAddresses[]> {
    return this.db
      .selectFrom('assets')
      .select(['id', 'name', 'cluster_id', 'manage_ip', 'compute_ip', 'ipmi_ip', 'ipmi_port'])
      .where((eb) => eb.or([eb('manage_ip', 'is not', null), eb('compute_ip', 'is not', null), eb('ipmi_ip', 'is not', null)]))
      .execute();
  }
}
