import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccountMember,
  billDetail,
  billStatistics,
  createAccount,
  createPrice,
  deletePrice,
  issueBills,
  listAuditLog,
  listBillingAccounts,
  listBills,
  listPrices,
  reissueBill,
  Role,
  setAccountClass,
  type BillDetailQuery,
  type BillLine,
  type CreatePriceBody,
} from '@portal/shared';
import type { z } from 'zod';
import { ADMIN, createTestApp, ManualClock, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { finishedJob, type TestJob } from '../reports/report-test-jobs.js';

/*
 * Bills over real jobs and prices (docs/bills.md), with amounts worked out by hand: the most
 * specific price, a price change inside a month, rounding half up once per total (three lines of
 * 1/3 cent make one cent), scopes, issuing a month, immutability and re-issue.
 */

type DetailInput = Partial<z.input<typeof BillDetailQuery>>;

const JUNE = { from: '2026-06-01', to: '2026-06-30' };

// Numerators (1/36,000,000 of the currency) are in the comments: cents = numerator / 360,000, half up.
const jobs: [string, TestJob][] = [
  // bl_chem (no class), queue compute, before the change of 06-16: 0.0100/core-hour: 1200 s × 100 = 120,000 each (1/3 cent).
  ['1', { user: 'bl_member', account: 'bl_chem', end: '2026-06-02T10:00:00Z', cpus: 1, elapsed: 1200 }],
  ['2', { user: 'bl_member', account: 'bl_chem', end: '2026-06-03T10:00:00Z', cpus: 1, elapsed: 1200 }],
  ['3', { user: 'bl_member', account: 'bl_chem', end: '2026-06-04T10:00:00Z', cpus: 1, elapsed: 1200 }],
  // Queue gpu (its price outweighs every other): 3600 × 200 + 3600 × 20,000 = 72,720,000 (202 cents).
  ['4', { user: 'bl_pi', account: 'bl_chem', queue: 'gpu', end: '2026-06-10T10:00:00Z', cpus: 1, gpus: 1, elapsed: 3600 }],
  // After 06-16 the default price is 0.0300: 3600 core-s × 300 = 1,080,000 (3 cents).
  ['5', { user: 'bl_member', account: 'bl_chem', end: '2026-06-20T10:00:00Z', cpus: 4, elapsed: 900 }],
  // bl_phys (class external; cluster + class 0.0400 outweighs class alone): 3600 × 400 = 1,440,000 (4 cents).
  ['6', { user: 'bl_member', account: 'bl_phys', end: '2026-06-05T10:00:00Z', cpus: 2, elapsed: 1800 }],
  // Queue gpu again: 1800 × 200 + 3600 × 20,000 = 72,360,000 (201 cents).
  ['7', { user: 'bl_other', account: 'bl_phys', queue: 'gpu', end: '2026-06-06T10:00:00Z', cpus: 1, gpus: 2, elapsed: 1800 }],
  // 450 × 400 = 180,000: exactly half a cent. The later default (06-16) is less specific than cluster + class.
  ['8', { user: 'bl_other', account: 'bl_phys', end: '2026-06-25T10:00:00Z', cpus: 1, elapsed: 450 }],
  // No account: priced by the default, in no bill. 3600 × 100 = 360,000 (1 cent).
  ['9', { user: 'bl_other', account: '', end: '2026-06-07T10:00:00Z', cpus: 1, elapsed: 3600 }],
  // July: 3600 × 300 = 1,080,000.
  ['10', { user: 'bl_member', account: 'bl_chem', end: '2026-07-01T00:00:00Z', cpus: 1, elapsed: 3600 }],
];

/** A line's exact numerator from what it shows (its seconds and the prices it used). */
const e4 = (price: string) => Math.round(Number(price) * 10_000);
const lineNumerator = (l: BillLine) =>
  BigInt(l.coreSeconds) * BigInt(e4(l.coreHourPrice)) + BigInt(l.cardSeconds) * BigInt(e4(l.cardHourPrice));
const halfUpCents = (n: bigint) => Number((n + 180_000n) / 360_000n);

describe('bills', () => {
  let t: TestApp;
  let admin: TestClient;
  let pi: TestClient;
  let member: TestClient;
  let viewer: TestClient;
  let auditor: TestClient;
  const clock = new ManualClock(Date.parse('2026-07-15T12:00:00Z'));
  const ids: Record<string, number> = {};

  const price = async (name: string, body: CreatePriceBody) => {
    const res = await admin.call(createPrice, { body });
    expect(res.errCode).toBe(0);
    ids[name] = res.data.priceId;
  };
  const detail = (c: TestClient, q: DetailInput) => c.call(billDetail, { query: { ...JUNE, pageLimit: 300, ...q } });
  const ingest = (list: [string, TestJob][]) =>
    t.app.services.jobsRepo.saveFinished(
      'local',
      list.map(([id, j]) => finishedJob(id, j)),
      clock.now(),
    );

  beforeAll(async () => {
    t = await createTestApp({}, clock);
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    pi = await signedIn(t.app, 'bl_pi', Role.user);
    member = await signedIn(t.app, 'bl_member', Role.user);
    await signedIn(t.app, 'bl_other', Role.user);
    viewer = await signedIn(t.app, 'bl_viewer', Role.viewer);
    auditor = await signedIn(t.app, 'bl_auditor', Role.auditor);
    await admin.call(createAccount, { body: { accountName: 'bl_chem', ownerName: 'bl_pi' } });
    await admin.call(addAccountMember, { params: { accountName: 'bl_chem' }, body: { userName: 'bl_member' } });
    await admin.call(createAccount, { body: { accountName: 'bl_phys', ownerName: 'bl_other' } });
    await admin.call(addAccountMember, { params: { accountName: 'bl_phys' }, body: { userName: 'bl_member' } });
    expect(
      (await admin.call(setAccountClass, { params: { accountName: 'bl_phys' }, body: { accountClass: 'external' } })).errCode,
    ).toBe(0);

    await price('default', { coreHourPrice: '0.01', cardHourPrice: '1', effectiveFrom: '2026-01-01' });
    await price('gpu', { queue: 'gpu', coreHourPrice: '0.02', cardHourPrice: '2', effectiveFrom: '2026-01-01' });
    await price('external', { accountClass: 'external', coreHourPrice: '0.05', cardHourPrice: '0', effectiveFrom: '2026-01-01' });
    await price('localExternal', {
      clusterId: 'local',
      accountClass: 'external',
      coreHourPrice: '0.04',
      cardHourPrice: '0',
      effectiveFrom: '2026-01-01',
    });
    await price('defaultLater', { coreHourPrice: '0.03', cardHourPrice: '1', effectiveFrom: '2026-06-16', remark: 'summer' });
    await ingest(jobs);
  });
  afterAll(() => t.close());

  it('lists prices with four decimals and the currency', async () => {
    const res = await viewer.call(listPrices, { query: { accountClass: 'external' } });
    expect(res.data.currency).toBe('CNY');
    expect(res.data.list.map((p) => [p.clusterId, p.coreHourPrice, p.cardHourPrice, p.effectiveFrom])).toEqual([
      ['', '0.0500', '0.0000', '2026-01-01'],
      ['local', '0.0400', '0.0000', '2026-01-01'],
    ]);
  });

  it('prices each job by the most specific price in force on its end day, and rounds the total once, half up', async () => {
    const res = await detail(admin, { scope: 'all', account: 'bl_chem' });
    expect(res.errCode).toBe(0);
    const lines = res.data.list;
    expect(lines.map((l) => l.jobId)).toEqual(['5', '4', '3', '2', '1']);
    expect(lines.map((l) => [l.jobId, l.priceId, l.amountCents])).toEqual([
      ['5', ids.defaultLater, 3],
      ['4', ids.gpu, 202],
      ['3', ids.default, 0],
      ['2', ids.default, 0],
      ['1', ids.default, 0],
    ]);
    expect(lines[1]).toMatchObject({
      clusterId: 'local',
      jobName: 'job-4',
      user: 'bl_pi',
      queue: 'gpu',
      cores: 1,
      cards: 1,
      seconds: 3600,
      coreSeconds: 3600,
      cardSeconds: 3600,
      coreHourPrice: '0.0200',
      cardHourPrice: '2.0000',
      endedAt: '2026-06-10T10:00:00.000Z',
    });
    // Lines show 0 + 0 + 0 + 202 + 3 = 205; the exact sum is 74,160,000 = 206 cents.
    expect(res.data.totals).toEqual({ jobs: 5, coreSeconds: 3 * 1200 + 3600 + 3600, cardSeconds: 3600, amountCents: 206 });
    expect(res.data).toMatchObject({ currency: 'CNY', timeZone: 'UTC', total: 5, ...JUNE });

    const thirds = await detail(admin, { scope: 'all', account: 'bl_chem', to: '2026-06-04' });
    expect(thirds.data.list.map((l) => l.amountCents)).toEqual([0, 0, 0]);
    expect(thirds.data.totals.amountCents).toBe(1);

    const phys = await detail(admin, { scope: 'all', account: 'bl_phys' });
    expect(phys.data.list.map((l) => [l.jobId, l.priceId, l.amountCents])).toEqual([
      ['8', ids.localExternal, 1],
      ['7', ids.gpu, 201],
      ['6', ids.localExternal, 4],
    ]);
    // 73,980,000 = 205.5 cents → 206.
    expect(phys.data.totals.amountCents).toBe(206);
  });

  it('sums the statistics from the rollups, largest amount first, with totals rounded once', async () => {
    const byAccount = await admin.call(billStatistics, { query: { ...JUNE, scope: 'all', groupBy: 'account' } });
    expect(byAccount.data.list.map((r) => [r.key, r.jobs, r.amountCents])).toEqual([
      ['bl_chem', 5, 206],
      ['bl_phys', 3, 206],
      ['', 1, 1],
    ]);
    // 148,500,000 = 412.5 cents → 413.
    expect(byAccount.data.totals).toMatchObject({ jobs: 9, amountCents: 413 });
    const byUser = await viewer.call(billStatistics, { query: { ...JUNE, scope: 'all', groupBy: 'user' } });
    expect(byUser.data.list.map((r) => [r.key, r.amountCents])).toEqual([
      ['bl_other', 203],
      ['bl_pi', 202],
      ['bl_member', 8],
    ]);
    const byMonth = await admin.call(billStatistics, {
      query: { from: '2026-06-01', to: '2026-07-31', scope: 'all', groupBy: 'month' },
    });
    expect(byMonth.data.list.map((r) => [r.key, r.jobs, r.amountCents])).toEqual([
      ['2026-06', 9, 413],
      ['2026-07', 1, 3],
    ]);
    const byQueue = await admin.call(billStatistics, { query: { ...JUNE, scope: 'all', groupBy: 'queue', pageLimit: 1 } });
    expect(byQueue.data).toMatchObject({ total: 2, list: [{ key: 'gpu', jobs: 2, amountCents: 403 }] });
    const byCluster = await admin.call(billStatistics, { query: { ...JUNE, scope: 'all', groupBy: 'cluster' } });
    expect(byCluster.data.list).toEqual([{ key: 'local', ...byAccount.data.totals }]);
  });

  it('gives statistics equal to the exact sum of the detail lines for the same filter', async () => {
    for (const [c, q] of [
      [admin, { scope: 'all' }],
      [admin, { scope: 'all', queue: 'compute' }],
      [pi, { scope: 'accounts' }],
      [member, {}],
      [member, { account: 'bl_phys' }],
    ] as const) {
      const lines = (await detail(c, q)).data.list;
      const stats = (await c.call(billStatistics, { query: { ...JUNE, ...q, groupBy: 'account' } })).data.totals;
      expect(stats).toEqual({
        jobs: lines.length,
        coreSeconds: lines.reduce((s, l) => s + l.coreSeconds, 0),
        cardSeconds: lines.reduce((s, l) => s + l.cardSeconds, 0),
        amountCents: halfUpCents(lines.reduce((s, l) => s + lineNumerator(l), 0n)),
      });
    }
  });

  it('shows a user their own jobs, a PI their accounts, administrators and viewers all; refuses auditors', async () => {
    expect((await detail(member, {})).data.list.map((l) => l.jobId)).toEqual(['5', '6', '3', '2', '1']);
    expect((await detail(member, { user: 'bl_other' })).data.total).toBe(0);
    expect((await detail(pi, { scope: 'accounts' })).data.totals).toMatchObject({ jobs: 5, amountCents: 206 });
    const mine = await member.call(billStatistics, { query: { ...JUNE, groupBy: 'account' } });
    // 1,440,000 in each account: equal amounts go by name.
    expect(mine.data.list.map((r) => [r.key, r.amountCents])).toEqual([
      ['bl_chem', 4],
      ['bl_phys', 4],
    ]);
    const refused = await member.call(billStatistics, { query: { ...JUNE, scope: 'all', groupBy: 'user' } });
    expect([refused.status, refused.error?.reason]).toEqual([403, 'forbidden']);
    expect(refused.errMsg).toContain('bills:readAll');
    for (const call of [
      () => detail(auditor, { scope: 'all' }),
      () => auditor.call(billStatistics, { query: { ...JUNE, scope: 'all', groupBy: 'user' } }),
      () => auditor.call(listBills, { query: { scope: 'all' } }),
    ])
      expect((await call()).status).toBe(403);
  });

  it('issues a month that has ended, keeps each bill as issued, and re-issues as a new version', async () => {
    for (const period of ['2026-07', '2026-08']) {
      const open = await admin.call(issueBills, { body: { period } });
      expect([open.status, open.error?.reason]).toEqual([400, 'billPeriodOpen']);
      expect(open.errMsg).toContain(`The month ${period} has not ended yet`);
    }
    expect((await member.call(issueBills, { body: { period: '2026-06' } })).status).toBe(403);
    const issued = await admin.call(issueBills, { body: { period: '2026-06' } });
    expect(issued.data.issued.map((b) => [b.accountName, b.version, b.state, b.jobs, b.amountCents])).toEqual([
      ['bl_chem', 1, 'issued', 5, 206],
      ['bl_phys', 1, 'issued', 3, 206],
    ]);
    const chem = issued.data.issued[0]!;
    expect(chem).toMatchObject({ period: '2026-06', currency: 'CNY', issuedBy: 'admin', remark: '', supersededBy: null });
    expect((await admin.call(issueBills, { body: { period: '2026-06' } })).data.issued).toEqual([]);
    const again = await admin.call(issueBills, { body: { period: '2026-06', accountName: 'bl_chem' } });
    expect([again.status, again.error?.reason, again.error?.billId]).toEqual([400, 'billExists', chem.billId]);

    // Prices: none may reach into June any more; after it they may.
    const backdated = await admin.call(createPrice, {
      body: { coreHourPrice: '9', cardHourPrice: '9', effectiveFrom: '2026-06-20' },
    });
    expect([backdated.status, backdated.error?.reason]).toEqual([400, 'priceInIssuedMonth']);
    expect(backdated.errMsg).toBe('Bills up to 2026-06 are issued: a new price can take effect from 2026-07-01');
    const oldDelete = await admin.call(deletePrice, { params: { priceId: ids.default! } });
    expect(oldDelete.error?.reason).toBe('priceInIssuedMonth');
    await price('julyCompute', { queue: 'compute', coreHourPrice: '1', cardHourPrice: '1', effectiveFrom: '2026-07-01' });
    const duplicate = await admin.call(createPrice, {
      body: { queue: 'compute', coreHourPrice: '2', cardHourPrice: '2', effectiveFrom: '2026-07-01' },
    });
    expect(duplicate.error?.reason).toBe('priceExists');
    expect((await admin.call(deletePrice, { params: { priceId: ids.julyCompute! } })).errCode).toBe(0);

    // The class, the prices and a job change; the issued bill does not.
    await admin.call(setAccountClass, { params: { accountName: 'bl_chem' }, body: { accountClass: 'external' } });
    await ingest([['5', { user: 'bl_member', account: 'bl_chem', end: '2026-06-20T10:00:00Z', cpus: 4, elapsed: 1800 }]]);
    const kept = await detail(pi, { scope: 'accounts', billId: String(chem.billId) });
    expect(kept.data.totals).toEqual({ jobs: 5, coreSeconds: 10800, cardSeconds: 3600, amountCents: 206 });
    expect(kept.data).toMatchObject({ from: '2026-06-01', to: '2026-06-30', total: 5 });
    expect(kept.data.list.map((l) => [l.jobId, l.seconds, l.priceId, l.amountCents])).toEqual([
      ['5', 900, ids.defaultLater, 3],
      ['4', 3600, ids.gpu, 202],
      ['3', 1200, ids.default, 0],
      ['2', 1200, ids.default, 0],
      ['1', 1200, ids.default, 0],
    ]);
    // Today's reckoning has moved: class external (0.0400) for 1–3 and 5 (now 7200 core-s).
    expect((await detail(pi, { scope: 'accounts' })).data.totals.amountCents).toBe(214);

    const re = await admin.call(reissueBill, { params: { billId: chem.billId }, body: { remark: 'class corrected' } });
    // 3 × 480,000 + 72,720,000 + 2,880,000 = 77,040,000.
    expect(re.data).toMatchObject({ accountName: 'bl_chem', period: '2026-06', version: 2, state: 'issued', amountCents: 214 });
    const stale = await admin.call(reissueBill, { params: { billId: chem.billId }, body: { remark: 'twice' } });
    expect(stale.error?.reason).toBe('billExists');
    const listed = await pi.call(listBills, { query: { scope: 'accounts' } });
    expect(listed.data.list.map((b) => [b.billId, b.version, b.state, b.supersededBy, b.amountCents])).toEqual([
      [re.data.billId, 2, 'issued', null, 214],
      [chem.billId, 1, 'superseded', re.data.billId, 206],
    ]);
    expect((await detail(admin, { scope: 'all', billId: String(chem.billId) })).data.totals.amountCents).toBe(206);
    // A member sees the bills of the accounts they are in, and in a bill only their own lines.
    expect((await member.call(listBills, { query: { state: 'issued' } })).data.list.map((b) => b.accountName)).toEqual([
      'bl_chem',
      'bl_phys',
    ]);
    expect((await detail(member, { billId: String(re.data.billId) })).data.list.map((l) => l.jobId)).toEqual([
      '5',
      '3',
      '2',
      '1',
    ]);
    expect((await detail(pi, { scope: 'accounts', billId: String(issued.data.issued[1]!.billId) })).status).toBe(403);

    const accounts = await pi.call(listBillingAccounts, { query: {} });
    expect(accounts.data).toMatchObject({ balances: false, currency: 'CNY' });
    expect(accounts.data.list).toEqual([
      { accountName: 'bl_chem', owner: 'bl_pi', accountClass: 'external', balanceCents: null, lastBilledPeriod: '2026-06' },
    ]);
    const audit = await admin.call(listAuditLog, { query: { pageLimit: 100 } });
    const actions = audit.data.list.map((a) => a.action);
    for (const a of ['bills.issueBills', 'bills.reissueBill', 'bills.createPrice', 'bills.deletePrice', 'bills.setAccountClass'])
      expect(actions).toContain(a);
  });
});
