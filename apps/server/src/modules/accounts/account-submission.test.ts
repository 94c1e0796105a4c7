import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccountMember,
  createAccount,
  getJob,
  listJobs,
  modifyAccount,
  Role,
  submitJob,
  type SubmitJobBody,
} from '@portal/shared';
import { LocalScheduler } from '../../cluster/scheduler/local/local-scheduler.js';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { localTestCluster, testJob } from '../../test/local-cluster.js';

/* Submission charges a job to an account the user holds, and refuses frozen and disabled ones (local scheduler: jobs really run). */

const cluster = localTestCluster({ nodes: 'n1' });

describe('the account of a submitted job', () => {
  let t: TestApp;
  let admin: TestClient;
  let holder: TestClient;
  let loner: TestClient;
  const job = (over: Partial<SubmitJobBody> = {}): SubmitJobBody => testJob({ name: 'acct-job', ...over });
  const status = (accountName: string, s: 'Normal' | 'Trial' | 'Frozen' | 'Disable') =>
    admin.call(modifyAccount, { params: { accountName }, body: { status: s } });

  beforeAll(async () => {
    t = await createTestApp({ clusters: [cluster] });
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    holder = await signedIn(t.app, 'acct_holder', Role.user);
    loner = await signedIn(t.app, 'no_accounts', Role.user);
    await admin.call(createAccount, { body: { accountName: 'main_proj', ownerName: 'acct_holder' } });
    await admin.call(createAccount, { body: { accountName: 'side_proj', ownerName: 'admin' } });
    await admin.call(addAccountMember, { params: { accountName: 'side_proj' }, body: { userName: 'acct_holder' } });
    await admin.call(createAccount, { body: { accountName: 'foreign', ownerName: 'admin' } });
  });
  afterAll(async () => {
    const scheduler = t.app.services.clusters.get().scheduler;
    if (scheduler instanceof LocalScheduler) await scheduler.shutdownJobs();
    await t.close();
  });

  it('charges the default account when none is given, and the job shows it', async () => {
    const res = await holder.call(submitJob, { body: job() });
    expect(res.errMsg).toBe('success');
    const { jobId } = res.data;
    const listed = (await holder.call(listJobs, { query: { jobId } })).data.list[0];
    expect(listed?.account).toBe('main_proj');
    expect((await holder.call(getJob, { params: { jobId } })).data.account).toBe('main_proj');
  });

  it('takes another account the user holds, and refuses one they do not hold, naming theirs', async () => {
    const side = await holder.call(submitJob, { body: job({ account: 'side_proj' }) });
    expect((await holder.call(listJobs, { query: { jobId: side.data.jobId } })).data.list[0]?.account).toBe('side_proj');
    const other = await holder.call(submitJob, { body: job({ account: 'foreign' }) });
    expect([other.status, other.errCode, other.error?.reason]).toEqual([400, 10004, 'notAccountMember']);
    expect(other.errMsg).toContain('main_proj, side_proj');
  });

  it('refuses a disabled account with 10007 and the spec text, a frozen one with 10008 naming it', async () => {
    await status('main_proj', 'Disable');
    const disabled = await holder.call(submitJob, { body: job() });
    expect([disabled.status, disabled.errCode, disabled.error?.reason]).toEqual([403, 10007, 'accountDisabled']);
    expect(disabled.errMsg).toBe('The account has been deactivated and cannot be operated.');
    // Another usable account still works.
    expect((await holder.call(submitJob, { body: job({ account: 'side_proj' }) })).errCode).toBe(0);

    await status('main_proj', 'Frozen');
    const frozen = await holder.call(submitJob, { body: job({ account: 'main_proj' }) });
    expect([frozen.status, frozen.errCode, frozen.error?.reason]).toEqual([403, 10008, 'accountFrozen']);
    expect(frozen.errMsg).toContain('main_proj');

    await status('main_proj', 'Trial');
    expect((await holder.call(submitJob, { body: job() })).errCode).toBe(0);
    await status('main_proj', 'Normal');
  });

  it('lets a user without any account submit as before', async () => {
    const res = await loner.call(submitJob, { body: job() });
    expect(res.errMsg).toBe('success');
    expect((await loner.call(listJobs, { query: { jobId: res.data.jobId } })).data.list[0]?.account).toBe('');
  });
});
