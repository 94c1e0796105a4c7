import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDetail, billStatistics, createAccount, createPrice, issueBills, Role } from '@portal/shared';
import { ADMIN, createTestApp, ManualClock, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { finishedJob } from '../reports/report-test-jobs.js';

/* Months, end days and effective days of the report time zone (Asia/Shanghai, UTC+8), not of UTC. */

describe('bills in the report time zone', () => {
  let t: TestApp;
  let admin: TestClient;
  // 2026-07-01 01:00 in Shanghai, still June 30 in UTC.
  const clock = new ManualClock(Date.parse('2026-06-30T17:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ reports: { timeZone: 'Asia/Shanghai' } }, clock);
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    await signedIn(t.app, 'bz_pi', Role.user);
    await admin.call(createAccount, { body: { accountName: 'bz_acct', ownerName: 'bz_pi' } });
    for (const [coreHourPrice, effectiveFrom] of [
      ['1', '2026-06-01'],
      ['2', '2026-07-01'],
    ] as const)
      expect((await admin.call(createPrice, { body: { coreHourPrice, cardHourPrice: '0', effectiveFrom } })).errCode).toBe(0);
    await t.app.services.jobsRepo.saveFinished(
      'local',
      [
        // June 30 23:30 in Shanghai: June, at 1.0000.
        finishedJob('1', { user: 'bz_pi', account: 'bz_acct', end: '2026-06-30T15:30:00Z', elapsed: 3600 }),
        // July 1 00:30 in Shanghai: July, at 2.0000.
        finishedJob('2', { user: 'bz_pi', account: 'bz_acct', end: '2026-06-30T16:30:00Z', elapsed: 3600 }),
      ],
      clock.now(),
    );
  });
  afterAll(() => t.close());

  it('prices and counts each job on its end day there, and closes June once June has ended there', async () => {
    const stats = await admin.call(billStatistics, {
      query: { from: '2026-06-01', to: '2026-07-31', scope: 'all', groupBy: 'month' },
    });
    expect(stats.data).toMatchObject({ timeZone: 'Asia/Shanghai' });
    expect(stats.data.list.map((r) => [r.key, r.jobs, r.amountCents])).toEqual([
      ['2026-07', 1, 200],
      ['2026-06', 1, 100],
    ]);
    expect((await admin.call(issueBills, { body: { period: '2026-07' } })).error?.reason).toBe('billPeriodOpen');
    const issued = await admin.call(issueBills, { body: { period: '2026-06' } });
    expect(issued.data.issued.map((b) => [b.accountName, b.jobs, b.amountCents])).toEqual([['bz_acct', 1, 100]]);
    const lines = await admin.call(billDetail, {
      query: { from: '2026-06-01', to: '2026-06-01', scope: 'all', billId: String(issued.data.issued[0]!.billId) },
    });
    expect(lines.data.list.map((l) => [l.jobId, l.coreHourPrice])).toEqual([['1', '1.0000']]);
    expect(lines.data).toMatchObject({ from: '2026-06-01', to: '2026-06-30' });
  });
});
