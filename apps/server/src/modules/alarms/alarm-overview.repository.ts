import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { AGGREGATED_STATUS } from './alarms.repository.js';

/*
 * The alarm overview's counts (docs/alarms.md "The overview"): alarms raised and recovered in a
 * range, grouped as the overview's cards and charts need. An aggregated alarm (status 3) is left
 * out: the overview counts the alarms it stands for.
 */

export class AlarmOverviewRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Counts over alarms raised in [from, to]: by `group` columns, most first. */
  async countRaised<G extends 'metric' | 'severity' | 'resource' | 'cluster_id'>(
    clusterId: string | undefined,
    from: number,
    to: number,
    group: readonly G[],
    limit?: number,
  ): Promise<(Record<G, string> & { n: number })[]> {
    let q = this.db
      .selectFrom('alarms')
      .select([...group, (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('raised_at', '>=', from)
      .where('raised_at', '<=', to)
      .where('status', '<>', AGGREGATED_STATUS);
    if (clusterId) q = q.where('cluster_id', '=', clusterId);
    if (group.length === 0) {
      const all = await q.execute();
      return all.map((r) => ({ ...r, n: Number(r.n) })) as (Record<G, string> & { n: number })[];
    }
    let grouped = q.groupBy([...group]).orderBy('n', 'desc');
    for (const g of group) grouped = grouped.orderBy(g);
    const rows = await (limit ? grouped.limit(limit) : grouped).execute();
    return rows.map((r) => ({ ...r, n: Number(r.n) })) as (Record<G, string> & { n: number })[];
  }

  async countRecovered(clusterId: string | undefined, from: number, to: number): Promise<number> {
    let q = this.db
      .selectFrom('alarms')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('recovered_at', '>=', from)
      .where('recovered_at', '<=', to)
      .where('status', '<>', AGGREGATED_STATUS);
    if (clusterId) q = q.where('cluster_id', '=', clusterId);
    return Number((await q.executeTakeFirst())?.n ?? 0);
  }

  /** Raise times and severities in [from, to], for the trend's buckets. */
  async raisedTimes(clusterId: string | undefined, from: number, to: number) {
    let q = this.db
      .selectFrom('alarms')
      .select(['raised_at', 'severity'])
      .where('raised_at', '>=', from)
      .where('raised_at', '<=', to)
      .where('status', '<>', AGGREGATED_STATUS);
    if (clusterId) q = q.where('cluster_id', '=', clusterId);
    return (await q.execute()).map((r) => ({ at: Number(r.raised_at), severity: r.severity }));
  }
}
