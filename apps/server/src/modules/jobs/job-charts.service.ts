import {
  can,
  expandHostlist,
  statusNameOf,
  type HeatMapNode,
  type HomePageChartData,
  type JobListItem,
  type MenuStatistics,
  type Queue,
} from '@portal/shared';
import type { ActiveJob, NodeInfo } from '../../cluster/scheduler/types.js';
import { iso, type Clock } from '../../lib/time.js';
import type { Auth } from '../../lib/auth.js';
import { seesAll } from './job-access.js';
import { activeToItem } from './job-mapping.js';
import type { ClusterEntry, ClusterRegistry } from '../../cluster/registry.js';
import { schedulerError } from './scheduler-errors.js';
import type { JobsRepository } from './jobs.repository.js';

/** A job's nodes for the heat map; a list the scheduler wrote in a form we do not read shows no node, not an error. */
const nodesOf = (list: string): string[] => {
  try {
    return expandHostlist(list);
  } catch {
    return [];
  }
};

type Point = { name: string; y: number };

const TOP = 5;

/** Counts per key, biggest first, the first `n`. */
const topBy = <T>(items: T[], key: (t: T) => string, weight: (t: T) => number = () => 1, n = TOP): Point[] => {
  const m = new Map<string, number>();
  for (const it of items) m.set(key(it), (m.get(key(it)) ?? 0) + weight(it));
  return [...m]
    .map(([name, y]) => ({ name, y }))
    .sort((a, b) => b.y - a.y || a.name.localeCompare(b.name))
    .slice(0, n);
};

/** The heat map's colour of a node (spec section 4: exclusive, free, busy, down, offline, unknown, mix). */
export const nodeColour = (n: NodeInfo, exclusive: boolean): HeatMapNode['state'] => {
  const s = n.state.toLowerCase();
  if (/down|fail|not_responding/.test(s)) return 'down';
  if (/drain|maint|reserved|future|power|inval/.test(s)) return 'offline';
  if (!/idle|mix|alloc|comp/.test(s)) return 'unknown';
  if (n.cpusAlloc === 0) return 'free';
  if (exclusive) return 'exclusive';
  return n.cpusAlloc >= n.cpus ? 'busy' : 'mix';
};

/** Charts, the heat map and the statistics bar: all computed from the shared snapshot. */
export class JobChartsService {
  constructor(
    private readonly clusters: ClusterRegistry,
    private readonly repo: JobsRepository,
    private readonly clock: Clock,
    /** A user's accounts (the accounts module): a queue limited to other accounts is not listed to them. */
    private readonly accountsOf: (userId: number) => Promise<string[]> = () => Promise.resolve([]),
  ) {}

  private snapshot(cluster: ClusterEntry) {
    const read = cluster.snapshot.read();
    if (!read.ok) throw schedulerError(read.lastGoodAt);
    return read.snapshot;
  }

  /** Every queue for roles that read all accounts; for the others the queues one of their accounts may use. */
  async queues(auth: Auth, clusterId: string | undefined): Promise<Queue[]> {
    const { info } = this.snapshot(this.clusters.get(clusterId));
    const mine = can(auth.user.roleId, 'accounts:readAll') ? null : await this.accountsOf(auth.user.id);
    const visible = info.partitions.filter(
      (p) => mine === null || p.allowAccounts === 'ALL' || mine.some((a) => p.allowAccounts.includes(a)),
    );
    return visible.map((p) => ({
      name: p.name,
      isDefault: p.isDefault,
      state: p.state,
      maxTime: p.maxTime,
      defaultTime: p.defaultTime,
      maxNodes: p.maxNodes,
      maxCoresPerJob: p.maxCoresPerJob,
      allowAccounts: p.allowAccounts,
      totalNodes: p.nodes.length,
      totalCores: p.totalCores,
      totalGpus: p.totalGpus,
    }));
  }

  /** Cluster-wide numbers (they reveal no user's jobs). */
  homePage(clusterId: string | undefined): HomePageChartData {
    const cluster = this.clusters.get(clusterId);
    const { jobs, info, takenAt } = this.snapshot(cluster);
    return {
      onlineJobs: jobs.length,
      runningJobs: jobs.filter((j) => j.state === 'R').length,
      queuedJobs: jobs.filter((j) => j.state === 'Q' || j.state === 'W').length,
      coreUsed: info.nodes.reduce((s, n) => s + n.cpusAlloc, 0),
      coreTotal: info.nodes.reduce((s, n) => s + n.cpus, 0),
      gpuUsed: info.nodes.reduce((s, n) => s + n.gpusAlloc, 0),
      gpuTotal: info.nodes.reduce((s, n) => s + n.gpus, 0),
      snapshotAt: iso(takenAt),
    };
  }

  /** The jobs a user's charts count: everyone's for job admins and viewers, else their own. */
  private visibleJobs(auth: Auth, jobs: ActiveJob[]) {
    return seesAll(auth) ? jobs : jobs.filter((j) => j.user === auth.user.userName);
  }

  charts(auth: Auth, clusterId: string | undefined): MenuStatistics {
    const { jobs: all, info } = this.snapshot(this.clusters.get(clusterId));
    const jobs = this.visibleJobs(auth, all);
    const running = jobs.filter((j) => j.state === 'R');
    const coreUsed = info.nodes.reduce((s, n) => s + n.cpusAlloc, 0);
    const coreTotal = info.nodes.reduce((s, n) => s + n.cpus, 0);
    const partitionJobTop = topBy(jobs, (j) => j.partition);
    const partitionCoreTop = topBy(
      running,
      (j) => j.partition,
      (j) => j.cpus,
    );
    return {
      jobStateList: topBy(
        jobs,
        (j) => statusNameOf(j.state),
        () => 1,
        10,
      ),
      nodeStateList: topBy(
        info.nodes,
        (n) => nodeColour(n, false),
        () => 1,
        10,
      ),
      coreState: [
        { name: 'used', y: coreUsed },
        { name: 'free', y: Math.max(0, coreTotal - coreUsed) },
      ],
      partitionJobTop,
      partitionJobTopMax: partitionJobTop[0]?.y ?? 0,
      partitionCoreTop,
      partitionCoreTopMax: partitionCoreTop[0]?.y ?? 0,
      userJobList: topBy(jobs, (j) => j.user),
      userMaxRunningJobList: topBy(running, (j) => j.user),
      userMaxCoreList: topBy(
        running,
        (j) => j.user,
        (j) => j.cpus,
      ),
    };
  }

  /** Recent jobs and the count per status name. */
  jobInfo(
    auth: Auth,
    clusterId: string | undefined,
  ): { jobList: JobListItem[]; statusSum: { statusName: string; value: number }[] } {
    const cluster = this.clusters.get(clusterId);
    const snap = this.snapshot(cluster);
    const jobs = this.visibleJobs(auth, snap.jobs);
    const now = this.clock.now();
    const recent = [...jobs].sort((a, b) => (b.submitTime ?? 0) - (a.submitTime ?? 0)).slice(0, 10);
    return {
      jobList: recent.map((j) => activeToItem(cluster.config.id, j, snap.takenAt, now)),
      statusSum: topBy(
        jobs,
        (j) => statusNameOf(j.state),
        () => 1,
        10,
      ).map((p) => ({ statusName: p.name, value: p.y })),
    };
  }

  /** Nodes coloured by state; other users' jobs are shown without names to users who see only their own. */
  heatMap(auth: Auth, clusterId: string | undefined) {
    const cluster = this.clusters.get(clusterId);
    const { jobs, info, takenAt } = this.snapshot(cluster);
    const all = seesAll(auth);
    const onNode = new Map<string, ActiveJob[]>();
    for (const j of jobs.filter((x) => x.state === 'R' || x.state === 'S'))
      for (const node of nodesOf(j.nodeList)) onNode.set(node, [...(onNode.get(node) ?? []), j]);
    const nodes: HeatMapNode[] = info.nodes.map((n) => {
      const here = onNode.get(n.name) ?? [];
      return {
        name: n.name,
        state: nodeColour(
          n,
          here.some((j) => j.exclusive),
        ),
        schedulerState: n.state,
        cpus: n.cpus,
        cpusAlloc: n.cpusAlloc,
        gpus: n.gpus,
        gpusAlloc: n.gpusAlloc,
        memoryMB: n.memoryMB,
        partitions: n.partitions,
        jobs: here.map((j) => {
          const mine = all || j.user === auth.user.userName;
          return { jobId: mine ? j.jobId : '', userName: mine ? j.user : '', cores: Math.ceil(j.cpus / Math.max(1, j.nodes)) };
        }),
      };
    });
    return {
      nodes,
      coreUsed: info.nodes.reduce((s, n) => s + n.cpusAlloc, 0),
      coreTotal: info.nodes.reduce((s, n) => s + n.cpus, 0),
      snapshotAt: iso(takenAt),
    };
  }

  /** Core and card time of the user's jobs that ended this year and this month (from the jobs table). */
  async wallTimeUsed(auth: Auth) {
    const now = new Date(this.clock.now());
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth();
    const [u, m] = await Promise.all([
      this.repo.usage(auth.user.userName, Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1)),
      this.repo.usage(auth.user.userName, Date.UTC(year, month, 1), Date.UTC(year, month + 1, 1)),
    ]);
    const h = (s: number) => Math.round((s / 3600) * 100) / 100;
    return {
      month: month + 1,
      monthJobCount: m.jobs,
      monthCoreSeconds: m.coreSeconds,
      monthCoreHours: h(m.coreSeconds),
      year,
      jobCount: u.jobs,
      coreSeconds: u.coreSeconds,
      cardSeconds: u.cardSeconds,
      coreHours: h(u.coreSeconds),
      cardHours: h(u.cardSeconds),
    };
  }
}
