import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccountMember,
  createAccount,
  createPrice,
  deletePrice,
  listJobs,
  previewJob,
  Role,
  setAccountClass,
  setQuota,
  submitJob,
  type CreatePriceBody,
  type SetQuotaBody,
  type SubmitJobBody,
} from '@portal/shared';
import { LocalScheduler } from '../../cluster/scheduler/local/local-scheduler.js';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { PREVIEW_LIMIT } from './job-preview.service.js';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { localTestCluster, testJob } from '../../test/local-cluster.js';

/*
 * The submission preview on the built-in scheduler, with jobs really running: the most the job may
 * use, the quota left before and after it, when it would start (now on a free node, at the running
 * job's time limit on a full one), the refusals the submit would give; and that it submits nothing.
 */

const cluster = localTestCluster({ nodes: 'n1', gpus: 1, maxTime: '12:00:00' });

describe('job preview', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: TestClient;
  let alice: TestClient;

  const job = (account: string, over: Partial<SubmitJobBody> = {}): SubmitJobBody =>
    testJob({ name: 'preview-job', timeLimit: '01:00:00', script: '#!/bin/bash\nsleep 600\n', account, ...over });
  const quota = async (body: SetQuotaBody) => expect((await admin.call(setQuota, { body })).errCode).toBe(0);
  const preview = async (body: SubmitJobBody) => {
    const r = await alice.call(previewJob, { body });
    expect(r.errCode).toBe(0);
    return r.data;
  };
  const scheduler = () => {
    const s = t.app.services.clusters.get().scheduler;
    if (!(s instanceof LocalScheduler)) throw new Error('the test cluster runs the built-in scheduler');
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp({ clusters: [cluster] });
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    alice = await signedIn(t.app, 'pv_alice', Role.user);
    await signedIn(t.app, 'pv_pi', Role.user);
    for (const name of ['free01', 'full01', 'quota01', 'over01']) {
      await admin.call(createAccount, { body: { accountName: name, ownerName: 'pv_pi' } });
      await admin.call(addAccountMember, { params: { accountName: name }, body: { userName: 'pv_alice' } });
    }
  });
  afterEach(async () => {
    const s = scheduler();
    for (const j of await s.activeJobs()) await s.cancel({ user: 'admin', privileged: true }, j.jobId).catch(() => undefined);
    await s.shutdownJobs();
    await waitFor(async () => (await s.activeJobs()).length === 0, 'an empty queue', 20_000);
    await t.app.services.clusters.get().snapshot.refresh();
  });
  afterAll(() => t.close());

  it('on a free cluster: the job would start now, on the free node; nothing is submitted', async () => {
    const before = Date.now();
    const p = await preview(job('free01', { cores: 2, gpus: 1, timeLimit: '06:00:00' }));
    expect(p).toMatchObject({ coreSeconds: 2 * 6 * 3600, cardSeconds: 6 * 3600, quota: null, nodes: ['n1'], refusals: [] });
    expect(p.expectedStartAt).toBeGreaterThanOrEqual(before);
    expect(p.expectedStartAt).toBeLessThanOrEqual(Date.now());
    expect(await scheduler().activeJobs()).toEqual([]);
    expect((await alice.call(listJobs, { query: {} })).data.list).toEqual([]);
  });

  it("on a full cluster: the job would start when the running job's time limit is up", async () => {
    const running = await alice.call(submitJob, { body: job('full01', { cores: 2, timeLimit: '01:00:00' }) });
    expect(running.errCode).toBe(0);
    const started = await waitFor(async () => {
      const j = (await scheduler().activeJobs()).find((x) => x.jobId === running.data.jobId);
      return j?.state === 'R' && j.startTime;
    }, 'the job holding both cores to run');
    const p = await preview(job('full01', { cores: 1, timeLimit: '00:30:00' }));
    expect(p.expectedStartAt).toBe(started + 3600 * 1000);
    expect(p.nodes).toEqual(['n1']);
    expect(p.coreSeconds).toBe(1800);
    // Still one job: the preview queued nothing.
    expect((await scheduler().activeJobs()).map((j) => j.jobId)).toEqual([running.data.jobId]);
  });

  it('answers the tightest quota left before and after the job', async () => {
    await quota({ accountName: 'quota01', coreHoursLimit: 100 });
    const p = await preview(job('quota01', { cores: 2, timeLimit: '06:00:00' }));
    expect(p.quota).toEqual({
      coreHours: {
        scope: 'account',
        account: 'quota01',
        limitSeconds: 100 * 3600,
        countedSeconds: 0,
        leftBeforeSeconds: 100 * 3600,
        leftAfterSeconds: 88 * 3600,
      },
      cardHours: null,
    });
    // The member's own quota is tighter: it is the one shown.
    await quota({ accountName: 'quota01', userName: 'pv_alice', coreHoursLimit: 20, cardHoursLimit: 5 });
    const q = await preview(job('quota01', { cores: 2, gpus: 1, timeLimit: '06:00:00' }));
    expect(q.quota?.coreHours).toMatchObject({ scope: 'user', limitSeconds: 20 * 3600, leftAfterSeconds: 8 * 3600 });
    expect(q.quota?.cardHours).toMatchObject({ scope: 'user', limitSeconds: 5 * 3600, leftAfterSeconds: -3600 });
    expect(q.refusals.map((r) => r.reason)).toEqual(['quotaExceeded']);
  });

  it('prices the job as its bill would: the most specific price in force on the day it would end, in cents', async () => {
    const body = job('free01', { cores: 2, gpus: 1, timeLimit: '06:00:00' });
    // No price at all: the centre does not bill in money, so there is no cost to show.
    expect((await preview(body)).cost).toBeNull();
    const added: number[] = [];
    const price = async (b: CreatePriceBody) => {
      const r = await admin.call(createPrice, { body: b });
      expect(r.errCode).toBe(0);
      added.push(r.data.priceId);
      return r.data.priceId;
    };
    try {
      const clusterWide = await price({
        clusterId: 'local',
        coreHourPrice: '0.1',
        cardHourPrice: '1',
        effectiveFrom: '2020-01-01',
      });
      // A price from a day far ahead is not in force when this job would end.
      await price({ queue: 'compute', coreHourPrice: '9', cardHourPrice: '9', effectiveFrom: '2099-01-01' });
      // 12 core-hours × 0.10 + 6 card-hours × 1.00 = 7.20.
      expect((await preview(body)).cost).toEqual({
        amountCents: 720,
        currency: 'CNY',
        coreHourPrice: '0.1000',
        cardHourPrice: '1.0000',
        priceId: clusterWide,
        priceDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
      // The account's class is more specific than the cluster: 12 × 0.0333 + 6 × 0.5 = 3.3996 → 3.40, rounded once.
      expect(
        (await admin.call(setAccountClass, { params: { accountName: 'free01' }, body: { accountClass: 'gold' } })).errCode,
      ).toBe(0);
      const gold = await price({
        accountClass: 'gold',
        coreHourPrice: '0.0333',
        cardHourPrice: '0.5',
        effectiveFrom: '2020-01-01',
      });
      expect((await preview(body)).cost).toMatchObject({ amountCents: 340, priceId: gold, coreHourPrice: '0.0333' });
      // Another account of no class keeps the cluster's price.
      expect((await preview(job('quota01', { cores: 1, timeLimit: '01:00:00' }))).cost).toMatchObject({
        amountCents: 10,
        priceId: clusterWide,
      });
    } finally {
      for (const priceId of added) await admin.call(deletePrice, { params: { priceId } });
    }
  });

  it('refuses over the quota with the same code and words as the submit, and asks no start time', async () => {
    await quota({ accountName: 'over01', coreHoursLimit: 1 });
    const body = job('over01', { cores: 2, timeLimit: '01:00:00' });
    const p = await preview(body);
    const submitted = await alice.call(submitJob, { body });
    expect([submitted.status, submitted.error?.reason]).toEqual([403, 'quotaExceeded']);
    expect(p.refusals).toEqual([
      {
        errCode: submitted.errCode,
        reason: 'quotaExceeded',
        message: submitted.errMsg,
        data: expect.objectContaining({ account: 'over01', quota: 'coreHours', limitHours: 1, jobHours: 2 }),
      },
    ]);
    expect(p.quota?.coreHours).toMatchObject({ leftBeforeSeconds: 3600, leftAfterSeconds: -3600 });
    expect(p.expectedStartAt).toBeNull();
  });

  it("answers the submit's other refusals (queue limits) and the scheduler's, never submitting", async () => {
    const tooMany = await preview(job('free01', { cores: 3 }));
    expect(tooMany.refusals).toMatchObject([{ reason: 'invalidJobRequest', message: 'the queue compute has 2 cores' }]);
    const longer = await preview(job('free01', { timeLimit: '13:00:00' }));
    expect(longer.refusals).toMatchObject([{ reason: 'exceedQueueMax' }]);
    // The cluster's refusal: 2 GB on a node of 2048 MiB is fine, 4 GB is not (the scheduler's own check).
    const memory = await preview(job('free01', { memoryMB: 4096 }));
    expect(memory.refusals).toMatchObject([{ reason: 'schedulerRejected' }]);
    expect(memory.refusals[0]?.message).toMatch(/Requested node configuration is not available/);
    expect(await scheduler().activeJobs()).toEqual([]);
  });

  it('is limited per user (each may run sbatch --test-only as them): 429 beyond the limit', async () => {
    const busy = await signedIn(t.app, 'pv_busy', Role.user);
    const body = job('free01', { account: undefined });
    for (let i = 0; i < PREVIEW_LIMIT.max; i++) expect((await busy.call(previewJob, { body })).errCode).toBe(0);
    const over = await busy.callUnchecked(previewJob, { body });
    expect([over.status, over.error?.reason]).toEqual([429, 'tooManyRequests']);
    // Others are not held by it.
    expect((await alice.call(previewJob, { body: job('free01') })).errCode).toBe(0);
  });

  it('is allowed to those who may submit only', async () => {
    const viewer = await signedIn(t.app, 'pv_viewer', Role.viewer);
    const r = await viewer.callUnchecked(previewJob, { body: job('free01') });
    expect(r.status).toBe(403);
  });
});
