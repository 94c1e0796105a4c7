import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccountMember, createAccount, efficiencyReport, getJob, Role, type EfficiencyQuery } from '@portal/shared';
import type { z } from 'zod';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { finishedJob, type TestJob } from './report-test-jobs.js';

/* The efficiency report: exact ratios of fixed jobs, what counts as measured, the hints and the usage reports' scopes. */

type Input = Partial<z.input<typeof EfficiencyQuery>>;

describe('efficiency report route', () => {
  let t: TestApp;
  let admin: TestClient;
  let pi: TestClient;
  let alice: TestClient;

  const report = (c: TestClient, q: Input = {}) =>
    c.call(efficiencyReport, { query: { from: '2026-06-01', to: '2026-06-30', ...q } });

  beforeAll(async () => {
    t = await createTestApp();
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    pi = await signedIn(t.app, 'ef_pi', Role.user);
    alice = await signedIn(t.app, 'ef_alice', Role.user);
    await signedIn(t.app, 'ef_bob', Role.user);
    await admin.call(createAccount, { body: { accountName: 'ef_lab', ownerName: 'ef_pi' } });
    await admin.call(addAccountMember, { params: { accountName: 'ef_lab' }, body: { userName: 'ef_alice' } });
    await admin.call(createAccount, { body: { accountName: 'ef_other', ownerName: 'ef_bob' } });
    const jobs: [string, TestJob][] = [
      // 100 of 400 core-seconds busy; 100 of 1000 MiB.
      [
        '1',
        {
          user: 'ef_alice',
          account: 'ef_lab',
          end: '2026-06-02T10:00:00Z',
          cpus: 4,
          elapsed: 100,
          cpuTime: 100,
          memoryMB: 1000,
          maxRssMB: 100,
        },
      ],
      // Reports more CPU time than its 200 core-seconds: counts 200.
      [
        '2',
        {
          user: 'ef_alice',
          account: 'ef_lab',
          end: '2026-06-03T10:00:00Z',
          cpus: 2,
          elapsed: 100,
          cpuTime: 300,
          memoryMB: 1000,
          maxRssMB: 300,
        },
      ],
      // Accounting measured nothing: counted as a job, in no ratio.
      ['3', { user: 'ef_alice', account: 'ef_lab', end: '2026-06-04T10:00:00Z', cpus: 1, elapsed: 100 }],
      // A peak without a memory request, and no run time: measured for neither.
      ['4', { user: 'ef_alice', account: 'ef_lab', end: '2026-06-05T10:00:00Z', cpus: 1, elapsed: 0, cpuTime: 0, maxRssMB: 50 }],
      [
        '5',
        {
          user: 'ef_bob',
          account: 'ef_other',
          end: '2026-06-06T10:00:00Z',
          cpus: 1,
          elapsed: 1000,
          cpuTime: 950,
          memoryMB: 2000,
          maxRssMB: 1960,
        },
      ],
      // Two cards at 150 % (one and a half busy) and one card reported at 130 %, which counts 100 %: 250 of 300 card-seconds.
      [
        '7',
        {
          user: 'ef_bob',
          account: 'ef_other',
          end: '2026-06-07T10:00:00Z',
          cpus: 1,
          gpus: 2,
          elapsed: 100,
          cpuTime: 100,
          gpuUtil: 150,
        },
      ],
      [
        '8',
        {
          user: 'ef_bob',
          account: 'ef_other',
          end: '2026-06-08T10:00:00Z',
          cpus: 1,
          gpus: 1,
          elapsed: 100,
          cpuTime: 0,
          gpuUtil: 130,
        },
      ],
      // Outside the range.
      [
        '6',
        {
          user: 'ef_alice',
          account: 'ef_lab',
          end: '2026-07-01T00:00:00Z',
          cpus: 8,
          elapsed: 100,
          cpuTime: 800,
          memoryMB: 100,
          maxRssMB: 100,
        },
      ],
    ];
    await t.app.services.jobsRepo.saveFinished(
      'local',
      jobs.map(([id, j]) => finishedJob(id, j)),
      Date.now(),
    );
  });
  afterAll(() => t.close());

  const aliceFigures = {
    user: 'ef_alice',
    jobs: 4,
    cpuMeasuredJobs: 2,
    cpuSeconds: 300,
    coreSeconds: 600,
    cpuEfficiency: 0.5,
    memoryMeasuredJobs: 2,
    memoryUsedMB: 400,
    memoryRequestedMB: 2000,
    memoryRatio: 0.2,
    gpuMeasuredJobs: 0,
    cardSeconds: 0,
    gpuEfficiency: null,
    hints: [
      { code: 'cpuBusy', value: 50 },
      { code: 'memoryLow', value: 20 },
      { code: 'notMeasured', value: 2 },
    ],
  };

  it('answers a user’s own figures (scope mine), weighted by core-seconds, with hints', async () => {
    const res = await report(alice);
    expect(res.errCode).toBe(0);
    expect(res.data!.total).toBe(1);
    expect(res.data!.list).toEqual([aliceFigures]);
    const { user: _user, ...totals } = aliceFigures;
    expect(res.data!.totals).toEqual(totals);
  });

  it('answers every member of a PI’s accounts, and everyone to an administrator, the largest users of cores first', async () => {
    expect((await report(pi, { scope: 'accounts' })).data!.list.map((r) => r.user)).toEqual(['ef_alice']);
    const all = await report(admin, { scope: 'all' });
    expect(all.data!.list.map((r) => r.user)).toEqual(['ef_bob', 'ef_alice']);
    expect(all.data!.list[0]).toMatchObject({
      jobs: 3,
      cpuEfficiency: 1050 / 1200,
      memoryRatio: 0.98,
      gpuMeasuredJobs: 2,
      cardSeconds: 300,
      gpuEfficiency: 250 / 300,
      hints: [
        { code: 'cpuBusy', value: 88 },
        { code: 'memoryHigh', value: 98 },
        { code: 'gpuBusy', value: 83 },
      ],
    });
    expect(all.data!.totals).toMatchObject({
      jobs: 7,
      cpuSeconds: 1350,
      coreSeconds: 1800,
      cpuEfficiency: 0.75,
      memoryUsedMB: 2360,
      memoryRequestedMB: 4000,
      memoryRatio: 0.59,
      hints: [
        { code: 'cpuBusy', value: 75 },
        { code: 'memoryUsed', value: 59 },
        { code: 'gpuBusy', value: 83 },
        { code: 'notMeasured', value: 2 },
      ],
    });
    expect((await report(admin, { scope: 'all', pageStart: 1, pageLimit: 1 })).data!.list.map((r) => r.user)).toEqual([
      'ef_alice',
    ]);
  });

  it('says nothing measured as null, never as 0 %, and refuses what usage reports refuse', async () => {
    const empty = await report(alice, { from: '2026-05-01', to: '2026-05-31' });
    expect(empty.data).toMatchObject({
      total: 0,
      list: [],
      totals: { jobs: 0, cpuEfficiency: null, memoryRatio: null, hints: [] },
    });
    const refused = await report(alice, { scope: 'all' });
    expect(refused).toMatchObject({ errCode: 10008, error: { reason: 'forbidden' } });
    const reversed = await report(alice, { from: '2026-06-30', to: '2026-06-01' });
    expect(reversed).toMatchObject({ errCode: 10004, error: { issues: [{ path: 'to' }] } });
  });

  it('shows a finished job’s CPU time, CPU efficiency and memory used of applied in its detail, unmeasured as null', async () => {
    const detail = async (jobId: string) => (await alice.call(getJob, { params: { jobId }, query: { clusterId: 'local' } })).data;
    expect(await detail('1')).toMatchObject({
      cpuTime: 100,
      cpuEfficiency: 0.25,
      memoryAppliedMB: 1000,
      memoryUsedMB: 100,
      memoryEfficiency: 0.1,
    });
    expect(await detail('3')).toMatchObject({ cpuTime: null, cpuEfficiency: null, memoryUsedMB: null, memoryEfficiency: null });
  });
});
