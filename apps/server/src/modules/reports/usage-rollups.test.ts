import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usageSummary, usageTrend, type UsageSummaryQuery } from '@portal/shared';
import type { z } from 'zod';
import { isPostgresUrl } from '../../db/database.js';
import { silentLogger } from '../../lib/logger.js';
import { systemClock } from '../../lib/time.js';
import { ZoneDays, zoneDays } from '../../lib/zone-days.js';
import { ADMIN, createTestApp, TestClient, type TestApp } from '../../test/harness.js';
import { fillMonthly } from '../../db/migrations/0012-usage-monthly.js';
import type { OrgPlace } from '../org/index.js';
import { ensureDailyRollups, rebuildDailyRollups, rollupZone } from '../jobs/usage-daily-rebuild.js';
import { monthlyDeltas } from '../jobs/usage-daily.js';
import { finishedJob, type TestJob } from './report-test-jobs.js';
import { ReportsRepository, wholeMonths, type UsageSums, type UsageWhere } from './reports.repository.js';
import { groupSums } from './reports.service.js';
import { referenceSums } from './usage-reference.js';

/*
 * Golden figures of the daily rollups, worked out by hand below: jobs count on the day they ended
 * in the report zone (UTC, Asia/Shanghai, Europe/Berlin across its DST switches), a batch read
 * again counts once, a corrected end moves the job, a failed ingest leaves nothing, a rebuild
 * counts the history; and the rollups answer exactly what a GROUP BY over the raw jobs answers.
 */

type Row = {
  day: number;
  user_name: string;
  account: string;
  queue: string;
  jobs: number;
  core_seconds: number;
  card_seconds: number;
};

const setup = (zone?: string) => {
  const ctx: { t: TestApp; admin: TestClient } = { t: undefined!, admin: undefined! };
  beforeAll(async () => {
    ctx.t = await createTestApp(zone ? { reports: { timeZone: zone } } : {});
    ctx.admin = new TestClient(ctx.t.app);
    await ctx.admin.login(ADMIN.user, ADMIN.password);
  });
  beforeEach(async () => {
    const db = ctx.t.app.services.db;
    await db.deleteFrom('jobs').execute();
    await db.deleteFrom('usage_totals').execute();
    await db.deleteFrom('usage_daily').execute();
    await db.deleteFrom('usage_monthly').execute();
  });
  afterAll(() => ctx.t.close());
  return ctx;
};

const ingest = (t: TestApp, jobs: Record<string, TestJob>, cluster = 'local') =>
  t.app.services.jobsRepo.saveFinished(
    cluster,
    Object.entries(jobs).map(([id, j]) => finishedJob(id, j)),
    Date.now(),
  );

/** usage_daily's non-empty rows, in key order. */
const daily = async (t: TestApp): Promise<Row[]> =>
  (
    await t.app.services.db
      .selectFrom('usage_daily')
      .select(['day', 'user_name', 'account', 'queue', 'jobs', 'core_seconds', 'card_seconds'])
      .orderBy('day')
      .orderBy('user_name')
      .orderBy('account')
      .orderBy('queue')
      .execute()
  )
    .map((r) => ({
      ...r,
      day: Number(r.day),
      jobs: Number(r.jobs),
      core_seconds: Number(r.core_seconds),
      card_seconds: Number(r.card_seconds),
    }))
    .filter((r) => r.jobs !== 0 || r.core_seconds !== 0 || r.card_seconds !== 0);

const row = (
  day: number,
  user_name: string,
  account: string,
  queue: string,
  jobs: number,
  core_seconds: number,
  card_seconds = 0,
): Row => ({
  day,
  user_name,
  account,
  queue,
  jobs,
  core_seconds,
  card_seconds,
});

const summary = async (admin: TestClient, q: Partial<z.input<typeof UsageSummaryQuery>> & { from: string; to: string }) => {
  const res = await admin.call(usageSummary, { query: { scope: 'all', groupBy: 'user', ...q } });
  expect(res.errCode).toBe(0);
  return res.data!;
};

const byKey = (rows: UsageSums[]) => [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

describe('daily rollups in UTC', () => {
  const ctx = setup();
  // By hand: a1 on 31 Jan (4 × 3600); a2 started 31 Jan, ended 1 Feb 00:30 (2 × 5400, 1 card × 5400);
  // b1 the last millisecond of February (8 × 100, 2 cards × 100); b2 at 1 March 00:00 exactly.
  const batch: Record<string, TestJob> = {
    a1: { user: 'rp_alice', account: 'rp_chem', end: '2026-01-31T23:59:59Z', cpus: 4, elapsed: 3600 },
    a2: { user: 'rp_alice', account: 'rp_chem', end: '2026-02-01T00:30:00Z', cpus: 2, gpus: 1, elapsed: 5400 },
    b1: { user: 'rp_bob', account: 'rp_chem', queue: 'gpu', end: '2026-02-28T23:59:59.999Z', cpus: 8, gpus: 2, elapsed: 100 },
    b2: { user: 'rp_bob', account: 'rp_phys', end: '2026-03-01T00:00:00Z', cpus: 1, elapsed: 60 },
  };
  const expected = [
    row(20260131, 'rp_alice', 'rp_chem', 'compute', 1, 14_400),
    row(20260201, 'rp_alice', 'rp_chem', 'compute', 1, 10_800, 5_400),
    row(20260228, 'rp_bob', 'rp_chem', 'gpu', 1, 800, 200),
    row(20260301, 'rp_bob', 'rp_phys', 'compute', 1, 60),
  ];

  it('counts each job on its end day, across midnight and month ends', async () => {
    await ingest(ctx.t, batch);
    expect(await daily(ctx.t)).toEqual(expected);
    const feb = await summary(ctx.admin, { from: '2026-02-01', to: '2026-02-28' });
    expect(feb).toMatchObject({ timeZone: 'UTC', total: 2 });
    expect(feb.list).toEqual([
      { key: 'rp_alice', jobs: 1, coreSeconds: 10_800, cardSeconds: 5_400 },
      { key: 'rp_bob', jobs: 1, coreSeconds: 800, cardSeconds: 200 },
    ]);
    expect(feb.totals).toEqual({ jobs: 2, coreSeconds: 11_600, cardSeconds: 5_600 });
    const months = await ctx.admin.call(usageTrend, {
      query: { scope: 'all', from: '2026-01-15', to: '2026-03-31', interval: 'month' },
    });
    expect(months.data?.points).toEqual([
      { period: '2026-01-01', jobs: 1, coreSeconds: 14_400, cardSeconds: 0 },
      { period: '2026-02-01', jobs: 2, coreSeconds: 11_600, cardSeconds: 5_600 },
      { period: '2026-03-01', jobs: 1, coreSeconds: 60, cardSeconds: 0 },
    ]);
  });

  it('counts a batch read again once, and the usage totals still follow', async () => {
    await ingest(ctx.t, batch);
    await ingest(ctx.t, batch);
    await ingest(ctx.t, { a1: batch.a1!, a2: batch.a2! });
    expect(await daily(ctx.t)).toEqual(expected);
    const totals = await ctx.t.app.services.db
      .selectFrom('usage_totals')
      .select(['user_name', 'jobs'])
      .where('user_name', '=', 'rp_alice')
      .execute();
    expect(totals.map((r) => Number(r.jobs))).toEqual([2]);
  });

  it('moves a job whose end, queue or account was corrected to its new key, whole', async () => {
    await ingest(ctx.t, batch);
    await ingest(ctx.t, {
      a1: { ...batch.a1!, end: '2026-02-01T00:00:01Z' },
      b1: { ...batch.b1!, queue: 'compute', account: 'rp_phys', elapsed: 50 },
    });
    expect(await daily(ctx.t)).toEqual([
      row(20260201, 'rp_alice', 'rp_chem', 'compute', 2, 25_200, 5_400),
      row(20260228, 'rp_bob', 'rp_phys', 'compute', 1, 400, 100),
      row(20260301, 'rp_bob', 'rp_phys', 'compute', 1, 60),
    ]);
    const jan = await summary(ctx.admin, { from: '2026-01-01', to: '2026-01-31' });
    expect(jan).toMatchObject({ total: 0, list: [], totals: { jobs: 0, coreSeconds: 0, cardSeconds: 0 } });
  });

  it('leaves no partial counts when an ingest fails half-way', async () => {
    await ingest(ctx.t, batch);
    // 250 jobs are written in two statements; the second fails (a job without a name), after the first was written.
    const many = Array.from({ length: 250 }, (_, i) =>
      finishedJob(`f${i}`, { end: '2026-02-10T12:00:00Z', cpus: 1, elapsed: 10 }),
    );
    // A name the jobs table refuses (NOT NULL), as a broken accounting record would bring.
    many[220] = { ...many[220]!, name: JSON.parse('null') };
    await expect(ctx.t.app.services.jobsRepo.saveFinished('local', many, Date.now())).rejects.toThrow();
    expect(await daily(ctx.t)).toEqual(expected);
    expect(
      Number(
        (
          await ctx.t.app.services.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(4);
  });

  it('recounts the history from the jobs when the rollups were never counted, and again when the zone changes', async () => {
    const { db, config } = ctx.t.app.services;
    const dialect = isPostgresUrl(config.database.url) ? 'postgres' : 'sqlite';
    expect(await rollupZone(db)).toBe('UTC');
    await ingest(ctx.t, batch);
    // As after migration 0011 on a portal with history: jobs, no rollups, no state.
    await db.deleteFrom('usage_daily').execute();
    await db.deleteFrom('usage_rollup_state').execute();
    await ensureDailyRollups(db, dialect, zoneDays('UTC'), systemClock, silentLogger);
    expect(await daily(ctx.t)).toEqual(expected);
    expect(await rollupZone(db)).toBe('UTC');
    // In Shanghai (UTC+8) a1 ended on 1 Feb 07:59:59 and b1 on 1 March 07:59:59.
    await ensureDailyRollups(db, dialect, zoneDays('Asia/Shanghai'), systemClock, silentLogger);
    expect(await rollupZone(db)).toBe('Asia/Shanghai');
    expect(await daily(ctx.t)).toEqual([
      row(20260201, 'rp_alice', 'rp_chem', 'compute', 2, 25_200, 5_400),
      row(20260301, 'rp_bob', 'rp_chem', 'gpu', 1, 800, 200),
      row(20260301, 'rp_bob', 'rp_phys', 'compute', 1, 60),
    ]);
    // A recount that dies half-way (after the old rows were deleted) keeps the old rollups and state.
    const failing = new (class extends ZoneDays {
      override dayOf(ms: number): number {
        if (ms > Date.parse('2026-02-15T00:00:00Z')) throw new Error('killed half-way');
        return super.dayOf(ms);
      }
    })('Europe/Berlin');
    await expect(rebuildDailyRollups(db, dialect, failing, Date.now())).rejects.toThrow('killed half-way');
    expect(await rollupZone(db)).toBe('Asia/Shanghai');
    expect(await daily(ctx.t)).toHaveLength(3);
    // Back to the configured zone: the server's own rollups again.
    await ensureDailyRollups(db, dialect, zoneDays('UTC'), systemClock, silentLogger);
    expect(await daily(ctx.t)).toEqual(expected);
  });
});

describe('daily rollups in Asia/Shanghai', () => {
  const ctx = setup('Asia/Shanghai');

  it('counts by the end day in Shanghai (UTC+8)', async () => {
    await ingest(ctx.t, {
      s1: { end: '2026-03-31T15:59:59Z', cpus: 2, elapsed: 1000 },
      s2: { end: '2026-03-31T16:00:00Z', cpus: 3, elapsed: 1000 },
      s3: { end: '2026-04-30T16:30:00Z', cpus: 5, elapsed: 1000 },
    });
    expect(await daily(ctx.t)).toEqual([
      row(20260331, 'rp_alice', 'rp_chem', 'compute', 1, 2000),
      row(20260401, 'rp_alice', 'rp_chem', 'compute', 1, 3000),
      row(20260501, 'rp_alice', 'rp_chem', 'compute', 1, 5000),
    ]);
    const april = await summary(ctx.admin, { from: '2026-04-01', to: '2026-04-30' });
    expect(april).toMatchObject({ timeZone: 'Asia/Shanghai', totals: { jobs: 1, coreSeconds: 3000, cardSeconds: 0 } });
    expect(await rollupZone(ctx.t.app.services.db)).toBe('Asia/Shanghai');
  });
});

describe('daily rollups in Europe/Berlin', () => {
  const ctx = setup('Europe/Berlin');

  it('counts the 23-hour and 25-hour days of the DST switches whole', async () => {
    // 29 March 2026 runs 23:00Z (28th) to 22:00Z; 25 October 2026 runs 22:00Z (24th) to 23:00Z.
    await ingest(ctx.t, {
      m1: { end: '2026-03-28T22:59:59Z', cpus: 1, elapsed: 100 },
      m2: { end: '2026-03-28T23:00:00Z', cpus: 2, elapsed: 100 },
      m3: { end: '2026-03-29T21:59:59Z', cpus: 4, elapsed: 100 },
      m4: { end: '2026-03-29T22:00:00Z', cpus: 8, elapsed: 100 },
      o1: { end: '2026-10-24T21:59:59Z', cpus: 1, elapsed: 10 },
      o2: { end: '2026-10-25T00:30:00Z', cpus: 2, elapsed: 10 },
      o3: { end: '2026-10-25T01:30:00Z', cpus: 4, elapsed: 10 },
      o4: { end: '2026-10-25T22:59:59Z', cpus: 8, elapsed: 10 },
      o5: { end: '2026-10-25T23:00:00Z', cpus: 16, elapsed: 10 },
    });
    expect(await daily(ctx.t)).toEqual([
      row(20260328, 'rp_alice', 'rp_chem', 'compute', 1, 100),
      row(20260329, 'rp_alice', 'rp_chem', 'compute', 2, 600),
      row(20260330, 'rp_alice', 'rp_chem', 'compute', 1, 800),
      row(20261024, 'rp_alice', 'rp_chem', 'compute', 1, 10),
      row(20261025, 'rp_alice', 'rp_chem', 'compute', 3, 140),
      row(20261026, 'rp_alice', 'rp_chem', 'compute', 1, 160),
    ]);
    const days = await ctx.admin.call(usageTrend, {
      query: { scope: 'all', from: '2026-03-28', to: '2026-03-31', interval: 'day' },
    });
    expect(days.data?.points.map((p) => [p.period, p.jobs])).toEqual([
      ['2026-03-28', 1],
      ['2026-03-29', 2],
      ['2026-03-30', 1],
      ['2026-03-31', 0],
    ]);
  });

  it('answers exactly what a GROUP BY over the raw jobs answers, for several ranges, groupings and filters', async () => {
    // A seeded spread of jobs over 14 months, three clusters, users, accounts and queues.
    let seed = 11;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const start = Date.parse('2025-12-25T00:00:00Z');
    for (const cluster of ['local', 'c2', 'c3']) {
      const jobs: Record<string, TestJob> = {};
      for (let i = 0; i < 400; i++)
        jobs[`g${i}`] = {
          user: `rp_u${next(5)}`,
          account: next(6) === 0 ? '' : `rp_a${next(3)}`,
          queue: ['compute', 'gpu', 'debug'][next(3)]!,
          end: new Date(start + next(420 * 24) * 3_600_000 + next(3_600_000)).toISOString(),
          cpus: 1 + next(64),
          gpus: next(3),
          elapsed: 1 + next(90_000),
        };
      await ingest(ctx.t, jobs, cluster);
    }
    const { db } = ctx.t.app.services;
    const repo = new ReportsRepository(db);
    const days = zoneDays('Europe/Berlin');
    const cases: [UsageWhere, 'user' | 'account' | 'queue' | 'cluster'][] = [
      [{ from: 20260101, to: 20261231 }, 'user'],
      [{ from: 20260329, to: 20260329 }, 'queue'],
      [{ from: 20261025, to: 20261101 }, 'account'],
      [{ from: 20260201, to: 20260228, queue: 'gpu' }, 'cluster'],
      [{ from: 20251201, to: 20270301, clusterId: 'c2', account: 'rp_a1' }, 'user'],
      [{ from: 20260315, to: 20260615, userName: 'rp_u3' }, 'queue'],
      [{ from: 20260101, to: 20260630, accounts: ['rp_a0', 'rp_a2'] }, 'account'],
    ];
    for (const [where, by] of cases) {
      const rollup = byKey(await repo.sums(where, by));
      expect(rollup.length).toBeGreaterThan(0);
      expect(rollup).toEqual(byKey(await referenceSums(db, days, where, by)));
    }
  });
});

describe('monthly rollups in Europe/Berlin', () => {
  const ctx = setup('Europe/Berlin');
  const days = zoneDays('Europe/Berlin');
  // Company and department fold the account sums (rp_a2 and '' have no unit).
  const places = async () =>
    new Map<string, OrgPlace>([
      ['rp_a0', { company: 'C1', department: 'D1' }],
      ['rp_a1', { company: 'C1', department: 'D2' }],
    ]);
  const ranges: [number, number][] = [
    [20260310, 20260325], // inside one month
    [20260315, 20260710], // partial, whole, partial months
    [20260201, 20260430], // exactly whole months
    [20260101, 20261231], // a year
    [20261115, 20270115], // across a year end, December whole
    [20261215, 20270115], // across a year end, no whole month
    [20251201, 20260131], // across a year end, whole months
    [20251220, 20270228], // the whole history
  ];

  /** The rollups answer every range, grouping and cluster filter as the raw jobs do, and usage_monthly is usage_daily summed. */
  const check = async () => {
    const { db } = ctx.t.app.services;
    const repo = new ReportsRepository(db);
    for (const [from, to] of ranges)
      for (const clusterId of [undefined, 'c2'])
        for (const by of ['user', 'account', 'queue', 'company'] as const) {
          const where: UsageWhere = { from, to, clusterId };
          const rollup = byKey(await groupSums((w, b) => repo.sums(w, b), where, by, places));
          expect(rollup.length).toBeGreaterThan(0);
          expect(rollup).toEqual(byKey(await groupSums((w, b) => referenceSums(db, days, w, b), where, by, places)));
        }
    const dailyRows = await db.selectFrom('usage_daily').selectAll().execute();
    const numbers = <T extends { jobs: unknown; core_seconds: unknown; card_seconds: unknown }>(r: T) => ({
      ...r,
      jobs: Number(r.jobs),
      core_seconds: Number(r.core_seconds),
      card_seconds: Number(r.card_seconds),
    });
    const monthly = (await db.selectFrom('usage_monthly').selectAll().execute())
      .map((r) => numbers({ ...r, month: Number(r.month) }))
      .filter((r) => r.jobs !== 0 || r.core_seconds !== 0 || r.card_seconds !== 0);
    const projected = monthlyDeltas(dailyRows.map((r) => numbers({ ...r, day: Number(r.day) })));
    const order = (rows: typeof projected) =>
      [...rows].sort((a, b) =>
        `${a.dim}/${a.month}/${a.cluster_id}/${a.key}` < `${b.dim}/${b.month}/${b.cluster_id}/${b.key}` ? -1 : 1,
      );
    expect(order(monthly)).toEqual(order(projected));
  };

  it('splits a range into whole months and the days at its ends', () => {
    expect(wholeMonths(20260310, 20260325)).toBeNull();
    expect(wholeMonths(20260315, 20260710)).toEqual({ first: 202604, last: 202606 });
    expect(wholeMonths(20260201, 20260228)).toEqual({ first: 202602, last: 202602 });
    expect(wholeMonths(20251201, 20260131)).toEqual({ first: 202512, last: 202601 });
    expect(wholeMonths(20261115, 20270115)).toEqual({ first: 202612, last: 202612 });
    expect(wholeMonths(20261215, 20270115)).toBeNull();
    expect(wholeMonths(20261102, 20270130)).toEqual({ first: 202612, last: 202612 });
    expect(wholeMonths(20240201, 20240228)).toBeNull();
    expect(wholeMonths(20240201, 20240229)).toEqual({ first: 202402, last: 202402 });
  });

  it('answers long ranges exactly, after ingest, corrections across months, a recount and the migration fill', async () => {
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const start = Date.parse('2025-12-25T00:00:00Z');
    const all: Record<string, Record<string, TestJob>> = {};
    for (const cluster of ['local', 'c2', 'c3']) {
      const jobs: Record<string, TestJob> = {};
      for (let i = 0; i < 300; i++)
        jobs[`m${i}`] = {
          user: `rp_u${next(5)}`,
          account: next(6) === 0 ? '' : `rp_a${next(3)}`,
          queue: ['compute', 'gpu', 'debug'][next(3)]!,
          end: new Date(start + next(420 * 24) * 3_600_000 + next(3_600_000)).toISOString(),
          cpus: 1 + next(64),
          gpus: next(3),
          elapsed: 1 + next(90_000),
        };
      all[cluster] = jobs;
      await ingest(ctx.t, jobs, cluster);
    }
    await check();

    // Read again: nothing moves. Corrected: jobs move to other months (one across the year end), users, accounts and queues.
    await ingest(ctx.t, all.c2!, 'c2');
    const c2 = all.c2!;
    await ingest(
      ctx.t,
      {
        m0: { ...c2.m0!, end: '2026-12-31T22:59:59Z' }, // the last second of 2026 in Berlin
        m1: { ...c2.m1!, end: '2026-12-31T23:00:00Z', queue: 'debug' }, // the first of 2027
        m2: { ...c2.m2!, end: '2026-03-01T12:00:00Z', user: 'rp_u9', account: 'rp_a0' },
        m3: { ...c2.m3!, end: '2026-07-31T21:59:59Z', elapsed: 5 },
      },
      'c2',
    );
    await check();

    const { db, config } = ctx.t.app.services;
    const dialect = isPostgresUrl(config.database.url) ? 'postgres' : 'sqlite';
    // Recounted in another zone and back: usage_monthly follows usage_daily each time.
    await rebuildDailyRollups(db, dialect, zoneDays('Asia/Shanghai'), Date.now());
    await rebuildDailyRollups(db, dialect, days, Date.now());
    await check();

    // As migration 0012 on a portal whose usage_daily holds rows already.
    await db.deleteFrom('usage_monthly').execute();
    await fillMonthly(db);
    await check();
  });
});
