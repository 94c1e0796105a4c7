import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { Role } from '@portal/shared';
import { apiSession } from '../support/api';
import { E2E_ADMIN } from '../support/constants';
import { baseURL, registeredUser, signIn } from '../support/portal';
import { dropdownOption } from '../support/select';

/*
 * Screenshots of Bill detail and Bill statistics (issue 13) at 1440 × 900 in English and Chinese,
 * for docs/images/screens/bill-{detail,statistics}-1440-<lang>.png: two accounts of a fresh account
 * class with a price, three users running short jobs on the built-in scheduler; once all have
 * ended and been ingested, an administrator's pages of this month (Everyone) are taken; then the
 * submit form's Estimate card with the cost at that price (submit-estimate-1440-<lang>.png).
 */

const OUT = resolve(import.meta.dirname, '../../../../docs/images/screens');
const WIDTH = 1440;
const LANGS = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'zh', locale: 'zh-CN' },
] as const;
const stamp = Date.now().toString(36).slice(-4);
const PASSWORD = 'Shots_pass1';
const USERS = [`zhao_${stamp}`, `qian_${stamp}`, `sun_${stamp}`] as const;
const ACCOUNTS = [`fluid_${stamp}`, `genome_${stamp}`] as const;
const CLASS = `shots-${stamp}`;
/** Who runs what: user, account, cores, seconds. */
const JOBS: [0 | 1 | 2, 0 | 1, number, number][] = [
  [0, 0, 4, 20],
  [1, 0, 2, 12],
  [1, 1, 3, 15],
  [2, 1, 4, 25],
];

const Detail = z.object({ totals: z.object({ jobs: z.number() }) });

const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

test('screenshots of bill detail and statistics', async ({ browser, request }) => {
  test.setTimeout(600_000);
  mkdirSync(OUT, { recursive: true });
  for (const u of USERS) await registeredUser(request, u, PASSWORD, Role.user);
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  const now = new Date();
  for (const [i, account] of ACCOUNTS.entries()) {
    await admin.ok('POST', '/jm_accountmanagement/api/accounts', { accountName: account, ownerName: USERS[i * 2] });
    await admin.ok('PUT', `/jm_report/api/billing-accounts/${account}`, { accountClass: CLASS });
  }
  await admin.ok('POST', `/jm_accountmanagement/api/accounts/${ACCOUNTS[0]}/members`, { userName: USERS[1] });
  await admin.ok('POST', `/jm_accountmanagement/api/accounts/${ACCOUNTS[1]}/members`, { userName: USERS[1] });
  await admin.ok('POST', '/jm_report/api/prices', {
    accountClass: CLASS,
    coreHourPrice: '12.5',
    cardHourPrice: '40',
    effectiveFrom: day(now),
    remark: 'screenshots',
  });
  for (const [user, account, cores, seconds] of JOBS) {
    const s = await apiSession(USERS[user], PASSWORD);
    await s.ok('POST', '/jm_jobmanagement/api/jobs', {
      name: `sim_${seconds}`,
      nodes: 1,
      cores,
      timeLimit: '00:10:00',
      script: `#!/bin/bash\nsleep ${seconds}\n`,
      account: ACCOUNTS[account],
    });
    await s.dispose();
  }
  const from = day(new Date(now.getFullYear(), now.getMonth(), 1));
  const path = `/jm_report/api/bills/detail?from=${from}&to=${day(now)}&scope=all&user=${USERS[2]}`;
  await expect
    .poll(async () => Detail.parse(await admin.ok('GET', path)).totals.jobs, { timeout: 400_000, intervals: [3000] })
    .toBeGreaterThanOrEqual(1);
  await admin.dispose();

  const shots = [
    { name: 'bill-detail', path: `/my-report/my-bill-detail?range=month&scope=all&user=${USERS[1]}`, row: ACCOUNTS[1] },
    { name: 'bill-statistics', path: '/my-report/my-bill-statistics?range=month&scope=all&by=account', row: ACCOUNTS[1] },
  ];
  for (const { lang, locale } of LANGS) {
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 900 }, locale });
    const page = await context.newPage();
    await signIn(page, E2E_ADMIN.user, E2E_ADMIN.password);
    for (const shot of shots) {
      await page.goto(`${baseURL()}${shot.path}`);
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: shot.row }).first()).toBeVisible({
        timeout: 60_000,
      });
      const notice = page.getByRole('button', { name: /^(Hide this notice|隐藏此提示)$/ });
      if (await notice.isVisible()) await notice.click();
      await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0, { timeout: 30_000 });
      await page.evaluate(() => document.fonts.ready);
      // Charts animate in: wait until they have settled.
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${OUT}/${shot.name}-${WIDTH}-${lang}.png`, animations: 'disabled', fullPage: true });
    }
    await context.close();
  }

  // The submit form's Estimate card with the job's cost at the class's price (fields found by id:
  // the labels change with the language).
  for (const { lang, locale } of LANGS) {
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 900 }, locale });
    const page = await context.newPage();
    await signIn(page, USERS[0], PASSWORD);
    await page.goto(`${baseURL()}/my-job/submit`);
    const notice = page.getByRole('button', { name: /^(Hide this notice|隐藏此提示)$/ });
    await notice.click();
    await expect(notice).toBeHidden();
    await page.locator('#account').click();
    await dropdownOption(page, ACCOUNTS[0]).click();
    await page.locator('#name').fill('cfd_mesh_refine');
    await page.locator('#nodes').fill('1');
    await page.locator('#cores').fill('2');
    await page.locator('#timeLimit').fill('03:00:00');
    // 2 cores × 3 h at 12.5 a core-hour.
    await expect(page.getByTestId('estimate-cost')).toContainText('75.00 CNY', { timeout: 30_000 });
    await expect(page.getByTestId('estimate-start')).toBeVisible();
    await page.locator('#timeLimit').blur();
    // From the top: a full-page shot of a scrolled page draws the fixed header midway.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${OUT}/submit-estimate-${WIDTH}-${lang}.png`, animations: 'disabled', fullPage: true });
    await context.close();
  }
});
