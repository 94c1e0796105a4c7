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
 * administrator's report of this month (Everyone) is taken, the whole page.
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
  await admin.dispose();

  for (const { lang, locale } of LANGS) {
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 900 }, locale });
    const page = await context.newPage();
    await signIn(page, E2E_ADMIN.user, E2E_ADMIN.password);
    await page.goto(`${baseURL()}/my-report/usage?range=month&scope=all&by=user`);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: USERS[2] })).toBeVisible({
      timeout: 30_000,
    });
    const notice = page.getByRole('button', { name: /^(Hide this notice|隐藏此提示)$/ });
    if (await notice.isVisible()) await notice.click();
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0, { timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready);
    // Charts animate in: wait until they have settled.
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/usage-reports-${WIDTH}-${lang}.png`, animations: 'disabled', fullPage: true });
    await context.close();
  }
});
