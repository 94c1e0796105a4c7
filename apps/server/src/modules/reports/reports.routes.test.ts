import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccountMember,
  createAccount,
  createOrgUnit,
  REPORT_MAX_DAYS,
  Role,
  usageSummary,
  usageTrend,
  type UsageSummaryQuery,
} from '@portal/shared';
import type { z } from 'zod';
import { ADMIN, createTestApp, parseEnvelope, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { finishedJob, type TestJob } from './report-test-jobs.js';

/* The report routes: whose jobs each scope shows to which role, grouping by the accounts' units, paging and the refusals. */

type SummaryInput = Partial<z.input<typeof UsageSummaryQuery>>;

describe('usage report routes', () => {
  let t: TestApp;
  let admin: TestClient;
  let pi: TestClient;
  let member: TestClient;
  let viewer: TestClient;

  const summary = (c: TestClient, q: SummaryInput) =>
    c.call(usageSummary, { query: { from: '2026-06-01', to: '2026-06-30', groupBy: 'user', ...q } });
  const keys = async (c: TestClient, q: SummaryInput) => {
    const res = await summary(c, q);
    expect(res.errCode).toBe(0);
    return res.data!.list.map((r) => `${r.key}:${r.jobs}`);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    pi = await signedIn(t.app, 'rr_pi', Role.user);
    member = await signedIn(t.app, 'rr_member', Role.user);
    await signedIn(t.app, 'rr_other', Role.user);
    viewer = await signedIn(t.app, 'rr_viewer', Role.viewer);
    const company = await admin.call(createOrgUnit, { body: { name: 'RR Institute', kind: 'company' } });
    const dept = await admin.call(createOrgUnit, { body: { name: 'Chemistry', kind: 'department', parentId: company.data!.id } });
    expect(dept.errCode).toBe(0);
    await admin.call(createAccount, { body: { accountName: 'rr_chem', ownerName: 'rr_pi', orgUnitId: dept.data!.id } });
    await admin.call(addAccountMember, { params: { accountName: 'rr_chem' }, body: { userName: 'rr_member' } });
    await admin.call(createAccount, { body: { accountName: 'rr_phys', ownerName: 'rr_other' } });
    await admin.call(addAccountMember, { params: { accountName: 'rr_phys' }, body: { userName: 'rr_member' } });
    const jobs: [string, TestJob][] = [
      ['1', { user: 'rr_pi', account: 'rr_chem', end: '2026-06-02T10:00:00Z', cpus: 2, elapsed: 100 }],
      ['2', { user: 'rr_member', account: 'rr_chem', end: '2026-06-03T10:00:00Z', cpus: 4, elapsed: 100 }],
      ['3', { user: 'rr_member', account: 'rr_chem', queue: 'gpu', end: '2026-06-10T10:00:00Z', cpus: 1, gpus: 1, elapsed: 100 }],
      ['4', { user: 'rr_member', account: 'rr_phys', end: '2026-06-04T10:00:00Z', cpus: 8, elapsed: 100 }],
      ['5', { user: 'rr_other', account: 'rr_phys', end: '2026-06-05T10:00:00Z', cpus: 16, elapsed: 100 }],
      ['6', { user: 'rr_other', account: '', end: '2026-06-06T10:00:00Z', cpus: 1, elapsed: 100 }],
      ['7', { user: 'rr_member', account: 'rr_chem', end: '2026-07-01T00:00:00Z', cpus: 1, elapsed: 100 }],
    ];
    await t.app.services.jobsRepo.saveFinished(
      'local',
      jobs.map(([id, j]) => finishedJob(id, j)),
      Date.now(),
    );
  });
  afterAll(() => t.close());

  it('shows a user only their own jobs (scope mine, the default), whatever they filter by', async () => {
    expect(await keys(member, {})).toEqual(['rr_member:3']);
    expect(await keys(member, { user: 'rr_other' })).toEqual([]);
    expect(await keys(member, { groupBy: 'account' })).toEqual(['rr_phys:1', 'rr_chem:2']);
  });

  it('shows a PI every member’s jobs in the accounts they own, and no others', async () => {
    expect(await keys(pi, { scope: 'accounts' })).toEqual(['rr_member:2', 'rr_pi:1']);
    expect(await keys(pi, { scope: 'accounts', groupBy: 'queue' })).toEqual(['compute:2', 'gpu:1']);
    // A user who owns no account gets an empty report, not an error.
    const none = await summary(member, { scope: 'accounts' });
    expect(none.data).toMatchObject({ total: 0, list: [], totals: { jobs: 0, coreSeconds: 0, cardSeconds: 0 } });
  });

  it('shows everyone’s jobs to administrators and viewers, grouped and sorted as asked, with totals over every row', async () => {
    const all = await summary(admin, { scope: 'all', pageLimit: 2 });
    expect(all.data).toMatchObject({ timeZone: 'UTC', from: '2026-06-01', to: '2026-06-30', total: 3 });
    expect(all.data!.list).toEqual([
      { key: 'rr_other', jobs: 2, coreSeconds: 1700, cardSeconds: 0 },
      { key: 'rr_member', jobs: 3, coreSeconds: 1300, cardSeconds: 100 },
    ]);
    expect(all.data!.totals).toEqual({ jobs: 6, coreSeconds: 3200, cardSeconds: 100 });
    expect(await keys(viewer, { scope: 'all', sortBy: 'jobs' })).toEqual(['rr_member:3', 'rr_other:2', 'rr_pi:1']);
    expect(await keys(viewer, { scope: 'all', sortBy: 'key', pageStart: 1 })).toEqual(['rr_other:2', 'rr_pi:1']);
    expect(await keys(admin, { scope: 'all', groupBy: 'company' })).toEqual([':3', 'RR Institute:3']);
    expect(await keys(admin, { scope: 'all', groupBy: 'department', account: 'rr_chem' })).toEqual(['Chemistry:3']);
    expect(await keys(admin, { scope: 'all', groupBy: 'cluster', to: '2026-07-01' })).toEqual(['local:7']);
  });

  it('lists every week of a trend from its Monday, empty ones as zeros', async () => {
    const res = await pi.call(usageTrend, {
      query: { scope: 'accounts', from: '2026-06-01', to: '2026-06-21', interval: 'week' },
    });
    expect(res.data?.points).toEqual([
      { period: '2026-06-01', jobs: 2, coreSeconds: 600, cardSeconds: 0 },
      { period: '2026-06-08', jobs: 1, coreSeconds: 100, cardSeconds: 100 },
      { period: '2026-06-15', jobs: 0, coreSeconds: 0, cardSeconds: 0 },
    ]);
  });

  it('refuses everyone’s report to a user, and a range that is reversed, too long or not a date', async () => {
    for (const call of [
      () => summary(member, { scope: 'all' }),
      () => member.call(usageTrend, { query: { scope: 'all', from: '2026-06-01', to: '2026-06-30', interval: 'day' } }),
    ]) {
      const refused = await call();
      expect(refused.status).toBe(403);
      expect(refused).toMatchObject({ errCode: 10008, error: { reason: 'forbidden' } });
    }
    const reversed = await summary(admin, { scope: 'all', from: '2026-06-30', to: '2026-06-01' });
    expect(reversed.status).toBe(400);
    expect(reversed).toMatchObject({ errCode: 10004, error: { reason: 'validation', issues: [{ path: 'to' }] } });
    const tooLong = await summary(admin, { scope: 'all', from: '2000-01-01', to: '2026-06-01' });
    expect(tooLong).toMatchObject({
      errCode: 10004,
      error: { issues: [{ path: 'to', message: expect.stringContaining(String(REPORT_MAX_DAYS)) }] },
    });
    const notADay = await summary(admin, { from: '2026-02-30' });
    expect(notADay).toMatchObject({ errCode: 10004, error: { issues: [{ path: 'from' }] } });
    const badShape = await summary(admin, { from: 'June' });
    expect(badShape).toMatchObject({ errCode: 10004, error: { issues: [{ path: 'from' }] } });
    const badGroup = parseEnvelope(
      (await admin.raw('GET', '/jm_report/api/usage?from=2026-06-01&to=2026-06-30&groupBy=colour')).body,
    );
    expect(badGroup.errCode).toBe(10004);
  });
});
