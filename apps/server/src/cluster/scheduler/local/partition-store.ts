import type { Kysely } from 'kysely';
import type { Database, LocalPartitionRow } from '../../../db/types.js';
import type { PartitionSettings } from '../types.js';

/* The partitions made in the portal (queue management): the `local_partitions` table, by cluster. */

const toSettings = (r: LocalPartitionRow): PartitionSettings => ({
  name: r.name,
  nodes: JSON.parse(r.nodes) as string[],
  maxTime: r.max_time_s === null ? null : Number(r.max_time_s),
  defaultTime: r.default_time_s === null ? null : Number(r.default_time_s),
  maxNodes: r.max_nodes,
  maxCoresPerJob: r.max_cores,
  priority: Number(r.priority),
  allowAccounts: r.allow_accounts === 'ALL' ? 'ALL' : (JSON.parse(r.allow_accounts) as string[]),
  state: r.state === 'down' ? 'down' : 'up',
});

const columns = (s: PartitionSettings) => ({
  nodes: JSON.stringify(s.nodes),
  max_time_s: s.maxTime,
  default_time_s: s.defaultTime,
  max_nodes: s.maxNodes,
  max_cores: s.maxCoresPerJob,
  priority: s.priority,
  allow_accounts: s.allowAccounts === 'ALL' ? 'ALL' : JSON.stringify(s.allowAccounts),
  state: s.state,
});

export class LocalPartitionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clusterId: string,
  ) {}

  async list(): Promise<PartitionSettings[]> {
    const rows = await this.db
      .selectFrom('local_partitions')
      .selectAll()
      .where('cluster_id', '=', this.clusterId)
      .orderBy('created_at')
      .orderBy('name')
      .execute();
    return rows.map(toSettings);
  }

  async insert(s: PartitionSettings, now: number): Promise<void> {
    await this.db
      .insertInto('local_partitions')
      .values({ cluster_id: this.clusterId, name: s.name, ...columns(s), created_at: now, updated_at: now })
      .execute();
  }

  async update(s: PartitionSettings, now: number): Promise<void> {
    await this.db
      .updateTable('local_partitions')
      .set({ ...columns(s), updated_at: now })
      .where('cluster_id', '=', this.clusterId)
      .where('name', '=', s.name)
      .execute();
  }

  async delete(name: string): Promise<void> {
    await this.db.deleteFrom('local_partitions').where('cluster_id', '=', this.clusterId).where('name', '=', name).execute();
  }
}
