import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, LocalJobRow, LocalJobsTable } from '../../../db/types.js';

/*
 * The queue's persistence: the `local_jobs` table, one row per job, filtered by cluster so that
 * several local clusters can share a database. `state` is the portal's letter (Q H R S E C);
 * a job in E is ending and `exit_status` says why (delete, timeout, reenterQueue).
 */

export type NewLocalJob = Omit<Insertable<LocalJobsTable>, 'id' | 'cluster_id'>;
export type LocalJobPatch = Omit<Updateable<LocalJobsTable>, 'id' | 'cluster_id'>;

/** States of a job that has not ended. */
export const OPEN_STATES = ['Q', 'H', 'R', 'S', 'E'] as const;

const BRIEF_COLUMNS = [
  'id',
  'cluster_id',
  'name',
  'user_name',
  'account',
  'partition',
  'state',
  'scheduler_state',
  'reason',
  'priority',
  'submit_at',
  'start_at',
  'end_at',
  'time_limit_s',
  'nodes',
  'cpus',
  'gpus',
  'memory_mb',
  'node_list',
  'work_dir',
  'stdout_path',
  'stderr_path',
  'pid',
  'exit_code',
  'exit_status',
  'held',
  'suspended_at',
  'suspended_ms',
  'restart_count',
  'cpu_time_s',
  'max_rss_mb',
  'updated_at',
  'version',
] as const satisfies readonly (keyof LocalJobsTable)[];
/** States of a job that holds resources. */
export const HOLDING_STATES = ['R', 'S', 'E'] as const;

/** pg answers bigint columns as numbers (see database.ts); this keeps the row honest if not. */
const normalise = (r: LocalJobRow): LocalJobRow => ({
  ...r,
  id: Number(r.id),
  priority: Number(r.priority),
  submit_at: Number(r.submit_at),
  start_at: r.start_at === null ? null : Number(r.start_at),
  end_at: r.end_at === null ? null : Number(r.end_at),
  time_limit_s: Number(r.time_limit_s),
  memory_mb: Number(r.memory_mb),
  suspended_at: r.suspended_at === null ? null : Number(r.suspended_at),
  suspended_ms: Number(r.suspended_ms),
  cpu_time_s: r.cpu_time_s === null ? null : Number(r.cpu_time_s),
  max_rss_mb: r.max_rss_mb == null ? null : Number(r.max_rss_mb),
  updated_at: Number(r.updated_at),
});

export class LocalJobStore {
  /** Open jobs as last read, by id; `open()` keeps it in step through each row's version. */
  private readonly cache = new Map<number, LocalJobRow>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clusterId: string,
    /** Called after every write that changed a job (the scheduler tells its listeners). */
    private readonly changed: () => void = () => {},
  ) {}

  /** Inserts a job; `paths` names its output files once its id is known. */
  async insert(job: NewLocalJob, paths: (id: number) => { stdout: string; stderr: string }): Promise<number> {
    const id = await this.db.transaction().execute(async (tx) => {
      const { id } = await tx
        .insertInto('local_jobs')
        .values({ ...job, cluster_id: this.clusterId })
        .returning('id')
        .executeTakeFirstOrThrow();
      const p = paths(Number(id));
      await tx.updateTable('local_jobs').set({ stdout_path: p.stdout, stderr_path: p.stderr }).where('id', '=', id).execute();
      return Number(id);
    });
    this.changed();
    return id;
  }

  async get(id: number): Promise<LocalJobRow | undefined> {
    const row = await this.db
      .selectFrom('local_jobs')
      .selectAll()
      .where('cluster_id', '=', this.clusterId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && normalise(row);
  }

  /**
   * Every job that has not ended, without its script (the queue can hold thousands of jobs and is
   * read on every pass and every poll; `script` is '' here, `scriptOf` reads it).
   */
  async open(): Promise<LocalJobRow[]> {
    // Ids and versions are cheap to read; whole rows are read again only when they changed, so a
    // queue of 10,000 jobs costs a fraction of reading it all on every pass and poll.
    const current = await this.db
      .selectFrom('local_jobs')
      .select(['id', 'version'])
      .where('cluster_id', '=', this.clusterId)
      .where('state', 'in', [...OPEN_STATES])
      .orderBy('id')
      .execute();
    const stale = current.filter((r) => this.cache.get(Number(r.id))?.version !== Number(r.version)).map((r) => Number(r.id));
    for (let i = 0; i < stale.length; i += 500) {
      const rows = await this.db
        .selectFrom('local_jobs')
        .select(BRIEF_COLUMNS)
        .where('cluster_id', '=', this.clusterId)
        .where('id', 'in', stale.slice(i, i + 500))
        .execute();
      for (const r of rows) this.cache.set(Number(r.id), normalise({ ...r, script: '' }));
    }
    const open = new Set(current.map((r) => Number(r.id)));
    for (const id of this.cache.keys()) if (!open.has(id)) this.cache.delete(id);
    // A row that left the open states between the two reads stays out.
    return current
      .map((r) => this.cache.get(Number(r.id)))
      .filter((r): r is LocalJobRow => r !== undefined && (OPEN_STATES as readonly string[]).includes(r.state));
  }

  async scriptOf(id: number): Promise<string> {
    const row = await this.db
      .selectFrom('local_jobs')
      .select('script')
      .where('cluster_id', '=', this.clusterId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.script ?? '';
  }

  /** Jobs holding resources (running, suspended, ending). */
  async holding(): Promise<LocalJobRow[]> {
    const rows = await this.db
      .selectFrom('local_jobs')
      .selectAll()
      .where('cluster_id', '=', this.clusterId)
      .where('state', 'in', [...HOLDING_STATES])
      .orderBy('id')
      .execute();
    return rows.map(normalise);
  }

  /** Jobs that ended at or after `since`, oldest end first. */
  async endedSince(since: number): Promise<LocalJobRow[]> {
    const rows = await this.db
      .selectFrom('local_jobs')
      .selectAll()
      .where('cluster_id', '=', this.clusterId)
      .where('state', '=', 'C')
      .where('end_at', '>=', since)
      .orderBy('end_at')
      .orderBy('id')
      .execute();
    return rows.map(normalise);
  }

  /**
   * Changes a job when it is still in one of `states` (so a decision taken on a stale view changes
   * nothing); answers whether it did.
   */
  async update(id: number, states: readonly string[], patch: LocalJobPatch, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('local_jobs')
      .set({ ...patch, updated_at: now, version: sql`version + 1` })
      .where('cluster_id', '=', this.clusterId)
      .where('id', '=', id)
      .where('state', 'in', [...states])
      .executeTakeFirst();
    const done = Number(res.numUpdatedRows) > 0;
    if (done) this.changed();
    return done;
  }
}
