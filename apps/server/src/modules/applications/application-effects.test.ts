import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccountMember,
  createAccount,
  createApplication,
  createQueue,
  decideApplication,
  getJob,
  jobAction,
  listQueueManagement,
  Role,
  submitJob,
  type CreateApplicationBody,
  type SubmitJobBody,
} from '@portal/shared';
import { LocalScheduler } from '../../cluster/scheduler/local/local-scheduler.js';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { localTestCluster, testJob } from '../../test/local-cluster.js';

/*
 * What an approval changes on the built-in scheduler (jobs really run): a longer time limit for a
 * queued or running job (walltimeApply, gold mode only), a queue opened to an account.
 */

const cluster = localTestCluster({ queueNodes: 'n1' });

describe('what an approved application changes on the scheduler', () => {
  let t: TestApp;
  let admin: TestClient;
  let pi: TestClient;
  let member: TestClient;
  let stranger: TestClient;
  const job = (over: Partial<SubmitJobBody> = {}): SubmitJobBody =>
    testJob({ name: 'long-run', script: '#!/bin/bash\nsleep 600\n', account: 'chem01', ...over });
  const submit = async (c: TestClient, over: Partial<SubmitJobBody> = {}) => {
    const r = await c.call(submitJob, { body: job(over) });
    expect(r.errMsg).toBe('success');
    return r.data.jobId;
  };
  const wallTime = (jobId: string, timeLimit: string): CreateApplicationBody => ({
    kind: 'wallTime',
    jobId,
    timeLimit,
    reason: 'the solver converges slowly',
  });
  const decide = (c: TestClient, applicationId: number, decision: 'approve' | 'refuse' = 'approve') =>
    c.call(decideApplication, { params: { applicationId }, body: { decision, remark: 'ok' } });
  const gold = (on: boolean) => {
    t.app.services.config.ui.goldEnable = on;
  };

  beforeAll(async () => {
    t = await createTestApp({ clusters: [cluster], ui: { goldEnable: true } });
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    pi = await signedIn(t.app, 'eff_pi', Role.user);
    member = await signedIn(t.app, 'eff_member', Role.user);
    stranger = await signedIn(t.app, 'eff_stranger', Role.user);
    await admin.call(createAccount, { body: { accountName: 'chem01', ownerName: 'eff_pi' } });
    await admin.call(addAccountMember, { params: { accountName: 'chem01' }, body: { userName: 'eff_member' } });
    await admin.call(createAccount, { body: { accountName: 'phys01', ownerName: 'admin' } });
    const q = await admin.call(createQueue, {
      body: { name: 'big_q', maxTime: '02:00:00', nodes: ['n2'], allowAccounts: ['phys01'] },
    });
    expect(q.errMsg).toBe('success');
  });
  afterAll(async () => {
    const scheduler = t.app.services.clusters.get().scheduler;
    if (scheduler instanceof LocalScheduler) await scheduler.shutdownJobs();
    await t.close();
  });

  it("raises a job's time limit once the account's owner approves", async () => {
    const jobId = await submit(member);
    const made = await member.call(createApplication, { body: wallTime(jobId, '00:30:00') });
    expect(made.errMsg).toBe('success');
    expect(made.data).toMatchObject({
      kind: 'wallTime',
      state: 'Pending',
      accountName: 'chem01',
      clusterId: 'local',
      jobId,
      timeLimit: 1800,
      reviewer: 'ownerOrAdmin',
      target: null,
    });
    expect((await member.call(getJob, { params: { jobId } })).data.timeLimit).toBe(300);

    const approved = await decide(pi, made.data.applicationId);
    expect(approved.data).toMatchObject({ state: 'Approved', error: '' });
    // At once, past the queue's maximum too: an operator's change.
    expect((await member.call(getJob, { params: { jobId } })).data.timeLimit).toBe(1800);
    const live = await t.app.services.clusters.get().scheduler.jobDetail(jobId);
    expect(live?.timeLimit).toBe(1800);

    // Now 00:20:00 is shorter than the job's limit.
    const shorter = await member.call(createApplication, { body: wallTime(jobId, '00:20:00') });
    expect([shorter.status, shorter.error?.reason]).toEqual([400, 'timeLimitNotLonger']);
    expect(shorter.errMsg).toContain('00:30:00');
    await member.call(jobAction, { params: { jobId, action: 'cancel' }, body: {} });
  });

  it('takes run-time applications only for your own queued or running job, in gold mode', async () => {
    const jobId = await submit(member);
    const other = await stranger.call(createApplication, { body: wallTime(jobId, '00:30:00') });
    expect([other.status, other.error?.reason]).toEqual([404, 'notFound']);
    const unknown = await member.call(createApplication, { body: wallTime('987654', '00:30:00') });
    expect([unknown.status, unknown.error?.reason]).toEqual([404, 'notFound']);

    gold(false);
    try {
      const off = await member.call(createApplication, { body: wallTime(jobId, '00:30:00') });
      expect([off.status, off.errCode, off.error?.reason]).toEqual([403, 10008, 'wallTimeOff']);
    } finally {
      gold(true);
    }

    const first = await member.call(createApplication, { body: wallTime(jobId, '00:30:00') });
    const again = await member.call(createApplication, { body: wallTime(jobId, '00:45:00') });
    expect([again.status, again.error?.reason]).toEqual([409, 'applicationPending']);

    // A job charged to no portal account has nobody to decide for it.
    const loner = await signedIn(t.app, 'eff_loner', Role.user);
    const lonerJob = await submit(loner, { account: undefined });
    const none = await loner.call(createApplication, { body: wallTime(lonerJob, '00:30:00') });
    expect([none.status, none.error?.reason]).toEqual([400, 'notAccountMember']);

    // The job ends before the decision: the approval is Failed, and says why.
    await member.call(jobAction, { params: { jobId, action: 'cancel' }, body: {} });
    const scheduler = t.app.services.clusters.get().scheduler;
    await waitFor(async () => (await scheduler.jobDetail(jobId)) === null, 'the cancelled job to end');
    const late = await decide(admin, first.data.applicationId);
    expect(late.errCode).toBe(0);
    expect(late.data.state).toBe('Failed');
    expect(late.data.error).toContain('has ended');
    await loner.call(jobAction, { params: { jobId: lonerJob, action: 'cancel' }, body: {} });
  });

  it("opens a queue to an account on an administrator's approval, and jobs of the account may use it", async () => {
    const refusedJob = await member.call(submitJob, { body: job({ queue: 'big_q', script: '#!/bin/bash\nexit 0\n' }) });
    expect([refusedJob.status, refusedJob.error?.reason]).toEqual([400, 'queueNotAllowed']);

    const made = await member.call(createApplication, {
      body: { kind: 'queueAccess', accountName: 'chem01', queue: 'big_q', reason: 'we need node n2' },
    });
    expect(made.data).toMatchObject({ kind: 'queueAccess', queue: 'big_q', clusterId: 'local', reviewer: 'admin' });
    const byOwner = await decide(pi, made.data.applicationId);
    expect([byOwner.status, byOwner.error?.reason]).toEqual([403, 'adminDecides']);

    const approved = await decide(admin, made.data.applicationId);
    expect(approved.data.state).toBe('Approved');
    const queues = (await admin.call(listQueueManagement, { query: {} })).data;
    expect(queues.find((q) => q.name === 'big_q')?.allowAccounts).toEqual(['phys01', 'chem01']);
    const accepted = await member.call(submitJob, { body: job({ queue: 'big_q', script: '#!/bin/bash\nexit 0\n' }) });
    expect(accepted.errMsg).toBe('success');
  });

  it('refuses a queue the account may already use, or one that does not exist', async () => {
    const body = { kind: 'queueAccess', accountName: 'chem01', reason: 'more room' } as const;
    const open = await member.call(createApplication, { body: { ...body, queue: 'compute' } });
    expect([open.status, open.error?.reason]).toEqual([409, 'queueAlreadyAllowed']);
    const missing = await member.call(createApplication, { body: { ...body, queue: 'no_such_q' } });
    expect([missing.status, missing.error?.reason]).toEqual([404, 'notFound']);
    const outsider = await stranger.call(createApplication, { body: { ...body, queue: 'big_q', accountName: 'phys01' } });
    expect([outsider.status, outsider.error?.reason]).toEqual([400, 'notAccountMember']);
  });
});
