import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/database.js';
import { silentLogger } from '../lib/logger.js';
import { systemClock } from '../lib/time.js';
import { JobSnapshot } from './job-snapshot.js';
import { createLocalTestEnv, testSpec, type LocalTestEnv } from './scheduler/local/local-env.test-support.js';
import type { LocalScheduler } from './scheduler/local/local-scheduler.js';
import { waitFor } from './scheduler/scheduler-contract.test-support.js';
import type { ActiveJob, SchedulerAdapter } from './scheduler/types.js';

/*
 * When the shared snapshot is read again: after an action by a read that starts after it, at once
 * when the built-in scheduler says a job changed, and a few times quickly on a scheduler that
 * cannot say (Slurm) while the acted-on job is still exiting.
 */

const HOUR = 3_600_000;
const never = () => Promise.resolve(HOUR);

const activeJob = (jobId: string, state: ActiveJob['state']): ActiveJob => ({
  jobId,
  name: 'j',
  user: 'alice',
  account: '',
  partition: 'compute',
  state,
  schedulerState: state === 'E' ? 'COMPLETING' : 'RUNNING',
  reason: '',
  priority: 1,
  submitTime: 0,
  startTime: 0,
  expectedStartTime: null,
  timeLimit: 600,
  runTime: 0,
  nodes: 1,
  cpus: 1,
  gpus: 0,
  memoryMB: null,
  nodeList: 'node01',
  workDir: '/tmp',
  stdoutPath: '',
  stderrPath: '',
  command: '',
  restartCount: 0,
  exclusive: false,
});

/**
 * A scheduler whose answers a test controls: `world` is what it knows now; each read copies the
 * world when it starts and answers when the test releases it (or at once when `gated` is false).
 */
const scriptedScheduler = () => {
  const world: ActiveJob[] = [];
  const pending: (() => void)[] = [];
  const s = {
    world,
    reads: 0,
    gated: true,
    pending,
    release: () => pending.splice(0).forEach((r) => r()),
  };
  const unused = () => Promise.reject(new Error('the snapshot does not call this'));
  const adapter: SchedulerAdapter = {
    kind: 'slurm',
    activeJobs: () => {
      s.reads += 1;
      const seen = [...s.world];
      return s.gated ? new Promise((ok) => pending.push(() => ok(seen))) : Promise.resolve(seen);
    },
    clusterInfo: () => Promise.resolve({ partitions: [], nodes: [] }),
    jobDetail: unused,
    createPartition: unused,
    updatePartition: unused,
    deletePartition: unused,
    submit: unused,
    estimateStart: unused,
    cancel: unused,
    hold: unused,
    release: unused,
    suspend: unused,
    resume: unused,
    requeue: unused,
    setPriority: unused,
    setTimeLimit: unused,
    readOutput: unused,
    finishedSince: unused,
    services: unused,
    close: () => Promise.resolve(),
  };
  return { s, adapter };
};

const jobsIn = (snap: JobSnapshot) => {
  const r = snap.read();
  return r.ok ? r.snapshot.jobs.map((j) => `${j.jobId}:${j.state}`) : null;
};
const until = async (cond: () => boolean) => {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
};

describe('JobSnapshot.refresh', () => {
  it('answers with a read that started after the call, not with one already in flight', async () => {
    const { s, adapter } = scriptedScheduler();
    const snap = new JobSnapshot(adapter, systemClock, silentLogger, never);
    s.world = [activeJob('1', 'R')];
    const poll = snap.refresh(); // a poll, in flight: it has read the job running
    await until(() => s.pending.length === 1);
    s.world = [activeJob('1', 'E')]; // the action
    let afterAction = false;
    const refreshed = snap.refresh().then(() => (afterAction = true));
    s.release();
    await poll;
    expect(jobsIn(snap)).toEqual(['1:R']);
    expect(afterAction).toBe(false);
    await until(() => s.pending.length === 1);
    s.release();
    await refreshed;
    expect(jobsIn(snap)).toEqual(['1:E']);
    expect(s.reads).toBe(2);
  });

  it('lets everyone who asks during a read share one more read after it', async () => {
    const { s, adapter } = scriptedScheduler();
    const snap = new JobSnapshot(adapter, systemClock, silentLogger, never);
    const first = snap.refresh();
    await until(() => s.pending.length === 1);
    const later = [snap.refresh(), snap.refresh(), snap.refresh()];
    s.release();
    await first;
    await until(() => s.pending.length === 1);
    s.release();
    await Promise.all(later);
    expect(s.reads).toBe(2);
    // With nothing in flight, a call reads at once.
    s.gated = false;
    await snap.refresh();
    expect(s.reads).toBe(3);
  });
});

describe('JobSnapshot after an action on a scheduler that does not say when jobs change', () => {
  it('reads again quickly while the job is exiting, then stops', async () => {
    const { s, adapter } = scriptedScheduler();
    s.gated = false;
    const snap = new JobSnapshot(adapter, systemClock, silentLogger, never, [20, 20, 20, 20, 20]);
    s.world = [activeJob('7', 'E')];
    await snap.refreshAfterAction(['7']);
    expect(jobsIn(snap)).toEqual(['7:E']);
    const readsWhileExiting = s.reads;
    await until(() => s.reads >= readsWhileExiting + 2);
    s.world = []; // it ended
    await until(() => jobsIn(snap)?.length === 0);
    const settledAt = s.reads;
    await new Promise((r) => setTimeout(r, 300));
    // One more read may have been under way; then it stops rather than polling on.
    expect(s.reads - settledAt).toBeLessThanOrEqual(1);
    expect(s.reads).toBeLessThanOrEqual(1 + 5);
  });

  it('does not read again when the job has settled', async () => {
    const { s, adapter } = scriptedScheduler();
    s.gated = false;
    const snap = new JobSnapshot(adapter, systemClock, silentLogger, never, [20, 20, 20]);
    s.world = [activeJob('8', 'H')];
    await snap.refreshAfterAction(['8']);
    await new Promise((r) => setTimeout(r, 200));
    // The action's read and one follow-up that saw nothing move.
    expect(s.reads).toBe(2);
  });
});

describe('JobSnapshot on the built-in scheduler', () => {
  let env: LocalTestEnv;
  let db: DbHandle;
  let sched: LocalScheduler;
  let snap: JobSnapshot;
  beforeAll(async () => {
    env = createLocalTestEnv();
    db = await env.openDb();
    sched = env.scheduler(db, { tickMs: 200, killGraceMs: 1000 });
    // Polls once an hour: only the scheduler's word can explain a change seen within seconds.
    snap = new JobSnapshot(sched, systemClock, silentLogger, never);
    await snap.start();
  });
  afterAll(async () => {
    await snap?.stop();
    await sched?.shutdownJobs();
    await sched?.close();
    await db?.close();
    await env?.dispose();
  });

  it('tells when a job changes, and the snapshot follows within seconds without a poll', async () => {
    let told = 0;
    const stop = sched.onJobsChanged(() => (told += 1));
    const jobId = await sched.submit('alice', testSpec(join(env.homeRoot, 'alice', 'ev'), { name: 'ev' }));
    expect(told).toBeGreaterThan(0);
    await waitFor(() => Promise.resolve(jobsIn(snap)?.includes(`${jobId}:R`)), 'the job running in the snapshot', 20_000);
    const before = told;
    await sched.cancel({ user: 'alice', privileged: false }, jobId);
    const t0 = Date.now();
    await waitFor(() => Promise.resolve(jobsIn(snap)?.length === 0), 'the job gone from the snapshot', 20_000);
    expect(told).toBeGreaterThan(before);
    // Its end (after the E of the cancel) reached the snapshot with no poll due for an hour.
    expect(Date.now() - t0).toBeLessThan(15_000);
    stop();
  });
});
