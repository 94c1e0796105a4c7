import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccountMember,
  createAccount,
  jobAction,
  listJobs,
  listQuotas,
  Role,
  setQuota,
  submitJob,
  type QuotaItem,
  type SetQuotaBody,
  type SubmitJobBody,
} from '@portal/shared';
import { LocalScheduler } from '../../cluster/scheduler/local/local-scheduler.js';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import type { FinishedJob } from '../../cluster/scheduler/types.js';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { localTestCluster, testJob } from '../../test/local-cluster.js';

/*
 * Quotas at submission, with jobs really queued and running on the built-in scheduler: what is
 * reserved, what is used once accounting has the jobs, the refusal's message and fields, and the
 * running-job limit that keeps jobs waiting.
 */

const cluster = localTestCluster({ nodes: 'n1', gpus: 1, maxTime: '02:00:00' });

describe('quotas at submission', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: TestClient;
  let alice: TestClient;

  const job = (account: string, over: Partial<SubmitJobBody> = {}): SubmitJobBody =>
    testJob({ name: 'quota-job', timeLimit: '01:00:00', script: '#!/bin/bash\nsleep 600\n', account, ...over });
  const quota = async (body: SetQuotaBody) => expect((await admin.call(setQuota, { body })).errCode).toBe(0);
  const quotaOf = async (accountName: string, userName = ''): Promise<QuotaItem | undefined> =>
    (await alice.call(listQuotas, { query: { accountName } })).data.list.find((q) => q.userName === userName);
  const listed = async (jobId: string) => (await alice.call(listJobs, { query: { jobId } })).data.list[0];
  const scheduler = () => {
    const s = t.app.services.clusters.get().scheduler;
    if (!(s instanceof LocalScheduler)) throw new Error('the test cluster runs the built-in scheduler');
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp({ clusters: [cluster] });
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    alice = await signedIn(t.app, 'qs_alice', Role.user);
    await signedIn(t.app, 'qs_pi', Role.user);
    for (const name of ['chem01', 'gpu01', 'used01', 'jobs01']) {
      await admin.call(createAccount, { body: { accountName: name, ownerName: 'qs_pi' } });
      await admin.call(addAccountMember, { params: { accountName: name }, body: { userName: 'qs_alice' } });
    }
  });
  // Each test starts on an empty node: queued jobs cancelled, running ones killed.
  afterEach(async () => {
    const s = scheduler();
    for (const j of await s.activeJobs()) await s.cancel({ user: 'admin', privileged: true }, j.jobId).catch(() => undefined);
    await s.shutdownJobs();
    await waitFor(async () => (await s.activeJobs()).length === 0, 'an empty queue', 20_000);
    await t.app.services.clusters.get().snapshot.refresh();
  });
  afterAll(() => t.close());

  it("reserves the queued and running jobs' cores × time limit, and refuses the job that would pass the account's quota", async () => {
    await quota({ accountName: 'chem01', coreHoursLimit: 3 });
    const running = await alice.call(submitJob, { body: job('chem01') });
    expect(running.errCode).toBe(0);
    await waitFor(async () => (await listed(running.data.jobId))?.jobStatus === 'R', 'the first job to run');
    // Two cores while one is busy: it waits.
    const queued = await alice.call(submitJob, { body: job('chem01', { cores: 2 }) });
    expect(queued.errCode).toBe(0);

    const q = await waitFor(async () => {
      const item = await quotaOf('chem01');
      return item?.runningJobs === 1 && item.coreSecondsReserved > 7200 && item;
    }, 'the quota to count both jobs');
    // 1 core × 1 h running (part of it run already, counted as used) + 2 cores × 1 h queued.
    expect(q.coreSecondsUsed + q.coreSecondsReserved).toBe(3 * 3600);
    expect(q.coreSecondsUsed).toBeLessThan(60);
    expect(q).toMatchObject({ coreHoursLimit: 3, cardSecondsReserved: 0, cardSecondsUsed: 0 });

    const refused = await alice.call(submitJob, { body: job('chem01', { timeLimit: '00:01:00' }) });
    expect([refused.status, refused.errCode, refused.error?.reason]).toEqual([403, 10008, 'quotaExceeded']);
    expect(refused.errMsg).toMatch(
      /^The core-hour quota of account chem01 is reached: used 3\.00 of 3 core-hours \(\d\.\d\d of them reserved by queued and running jobs\), this job may use up to 0\.02 more$/,
    );
    expect(refused.error).toMatchObject({
      account: 'chem01',
      user: '',
      quota: 'coreHours',
      usedHours: 3,
      limitHours: 3,
      jobHours: 0.02,
    });
    // Once the queued job is gone its reservation is free again.
    expect((await alice.call(jobAction, { params: { jobId: queued.data.jobId, action: 'cancel' }, body: {} })).errCode).toBe(0);
    expect((await alice.call(submitJob, { body: job('chem01', { timeLimit: '00:01:00' }) })).errCode).toBe(0);
  });

  it("refuses by the user's own card-hour quota in the account, naming it; jobs without GPUs pass it", async () => {
    await quota({ accountName: 'gpu01', userName: 'qs_alice', cardHoursLimit: 1 });
    const first = await alice.call(submitJob, { body: job('gpu01', { gpus: 1 }) });
    expect(first.errCode).toBe(0);
    await waitFor(async () => (await quotaOf('gpu01', 'qs_alice'))?.runningJobs === 1, 'the GPU job to run');
    const refused = await alice.call(submitJob, { body: job('gpu01', { gpus: 1, timeLimit: '00:30:00' }) });
    expect([refused.status, refused.errCode, refused.error?.reason]).toEqual([403, 10008, 'quotaExceeded']);
    expect(refused.errMsg).toMatch(
      /^Your card-hour quota in account gpu01 is reached: used 1\.00 of 1 card-hours .*this job may use up to 0\.50 more$/,
    );
    expect(refused.error).toMatchObject({ account: 'gpu01', user: 'qs_alice', quota: 'cardHours', limitHours: 1, jobHours: 0.5 });
    // A CPU-only job is not held by the card-hours.
    expect((await alice.call(submitJob, { body: job('gpu01') })).errCode).toBe(0);
  });

  it('counts finished jobs from accounting as used, and refuses once they fill the quota', async () => {
    const short = await alice.call(submitJob, { body: job('used01', { cores: 2, script: '#!/bin/bash\nsleep 2\n' }) });
    expect(short.errCode).toBe(0);
    const row = await waitFor(
      () => t.app.services.db.selectFrom('jobs').selectAll().where('job_id', '=', short.data.jobId).executeTakeFirst(),
      'the job to be ingested',
    );
    expect(Number(row.core_seconds)).toBeGreaterThanOrEqual(2 * 2);
    const q = await waitFor(async () => {
      const item = await quotaOf('used01');
      return item?.runningJobs === 0 && item.coreSecondsReserved === 0 && item;
    }, 'nothing active in used01');
    expect(q.coreSecondsUsed).toBe(Number(row.core_seconds));
    expect((await quotaOf('used01', 'qs_alice'))?.coreSecondsUsed).toBe(Number(row.core_seconds));

    // Ten core-hours more from accounting (another cluster's job), then a limit of 10: full.
    const ten: FinishedJob = {
      jobId: '900001',
      name: 'big',
      user: 'qs_alice',
      group: 'qs_alice',
      account: 'used01',
      partition: 'compute',
      schedulerState: 'COMPLETED',
      exitStatus: 'complete',
      exitCode: '0:0',
      submitTime: 1,
      eligibleTime: 1,
      startTime: 1,
      endTime: 9_000_001,
      elapsed: 9000,
      timeLimit: 9000,
      nodes: 1,
      cpus: 4,
      gpus: 0,
      nodeList: 'x1',
      memoryMB: null,
      maxRssMB: null,
      gpuUtil: null,
      cpuTime: null,
      workDir: '/tmp',
      restartCount: 0,
      exclusive: false,
    };
    await t.app.services.jobsRepo.saveFinished('elsewhere', [ten], Date.now());
    await quota({ accountName: 'used01', coreHoursLimit: 10 });
    const refused = await alice.call(submitJob, { body: job('used01', { timeLimit: '00:06:00' }) });
    expect(refused.error).toMatchObject({ reason: 'quotaExceeded', quota: 'coreHours', limitHours: 10, jobHours: 0.1 });
    expect(refused.errMsg).toMatch(
      /^The core-hour quota of account used01 is reached: used 10\.\d\d of 10 core-hours, this job may use/,
    );
  });

  it('keeps a job waiting for AssocMaxJobsLimit while the user runs their maximum, without refusing it', async () => {
    await quota({ accountName: 'jobs01', userName: 'qs_alice', maxRunningJobs: 1 });
    const first = await alice.call(submitJob, { body: job('jobs01') });
    const second = await alice.call(submitJob, { body: job('jobs01') });
    expect([first.errCode, second.errCode]).toEqual([0, 0]);
    await waitFor(async () => (await listed(first.data.jobId))?.jobStatus === 'R', 'the first job to run');
    // The node has a core free, yet the second waits for the limit.
    const waiting = await waitFor(async () => {
      const j = await listed(second.data.jobId);
      return j?.reason === 'AssocMaxJobsLimit' && j;
    }, 'the second job to wait for the limit');
    expect(waiting.jobStatus).toBe('Q');
    expect((await quotaOf('jobs01', 'qs_alice'))?.runningJobs).toBe(1);
    // Raised: it starts.
    await quota({ accountName: 'jobs01', userName: 'qs_alice', maxRunningJobs: 2 });
    await waitFor(async () => (await listed(second.data.jobId))?.jobStatus === 'R', 'the second job to start');
  });
});
