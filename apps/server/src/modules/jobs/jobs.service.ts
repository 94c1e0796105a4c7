import type { JobDetail, JobListItem, JobState } from '@portal/shared';
import type { ActiveJob, ActiveJobDetail } from '../../cluster/scheduler/types.js';
import { notFound } from '../../lib/app-error.js';
import { iso, type Clock } from '../../lib/time.js';
import type { Auth } from '../../lib/auth.js';
import { actionsFor, extendableSeconds, maySee, queueMaxTime, seesAll } from './job-access.js';
import { activeToDetail, activeToItem, rowToDetail, rowToItem } from './job-mapping.js';
import type { ClusterEntry, ClusterRegistry } from '../../cluster/registry.js';
import { schedulerError, viaScheduler } from './scheduler-errors.js';
import type { HistorySort, JobsRepository } from './jobs.repository.js';
import type { SubmissionsRepository } from './submissions.repository.js';

export interface ListQuery {
  scope: 'current' | 'history';
  clusterId?: string | undefined;
  user?: string | undefined;
  state?: string | undefined;
  exitStatus?: string | undefined;
  queue?: string | undefined;
  name?: string | undefined;
  jobId?: string | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  pageStart: number;
  pageLimit: number;
  sort?: HistorySort | undefined;
  order: 'asc' | 'desc';
}

/** Job ids compare as numbers when both are numbers (9 before 10), else as text. */
const compareIds = (a: string, b: string) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : a.localeCompare(b));

const sortValue = (j: JobListItem, key: HistorySort): string | number => {
  if (key === 'submitTime' || key === 'startTime' || key === 'endTime') return j[key] ?? '';
  if (key === 'priority' || key === 'runtime' || key === 'coreNum') return j[key];
  return j[key];
};

const sortItems = (items: JobListItem[], key: HistorySort, order: 'asc' | 'desc') => {
  const dir = order === 'asc' ? 1 : -1;
  return items.sort((a, b) => {
    const c =
      key === 'jobId'
        ? compareIds(a.jobId, b.jobId)
        : (() => {
            const x = sortValue(a, key);
            const y = sortValue(b, key);
            return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
          })();
    return (c || compareIds(a.jobId, b.jobId)) * dir;
  });
};

/** Job lists and details: current jobs from the shared snapshot, finished jobs from the database. */
export class JobsService {
  /**
   * Full details of active jobs as read for the current snapshot: a details page refreshed by many
   * people costs the scheduler one read per job and snapshot, not one per view.
   */
  private readonly details = new Map<string, { takenAt: number; detail: ActiveJobDetail | null }>();

  constructor(
    private readonly clusters: ClusterRegistry,
    private readonly repo: JobsRepository,
    private readonly submissions: SubmissionsRepository,
    private readonly clock: Clock,
  ) {}

  async list(auth: Auth, q: ListQuery): Promise<{ total: number; list: JobListItem[]; snapshotAt: string | null }> {
    const cluster = this.clusters.get(q.clusterId);
    // Users see their own jobs; job admins and viewers see everyone's, optionally one user's.
    const user = seesAll(auth) ? q.user : auth.user.userName;
    const states = q.state ? q.state.split(',') : undefined;
    if (q.scope === 'history') {
      const { total, rows } = await this.repo.list(
        {
          clusterId: cluster.config.id,
          user,
          exitStatuses: q.exitStatus ? q.exitStatus.split(',') : undefined,
          queue: q.queue,
          name: q.name,
          jobId: q.jobId,
          from: q.startTime ? Date.parse(q.startTime) : undefined,
          to: q.endTime ? Date.parse(q.endTime) : undefined,
        },
        { offset: q.pageStart, limit: q.pageLimit },
        { by: q.sort ?? 'endTime', order: q.order },
      );
      return { total, list: rows.map(rowToItem), snapshotAt: null };
    }
    const read = cluster.snapshot.read();
    if (!read.ok) throw schedulerError(read.lastGoodAt);
    const { snapshot } = read;
    const now = this.clock.now();
    const from = q.startTime ? Date.parse(q.startTime) : undefined;
    const to = q.endTime ? Date.parse(q.endTime) : undefined;
    const name = q.name?.toLowerCase();
    const matches = (j: ActiveJob) =>
      (!user || j.user === user) &&
      (!states || states.includes(j.state)) &&
      (!q.queue || j.partition === q.queue) &&
      (!name || j.name.toLowerCase().includes(name)) &&
      (!q.jobId || j.jobId === q.jobId) &&
      (from === undefined || (j.submitTime ?? 0) >= from) &&
      (to === undefined || (j.submitTime ?? 0) <= to);
    const items = snapshot.jobs.filter(matches).map((j) => activeToItem(cluster.config.id, j, snapshot.takenAt, now));
    sortItems(items, q.sort ?? 'submitTime', q.order);
    return { total: items.length, list: items.slice(q.pageStart, q.pageStart + q.pageLimit), snapshotAt: iso(snapshot.takenAt) };
  }

  /** The active job from the snapshot, if it is there. */
  activeJob(cluster: ClusterEntry, jobId: string): ActiveJob | undefined {
    const read = cluster.snapshot.read();
    return read.ok ? read.snapshot.jobs.find((j) => j.jobId === jobId) : undefined;
  }

  async detail(auth: Auth, clusterId: string | undefined, jobId: string): Promise<JobDetail> {
    const cluster = this.clusters.get(clusterId);
    const read = cluster.snapshot.read();
    if (read.ok) {
      const brief = read.snapshot.jobs.find((j) => j.jobId === jobId);
      if (brief) {
        if (!maySee(auth, brief.user)) throw notFound();
        const full = await this.activeDetail(cluster, jobId, read.snapshot.takenAt);
        if (full) {
          const info = read.snapshot.info;
          return activeToDetail(cluster.config.id, full, this.clock.now(), this.clock.now(), {
            clusterName: cluster.config.name,
            maxRunTime: queueMaxTime(info, full.partition),
            actions: actionsFor(auth, full),
            extendableSeconds: extendableSeconds(full, info),
            submission: await this.submissions.find(cluster.config.id, jobId, full.submitTime),
          });
        }
      }
    }
    let row = await this.repo.find(cluster.config.id, jobId);
    // Just finished: its accounting record may not be in yet.
    if (!row && read.ok) {
      await cluster.ingest.run();
      row = await this.repo.find(cluster.config.id, jobId);
    }
    if (!row) {
      if (!read.ok) throw schedulerError(read.lastGoodAt);
      throw notFound();
    }
    if (!maySee(auth, row.user_name)) throw notFound();
    const submission = await this.submissions.find(cluster.config.id, jobId, row.submit_at || null);
    return rowToDetail(row, cluster.config.name, read.ok ? queueMaxTime(read.snapshot.info, row.queue) : null, submission);
  }

  private async activeDetail(cluster: ClusterEntry, jobId: string, takenAt: number): Promise<ActiveJobDetail | null> {
    const key = `${cluster.config.id}:${jobId}`;
    const cached = this.details.get(key);
    if (cached?.takenAt === takenAt) return cached.detail;
    const detail = await cluster.scheduler.jobDetail(jobId).catch(() => null);
    // Entries of older snapshots are of no use any more.
    for (const [k, v] of this.details) if (v.takenAt !== takenAt) this.details.delete(k);
    this.details.set(key, { takenAt, detail });
    return detail;
  }

  /**
   * State and owner of a job for actions and output. The snapshot can be an interval old, so an
   * active job is read live from the scheduler (one call per action, never per page view).
   */
  async stateOf(
    auth: Auth,
    cluster: ClusterEntry,
    jobId: string,
  ): Promise<{ job: ActiveJob | null; state: JobState; owner: string }> {
    const active = this.activeJob(cluster, jobId);
    if (active) {
      if (!maySee(auth, active.user)) throw notFound();
      const live = await viaScheduler(() => cluster.scheduler.jobDetail(jobId));
      if (live) return { job: live, state: live.state, owner: live.user };
    }
    const read = cluster.snapshot.read();
    const row = await this.repo.find(cluster.config.id, jobId);
    if (!row) {
      if (!read.ok) throw schedulerError(read.lastGoodAt);
      throw notFound();
    }
    if (!maySee(auth, row.user_name)) throw notFound();
    return { job: null, state: 'C', owner: row.user_name };
  }
}
