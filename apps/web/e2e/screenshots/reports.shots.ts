import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { Role } from '@portal/shared';
import { apiSession } from '../support/api';
import { E2E_ADMIN } from '../support/constants';
import { baseURL, registeredUser, signIn } from '../support/portal';

/*
 * Screenshots of the Usage reports page (issue 13) at 1440 × 900 in English and Chinese, for
 * docs/images/screens/usage-reports-1440-<lang>.png: three users in two accounts run short jobs of
 * different sizes on the built-in scheduler; once all have ended and been ingested, an
 * administrator's report of this month (Everyone) is taken, the whole page. Then the same report
 * filtered to one account (usage-reports-filtered-1440-<lang>.png, the Job efficiency card with it),
 * and the Report files drawer with two finished files, one of them downloaded
 * (report-files-1440-<lang>.png; a file of a few jobs is written too fast to catch it running).
 */

const OUT = resolve(import.meta.dirname, '../../../../docs/images/screens');
const WIDTH = 1440;
const LANGS = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'zh', locale: 'zh-CN' },
] as const;
const stamp = Date.now().toString(36).slice(-4);
const PASSWORD = 'Shots_pass1';
const USERS = [`lin_${stamp}`, `chen_${stamp}`, `wang_${stamp}`] as const;
const ACCOUNTS = [`lattice_${stamp}`, `optics_${stamp}`] as const;
/** Who runs what: user, account, cores, seconds. */
const JOBS: [0 | 1 | 2, 0 | 1, number, number][] = [
  [0, 0, 4, 20],
  [0, 0, 2, 12],
  [1, 0, 3, 15],
  [1, 1, 2, 10],
  [2, 1, 4, 30],
  [2, 1, 1, 6],
];

const Summary = z.object({ totals: z.object({ jobs: z.number() }) });
const Files = z.object({ list: z.array(z.object({ state: z.string() })) });

const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

test('screenshots of usage reports', async ({ browser, request }) => {
  test.setTimeout(600_000);
  mkdirSync(OUT, { recursive: true });
  for (const u of USERS) await registeredUser(request, u, PASSWORD, Role.user);
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  await admin.ok('POST', '/jm_accountmanagement/api/accounts', { accountName: ACCOUNTS[0], ownerName: USERS[0] });
  await admin.ok('POST', `/jm_accountmanagement/api/accounts/${ACCOUNTS[0]}/members`, { userName: USERS[1] });
  await admin.ok('POST', '/jm_accountmanagement/api/accounts', { accountName: ACCOUNTS[1], ownerName: USERS[2] });
  await admin.ok('POST', `/jm_accountmanagement/api/accounts/${ACCOUNTS[1]}/members`, { userName: USERS[1] });
  for (const [user, account, cores, seconds] of JOBS) {
    const s = await apiSession(USERS[user], PASSWORD);
    await s.ok('POST', '/jm_jobmanagement/api/jobs', {
      name: `run_${seconds}`,
      nodes: 1,
      cores,
      timeLimit: '00:10:00',
      script: `#!/bin/bash\nsleep ${seconds}\n`,
      account: ACCOUNTS[account],
    });
    await s.dispose();
  }
  const now = new Date();
  const path = `/jm_report/api/usage?from=${day(new Date(now.getFullYear(), now.getMonth(), 1))}&to=${day(now)}&scope=all&groupBy=user`;
  await expect
    .poll(async () => Summary.parse(await admin.ok('GET', path)).totals.jobs, { timeout: 400_000, intervals: [3000] })
    .toBeGreaterThanOrEqual(JOBS.length);
  // Two report files of this month: everyone's summary by user, and every job of one account.
  const month = { from: day(new Date(now.getFullYear(), now.getMonth(), 1)), to: day(now), scope: 'all' };
  await admin.ok('POST', '/jm_report/api/files', { ...month, groupBy: 'user', format: 'xlsx', detail: 'summary' });
  await admin.ok('POST', '/jm_report/api/files', { ...month, account: ACCOUNTS[1], format: 'csv', detail: 'jobs' });
  await expect
    .poll(async () => Files.parse(await admin.ok('GET', '/jm_report/api/files')).list.every((f) => f.state === 'COMPLETED'), {
      timeout: 60_000,
    })
    .toBe(true);
  await admin.dispose();

  for (const { lang, locale } of LANGS) {
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 900 }, locale });
    const page = await context.newPage();
    await signIn(page, E2E_ADMIN.user, E2E_ADMIN.password);
    await page.goto(`${baseURL()}/my-report/usage?range=month&scope=all&by=user`);
    // The efficiency card's table has a row of the user too.
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: USERS[2] }).first()).toBeVisible({
      timeout: 30_000,
    });
    const notice = page.getByRole('button', { name: /^(Hide this notice|隐藏此提示)$/ });
    if (await notice.isVisible()) await notice.click();
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0, { timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready);
    // Charts animate in: wait until they have settled.
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/usage-reports-${WIDTH}-${lang}.png`, animations: 'disabled', fullPage: true });

    // Filtered to one account: its two users, and the efficiency of their jobs.
    await page.goto(`${baseURL()}/my-report/usage?range=month&scope=all&by=user&account=${ACCOUNTS[1]}`);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: USERS[2] }).first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: USERS[0] })).toHaveCount(0);
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0, { timeout: 30_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({
      path: `${OUT}/usage-reports-filtered-${WIDTH}-${lang}.png`,
      animations: 'disabled',
      fullPage: true,
    });

    // The Report files drawer: the account's jobs file downloaded once (in the first language), the summary not yet.
    await page.getByRole('button', { name: /^(Report files|报表文件)$/ }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: /^(Report files|报表文件)/ });
    const rows = drawer.locator('.ant-list-item');
    await expect(rows).toHaveCount(2);
    if (lang === 'en') {
      const downloading = page.waitForEvent('download');
      await rows.first().getByRole('link', { name: 'Download' }).click();
      await downloading;
      await expect(rows.first().getByTestId('report-file-state')).toHaveText('Downloaded');
    }
    await page.mouse.move(0, 0);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/report-files-${WIDTH}-${lang}.png`, animations: 'disabled' });
    await context.close();
  }
});
