import type { ClusterRegistry } from '../../cluster/registry.js';
import type { ActiveJob } from '../../cluster/scheduler/types.js';
import type { Clock } from '../../lib/time.js';

/** What the queued and running jobs add to a quota, from the clusters' job snapshots. */
export interface ActiveFigures {
  /** Seconds the running jobs have already run, times their cores / GPUs (not yet in accounting). */
  coreSecondsRun: number;
  cardSecondsRun: number;
  /** What they may still use: cores / GPUs × the time limit left (the whole limit for a queued job). */
  coreSecondsReserved: number;
  cardSecondsReserved: number;
  /** Jobs that have started and not ended (running, suspended, exiting): they hold their nodes. */
  runningJobs: number;
}

const NONE: ActiveFigures = {
  coreSecondsRun: 0,
  cardSecondsRun: 0,
  coreSecondsReserved: 0,
  cardSecondsReserved: 0,
  runningJobs: 0,
};

const STARTED = new Set(['R', 'S', 'E']);

/** One job's share: run time until `now` (it goes on while the snapshot ages), capped by its limit. */
const figuresOf = (j: ActiveJob, takenAt: number, now: number): ActiveFigures => {
  const started = STARTED.has(j.state);
  const ranSinceSnapshot = j.state === 'R' ? Math.max(0, Math.floor((now - takenAt) / 1000)) : 0;
  const ran = started ? j.runTime + ranSinceSnapshot : 0;
  const run = j.timeLimit === null ? ran : Math.min(ran, j.timeLimit);
  // A job without a time limit holds nothing beyond what it has run: nobody knows how long it will take.
  const left = j.timeLimit === null ? 0 : j.timeLimit - run;
  return {
    coreSecondsRun: j.cpus * run,
    cardSecondsRun: j.gpus * run,
    coreSecondsReserved: j.cpus * left,
    cardSecondsReserved: j.gpus * left,
    runningJobs: started ? 1 : 0,
  };
};

/** Adds one job's share into `total` (in place: an account may have thousands of jobs queued). */
const addTo = (total: ActiveFigures, b: ActiveFigures): void => {
  total.coreSecondsRun += b.coreSecondsRun;
  total.cardSecondsRun += b.cardSecondsRun;
  total.coreSecondsReserved += b.coreSecondsReserved;
  total.cardSecondsReserved += b.cardSecondsReserved;
  total.runningJobs += b.runningJobs;
};

/**
 * The active jobs of an account (or of one member in it) over every cluster, read from the
 * snapshots every job list is served from: no scheduler call. Each snapshot holds its jobs grouped
 * by account, so a check reads only that account's jobs. A cluster whose scheduler does not
 * answer adds nothing (its jobs are unknown; Slurm still enforces its own limits there).
 */
export class ActiveUsage {
  constructor(
    private readonly clusters: ClusterRegistry,
    private readonly clock: Clock,
  ) {}

  /** The account's active jobs (all members), or only `user`'s in it. */
  of(account: string, user?: string): ActiveFigures {
    const now = this.clock.now();
    const total = { ...NONE };
    for (const c of this.clusters.all()) {
      const read = c.snapshot.read();
      if (!read.ok) continue;
      for (const j of read.snapshot.byAccount.get(account) ?? []) {
        if (user === undefined || j.user === user) addTo(total, figuresOf(j, read.snapshot.takenAt, now));
      }
    }
    return total;
  }
}
