import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import { Role } from '@portal/shared';
import { apiSession } from '../support/api';
import { E2E_ADMIN } from '../support/constants';
import { baseURL, registeredUser, signIn } from '../support/portal';

/*
 * Screenshots of quotas and applications (issue 12) at 1440 × 900 in English and Chinese, for
 * docs/images/screens/{my-quotas,applications}-1440-<lang>.png. An account with limits, its members
 * with their own, jobs that hold core-hours while they run, and applications in every state are
 * made first through the API, on the built-in scheduler.
 */

const OUT = resolve(import.meta.dirname, '../../../../docs/images/screens');
const WIDTH = 1440;
const LANGS = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'zh', locale: 'zh-CN' },
] as const;
const stamp = Date.now().toString(36).slice(-4);
const PI = `lin_${stamp}`;
const MEMBER = `chen_${stamp}`;
const PASSWORD = 'Shots_pass1';
const ACCOUNT = `lattice_${stamp}`;
const SECOND = `optics_${stamp}`;
const QUOTAS = '/jm_usermanagement/api/userquotas';
const APPLICATIONS = '/jm_approvemanangement/api/applications';

const job = (name: string, cores: number, timeLimit: string, account: string) => ({
  name,
  nodes: 1,
  cores,
  timeLimit,
  script: '#!/bin/bash\nsleep 3000\n',
  account,
});

const prepare = async () => {
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  const accounts = '/jm_accountmanagement/api/accounts';
  await admin.ok('POST', accounts, { accountName: ACCOUNT, ownerName: PI, description: 'Lattice QCD' });
  await admin.ok('POST', `${accounts}/${ACCOUNT}/members`, { userName: MEMBER });
  await admin.ok('POST', accounts, { accountName: SECOND, ownerName: PI });
  await admin.ok('POST', `${accounts}/${SECOND}/members`, { userName: MEMBER });
  await admin.ok('POST', QUOTAS, { accountName: ACCOUNT, coreHoursLimit: 40, cardHoursLimit: 10, maxRunningJobs: 6 });
  await admin.ok('POST', QUOTAS, { accountName: ACCOUNT, userName: MEMBER, coreHoursLimit: 20, maxRunningJobs: 2 });
  await admin.ok('POST', QUOTAS, { accountName: SECOND, coreHoursLimit: 500 });
  await admin.ok('POST', QUOTAS, { accountName: SECOND, userName: MEMBER, cardHoursLimit: 4 });
  await admin.dispose();

  const member = await apiSession(MEMBER, PASSWORD);
  await member.ok('POST', '/jm_jobmanagement/api/jobs', job('relax', 2, '04:00:00', ACCOUNT));
  await member.ok('POST', '/jm_jobmanagement/api/jobs', job('measure', 2, '02:00:00', ACCOUNT));
  // One pending application per account and kind: each is decided before the next is made.
  const pi = await apiSession(PI, PASSWORD);
  const Made = z.object({ applicationId: z.number() });
  const apply = async (body: Record<string, unknown>) => Made.parse(await member.ok('POST', APPLICATIONS, body)).applicationId;
  const hours = (n: number, reason: string) => ({ kind: 'coreHours', accountName: ACCOUNT, hours: n, reason });
  const granted = await apply(hours(10, 'Two more lattice sizes before the March deadline'));
  await pi.ok('PUT', `${APPLICATIONS}/${granted}`, { decision: 'approve', remark: 'Granted for the deadline' });
  const refused = await apply(hours(200, 'A second campaign this quarter'));
  await pi.ok('PUT', `${APPLICATIONS}/${refused}`, {
    decision: 'refuse',
    remark: 'Too much for this quarter: ask again in April',
  });
  await apply(hours(8, 'Thermalisation runs for the new ensemble'));
  await apply({ kind: 'cardHours', accountName: SECOND, hours: 6, reason: 'GPU solver tests' });
  await member.dispose();
  await pi.dispose();
};

const shoot = async (page: Page, ready: Locator, name: string, lang: string) => {
  await expect(ready.first()).toBeVisible({ timeout: 30_000 });
  // The local-mode notice is closed, as a user does once read: the page itself shows.
  const notice = page.getByRole('button', { name: /^(Hide this notice|隐藏此提示)$/ });
  if (await notice.isVisible()) await notice.click();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${OUT}/${name}-${WIDTH}-${lang}.png`, animations: 'disabled' });
};

test('screenshots of quotas and applications', async ({ browser, request }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  await registeredUser(request, PI, PASSWORD, Role.user);
  await registeredUser(request, MEMBER, PASSWORD, Role.user);
  await prepare();
  for (const { lang, locale } of LANGS) {
    const memberContext = await browser.newContext({ viewport: { width: WIDTH, height: 900 }, locale });
    const member = await memberContext.newPage();
    await signIn(member, MEMBER, PASSWORD);
    await member.goto(`${baseURL()}/account/my-accounts`);
    const quotas = member.getByTestId(`quota-${ACCOUNT}`);
    // Both jobs run: what they hold shows as reserved.
    await expect(quotas.getByText(/2 of 2|2 \/ 2|运行中 2 个/).first()).toBeVisible({ timeout: 60_000 });
    await shoot(member, quotas, 'my-quotas', lang);
    await memberContext.close();

    const piContext = await browser.newContext({ viewport: { width: WIDTH, height: 900 }, locale });
    const pi = await piContext.newPage();
    await signIn(pi, PI, PASSWORD);
    await pi.goto(`${baseURL()}/account/applications?tab=review`);
    await pi
      .locator('.ant-segmented')
      .getByText(lang === 'en' ? 'All' : '全部', { exact: true })
      .click();
    await shoot(pi, pi.locator('.ant-table-tbody tr.ant-table-row').nth(3), 'applications', lang);
    await piContext.close();
  }
});
