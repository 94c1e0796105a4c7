import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FinishedJob } from '../../cluster/scheduler/types.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { JobsRepository } from './jobs.repository.js';

/*
 * usage_totals follow the jobs table at ingest, in the same transaction: a job read again counts
 * once, a corrected one moves only its difference, and the totals always equal the sums over the
 * jobs (SQLite, and PostgreSQL when DATABASE_URL is set).
 */

const T0 = Date.parse('2026-11-01T00:00:00Z');

const finished = (jobId: string, over: Partial<FinishedJob> = {}): FinishedJob => ({
  jobId,
  name: `job-${jobId}`,
  user: 'ut_alice',
  group: 'ut_alice',
  account: 'ut_chem',
  partition: 'compute',
  schedulerState: 'COMPLETED',
  exitStatus: 'complete',
  exitCode: '0:0',
  submitTime: T0,
  eligibleTime: T0,
  startTime: T0,
  endTime: T0 + 3_600_000,
  elapsed: 3600,
  timeLimit: 7200,
  nodes: 1,
  cpus: 4,
  gpus: 0,
  nodeList: 'n1',
  memoryMB: null,
  maxRssMB: null,
  gpuUtil: null,
  cpuTime: null,
  workDir: '/tmp',
  restartCount: 0,
  exclusive: false,
  ...over,
});

describe('usage totals at ingest', () => {
  let t: TestApp;
  let repo: JobsRepository;

  const totals = async () =>
    (
      await t.app.services.db
        .selectFrom('usage_totals')
        .select(['account', 'user_name', 'core_seconds', 'card_seconds', 'jobs'])
        .orderBy('account')
        .orderBy('user_name')
        .execute()
    )
      .map((r) => ({ ...r, core_seconds: Number(r.core_seconds), card_seconds: Number(r.card_seconds), jobs: Number(r.jobs) }))
      .filter((r) => r.core_seconds !== 0 || r.card_seconds !== 0 || r.jobs !== 0);

  /** The totals as a GROUP BY over the jobs table would count them. */
  const summed = async () =>
    (
      await t.app.services.db
        .selectFrom('jobs')
        .select((eb) => [
          'account',
          'user_name',
          eb.fn.sum<number>('core_seconds').as('core_seconds'),
          eb.fn.sum<number>('card_seconds').as('card_seconds'),
          eb.fn.countAll<number>().as('jobs'),
        ])
        .groupBy(['account', 'user_name'])
        .orderBy('account')
        .orderBy('user_name')
        .execute()
    ).map((r) => ({ ...r, core_seconds: Number(r.core_seconds), card_seconds: Number(r.card_seconds), jobs: Number(r.jobs) }));

  beforeAll(async () => {
    t = await createTestApp();
    repo = t.app.services.jobsRepo;
  });
  beforeEach(async () => {
    await t.app.services.db.deleteFrom('jobs').execute();
    await t.app.services.db.deleteFrom('usage_totals').execute();
  });
  afterAll(() => t.close());

  it('counts a batch read twice (the safety window) once', async () => {
    const batch = [finished('1'), finished('2', { gpus: 2 }), finished('3', { user: 'ut_bob' })];
    await repo.saveFinished('local', batch, T0);
    await repo.saveFinished('local', batch, T0 + 60_000);
    // The same job twice in one batch is one job too.
    await repo.saveFinished('local', [finished('1'), finished('1')], T0 + 120_000);
    expect(await totals()).toEqual([
      { account: 'ut_chem', user_name: 'ut_alice', core_seconds: 28_800, card_seconds: 7_200, jobs: 2 },
      { account: 'ut_chem', user_name: 'ut_bob', core_seconds: 14_400, card_seconds: 0, jobs: 1 },
    ]);
    expect(await totals()).toEqual(await summed());
  });

  it('moves only the difference of a corrected job: other seconds, another account', async () => {
    await repo.saveFinished('local', [finished('10'), finished('11')], T0);
    // Accounting corrected: job 10 ran longer, job 11 was charged to another account.
    await repo.saveFinished('local', [finished('10', { elapsed: 5400 }), finished('11', { account: 'ut_phys', gpus: 1 })], T0);
    expect(await totals()).toEqual([
      { account: 'ut_chem', user_name: 'ut_alice', core_seconds: 21_600, card_seconds: 0, jobs: 1 },
      { account: 'ut_phys', user_name: 'ut_alice', core_seconds: 14_400, card_seconds: 3_600, jobs: 1 },
    ]);
    expect(await totals()).toEqual(await summed());
  });

  it('keeps jobs of two clusters with the same id apart, and a job id reused after a reset (other submit time) is another job', async () => {
    await repo.saveFinished('local', [finished('7')], T0);
    await repo.saveFinished('hpc', [finished('7', { cpus: 1 })], T0);
    await repo.saveFinished('local', [finished('7', { submitTime: T0 + 1000 })], T0);
    expect(await totals()).toEqual([
      { account: 'ut_chem', user_name: 'ut_alice', core_seconds: 32_400, card_seconds: 0, jobs: 3 },
    ]);
  });

  it('counts a batch once when two ingests store it at the same moment', async () => {
    // On PostgreSQL both may read the jobs as new; the second insert then fails on the job's key
    // (that batch is read again next time) instead of adding the jobs to the totals a second time.
    // On SQLite the two transactions run one after the other and the second is a re-read.
    const batch = Array.from({ length: 50 }, (_, i) => finished(String(500 + i)));
    const results = await Promise.allSettled([repo.saveFinished('local', batch, T0), repo.saveFinished('local', batch, T0)]);
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    expect(await totals()).toEqual([
      { account: 'ut_chem', user_name: 'ut_alice', core_seconds: 50 * 14_400, card_seconds: 0, jobs: 50 },
    ]);
    expect(await totals()).toEqual(await summed());
  });

  it('writes nothing when a batch fails part way: the jobs and the totals move together', async () => {
    await repo.saveFinished('local', [finished('20')], T0);
    const before = await totals();
    // 250 jobs (on SQLite the first 200 are written before the 241st fails; on PostgreSQL one
    // statement), one with a NOT NULL column left empty.
    const batch = Array.from({ length: 250 }, (_, i) => finished(String(100 + i)));
    // A record whose name is missing, as a broken accounting line would read.
    batch[240] = Object.assign(finished('340'), { name: null });
    await expect(repo.saveFinished('local', batch, T0)).rejects.toThrow();
    expect(await totals()).toEqual(before);
    const jobs = await t.app.services.db.selectFrom('jobs').select('job_id').execute();
    expect(jobs.map((j) => j.job_id)).toEqual(['20']);
  });

  it('equals the sums over the jobs after many overlapping, corrected batches', async () => {
    const users = ['ut_a', 'ut_b', 'ut_c'];
    const accounts = ['ut_x', 'ut_y', ''];
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 30; round++) {
      const batch = Array.from({ length: 40 }, () =>
        finished(String(rnd(300)), {
          user: users[rnd(3)] ?? '',
          account: accounts[rnd(3)] ?? '',
          cpus: 1 + rnd(16),
          gpus: rnd(3),
          elapsed: rnd(10_000),
        }),
      );
      await repo.saveFinished('local', batch, T0 + round);
    }
    const got = await totals();
    expect(got.length).toBeGreaterThan(3);
    expect(got).toEqual(await summed());
  });
  it('keeps an unchanged re-read as it is (its ingested_at too) and rewrites a corrected one', async () => {
    await repo.saveFinished('local', [finished('30'), finished('31')], T0);
    await repo.saveFinished('local', [finished('30'), finished('31', { elapsed: 7200 })], T0 + 60_000);
    const rows = await t.app.services.db
      .selectFrom('jobs')
      .select(['job_id', 'ingested_at', 'elapsed_s'])
      .orderBy('job_id')
      .execute();
    expect(rows.map((r) => [r.job_id, Number(r.ingested_at), Number(r.elapsed_s)])).toEqual([
      ['30', T0, 3600],
      ['31', T0 + 60_000, 7200],
    ]);
    expect(await totals()).toEqual(await summed());
  });

  it('stores a batch of thousands of jobs, new and re-read, in one call', async () => {
    const batch = (from: number, n: number, elapsed: number) =>
      Array.from({ length: n }, (_, i) =>
        finished(String(from + i), {
          user: `ut_u${i % 7}`,
          account: `ut_a${i % 3}`,
          elapsed,
          endTime: T0 + (i % 50) * 86_400_000,
        }),
      );
    await repo.saveFinished('local', batch(1000, 2500, 100), T0);
    // Half of them read again with other seconds, and as many new ones.
    await repo.saveFinished('local', batch(2250, 2500, 200), T0 + 1);
    expect(
      Number(
        (
          await t.app.services.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(3750);
    expect(await totals()).toEqual(await summed());
  });
});
