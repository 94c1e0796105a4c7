import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccountMember,
  createAccount,
  createPrice,
  deposit,
  jobAction,
  listAuditLog,
  listBillingAccounts,
  listLedger,
  previewJob,
  Role,
  submitJob,
  type SubmitJobBody,
} from '@portal/shared';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { finishedJob, type TestJob } from '../reports/report-test-jobs.js';

/*
 * Balances (billing.balances: true): deposits, each finished job charged once at ingest whatever
 * how often accounting reads it (a correction changes its charge), and submission refused while
 * the balance is not above zero, on the built-in scheduler.
 */

const cluster = {
  id: 'local',
  name: 'Billing cluster',
  pollIntervalSeconds: 1,
  local: {
    nodes: [{ name: 'n1', cpus: 2, memoryMB: 2048, gpus: 0 }],
    partitions: [{ name: 'compute', nodes: ['n1'], default: true, maxTime: '02:00:00', defaultTime: '00:10:00' }],
  },
};

const job: SubmitJobBody = {
  name: 'paid-job',
  queue: 'compute',
  nodes: 1,
  cores: 1,
  timeLimit: '00:10:00',
  workDir: 'work',
  script: '#!/bin/bash\nsleep 600\n',
  account: 'bb_pay',
};

describe('balances', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: TestClient;
  let alice: TestClient;
  let other: TestClient;

  const ingest = (list: [string, TestJob][]) =>
    t.app.services.jobsRepo.saveFinished(
      'local',
      list.map(([id, j]) => finishedJob(id, { queue: 'paid', ...j })),
      Date.now(),
    );
  const balance = async () => (await alice.call(listLedger, { params: { accountName: 'bb_pay' }, query: {} })).data.balanceCents;

  beforeAll(async () => {
    t = await createTestApp({ clusters: [cluster], billing: { balances: true } });
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    alice = await signedIn(t.app, 'bb_alice', Role.user);
    other = await signedIn(t.app, 'bb_other', Role.user);
    await signedIn(t.app, 'bb_pi', Role.user);
    await admin.call(createAccount, { body: { accountName: 'bb_pay', ownerName: 'bb_pi' } });
    await admin.call(addAccountMember, { params: { accountName: 'bb_pay' }, body: { userName: 'bb_alice' } });
    // 1.0000 per core-hour in queue paid (the jobs this test feeds accounting): 3600 core-seconds cost exactly 1.00.
    // The jobs it submits run in compute, which has no price: when accounting reads them they cost nothing.
    const p = await admin.call(createPrice, {
      body: { queue: 'paid', coreHourPrice: '1', cardHourPrice: '0', effectiveFrom: '2020-01-01' },
    });
    expect(p.errCode).toBe(0);
  });
  afterAll(() => t.close());

  it('refuses a job while the account has no balance, naming it, and takes it after a deposit', async () => {
    const refused = await alice.call(submitJob, { body: job });
    expect([refused.status, refused.errCode, refused.error?.reason]).toEqual([403, 10008, 'noBalance']);
    expect(refused.errMsg).toBe('Account bb_pay has no balance left (0.00 CNY): ask its owner or an administrator to add funds');
    expect(refused.error).toMatchObject({ account: 'bb_pay', balanceCents: 0, currency: 'CNY' });
    // The estimate before submitting gives the same refusal.
    const preview = await alice.call(previewJob, { body: job });
    expect(preview.data.refusals.map((r) => [r.reason, r.message])).toEqual([['noBalance', refused.errMsg]]);

    expect(
      (await alice.call(deposit, { params: { accountName: 'bb_pay' }, body: { amountCents: 100, remark: 'self' } })).status,
    ).toBe(403);
    const added = await admin.call(deposit, {
      params: { accountName: 'bb_pay' },
      body: { amountCents: 50, remark: 'grant 2026' },
    });
    expect(added.data).toMatchObject({ accountName: 'bb_pay', owner: 'bb_pi', balanceCents: 50 });
    expect((await alice.call(previewJob, { body: job })).data.refusals).toEqual([]);
    const taken = await alice.call(submitJob, { body: job });
    expect(taken.errCode).toBe(0);
    expect((await alice.call(jobAction, { params: { jobId: taken.data.jobId, action: 'cancel' }, body: {} })).errCode).toBe(0);
  });

  it('charges each finished job once, however often accounting reads it, and corrects a changed one', async () => {
    const first: [string, TestJob] = ['101', { user: 'bb_alice', account: 'bb_pay', end: '2026-06-02T10:00:00Z', elapsed: 3600 }];
    await ingest([first]);
    expect(await balance()).toBe(-50);
    await ingest([first]);
    await ingest([first, ['102', { user: 'bb_alice', account: '', end: '2026-06-02T11:00:00Z', elapsed: 3600 }]]);
    expect(await balance()).toBe(-50);
    // Accounting corrects the run time: the same charge now costs half.
    await ingest([['101', { ...first[1], elapsed: 1800 }]]);
    expect(await balance()).toBe(0);
    const ledger = await alice.call(listLedger, { params: { accountName: 'bb_pay' }, query: {} });
    expect(ledger.data.list.map((e) => [e.kind, e.amountCents, e.jobId, e.by, e.remark])).toEqual([
      ['charge', -50, '101', '', ''],
      ['deposit', 50, null, 'admin', 'grant 2026'],
    ]);
    expect(ledger.data).toMatchObject({ total: 2, currency: 'CNY', balanceCents: 0 });

    const atZero = await alice.call(submitJob, { body: job });
    expect(atZero.error?.reason).toBe('noBalance');
    // 432 core-seconds at 1.0000: 0.12.
    await ingest([['103', { user: 'bb_alice', account: 'bb_pay', end: '2026-06-03T10:00:00Z', elapsed: 432 }]]);
    const below = await alice.call(submitJob, { body: job });
    expect(below.errMsg).toBe('Account bb_pay has no balance left (-0.12 CNY): ask its owner or an administrator to add funds');

    await admin.call(deposit, { params: { accountName: 'bb_pay' }, body: { amountCents: 1, remark: 'top-up' } });
    expect((await alice.call(submitJob, { body: job })).error?.reason).toBe('noBalance');
    await admin.call(deposit, { params: { accountName: 'bb_pay' }, body: { amountCents: 100, remark: 'top-up' } });
    const accounts = await alice.call(listBillingAccounts, { query: {} });
    expect(accounts.data).toMatchObject({ balances: true, list: [{ accountName: 'bb_pay', balanceCents: 89 }] });
    const taken = await alice.call(submitJob, { body: job });
    expect(taken.errCode).toBe(0);
    await alice.call(jobAction, { params: { jobId: taken.data.jobId, action: 'cancel' }, body: {} });

    // Accounting corrects job 103 to no account: its charge goes back.
    await ingest([['103', { user: 'bb_alice', account: '', end: '2026-06-03T10:00:00Z', elapsed: 432 }]]);
    expect(await balance()).toBe(101);

    expect((await other.call(listLedger, { params: { accountName: 'bb_pay' }, query: {} })).status).toBe(403);
    const audit = await admin.call(listAuditLog, { query: { action: 'bills.deposit' } });
    expect(audit.data.list.map((a) => a.target)).toContain('bb_pay 0.50 grant 2026');
  });
});
