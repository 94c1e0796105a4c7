import { expect, test, type Browser, type Page } from '@playwright/test';
import { z } from 'zod';
import { Role } from '@portal/shared';
import { apiSession, type ApiSession } from './support/api';
import { E2E_ADMIN } from './support/constants';
import { baseURL, registeredUser, signIn } from './support/portal';

/*
 * Usage reports (issue 13) against the real server on the built-in scheduler: a member runs two
 * short jobs; once they have ended and been ingested, the report of this month (Mine) counts them
 * with nonzero core-hours; the account's PI sees them under "My accounts"; an administrator sees
 * Everyone and the member's row; the member has no Everyone choice; Chinese texts render; the
 * choice lives in the address; at 390 px the page does not scroll sideways. The PI runs one job of
 * their own in the account, so the filters (user, account) change the figures the PI sees.
 */

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-6);
const ACCOUNT = `ur_${stamp}`;
const PI = { name: `urpi_${stamp}`, password: 'Pi_pass12' };
const MEMBER = { name: `urme_${stamp}`, password: 'Mem_pass12' };

const Summary = z.object({ totals: z.object({ jobs: z.number(), coreSeconds: z.number() }) });

/** This month up to today, as the page's default range computes it (the browser's calendar). */
const thisMonth = () => {
  const now = new Date();
  const day = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { from: day(new Date(now.getFullYear(), now.getMonth(), 1)), to: day(now) };
};

let admin: ApiSession;

test.beforeAll(async ({ request }) => {
  test.setTimeout(420_000);
  for (const u of [PI, MEMBER]) await registeredUser(request, u.name, u.password, Role.user);
  admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  await admin.ok('POST', '/jm_accountmanagement/api/accounts', { accountName: ACCOUNT, ownerName: PI.name });
  await admin.ok('POST', `/jm_accountmanagement/api/accounts/${ACCOUNT}/members`, { userName: MEMBER.name });

  // Two short jobs on four cores each: tens of core-seconds, a few hundredths of a core-hour.
  const member = await apiSession(MEMBER.name, MEMBER.password);
  for (const name of ['one', 'two']) {
    await member.ok('POST', '/jm_jobmanagement/api/jobs', {
      name: `report_${name}_${stamp}`,
      nodes: 1,
      cores: 4,
      timeLimit: '00:10:00',
      script: '#!/bin/bash\nsleep 8\n',
      account: ACCOUNT,
    });
  }
  // And one of the PI's own in the account, on two cores.
  const pi = await apiSession(PI.name, PI.password);
  await pi.ok('POST', '/jm_jobmanagement/api/jobs', {
    name: `report_pi_${stamp}`,
    nodes: 1,
    cores: 2,
    timeLimit: '00:10:00',
    script: '#!/bin/bash\nsleep 4\n',
    account: ACCOUNT,
  });
  // Wait until all have ended and been ingested: the reports count them.
  const { from, to } = thisMonth();
  await expect
    .poll(
      async () =>
        Summary.parse(await pi.ok('GET', `/jm_report/api/usage?from=${from}&to=${to}&scope=mine&groupBy=account`)).totals.jobs,
      {
        timeout: 300_000,
        intervals: [2000],
      },
    )
    .toBe(1);
  await pi.dispose();
  const path = `/jm_report/api/usage?from=${from}&to=${to}&scope=mine&groupBy=account`;
  await expect
    .poll(async () => Summary.parse(await member.ok('GET', path)).totals.jobs, { timeout: 300_000, intervals: [2000] })
    .toBe(2);
  await member.dispose();
});

test.afterAll(async () => {
  await admin.dispose();
});

/** A page of its own (cookies apart) signed in as someone, in a language. */
const session = async (browser: Browser, user: string, password: string, locale = 'en-US') => {
  const context = await browser.newContext({ locale, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, user, password);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
};

const REPORT = () => `${baseURL()}/my-report/usage`;
/** A row of the usage table (the efficiency card has a table of its own). */
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-card:not([data-testid="efficiency-card"]) .ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const totalOf = (page: Page, figure: 'jobs' | 'coreHours' | 'cardHours') =>
  page.getByTestId(`total-${figure}`).locator('.ant-statistic-content-value');

test('a member’s report of this month counts their two jobs with nonzero core-hours; there is no Everyone', async ({
  browser,
}) => {
  const page = await session(browser, MEMBER.name, MEMBER.password);
  await page.goto(REPORT());
  await expect(page.getByText('Usage reports').first()).toBeVisible();
  // Only "Mine": a member who owns no account and may not read all gets no scope choice.
  await expect(page.getByRole('radio', { name: 'Everyone' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'My accounts' })).toHaveCount(0);
  await expect(page.getByLabel('Time range')).toBeVisible();
  await expect(page.locator('.ant-select').filter({ hasText: 'This month' })).toHaveCount(1);
  const { from, to } = thisMonth();
  await expect(page.getByTestId('report-range')).toContainText(`from ${from} to ${to}`);
  await expect(totalOf(page, 'jobs')).toHaveText('2');
  await expect(totalOf(page, 'coreHours')).toHaveText(/^\d+\.\d\d$/);
  await expect(totalOf(page, 'coreHours')).not.toHaveText('0.00');
  await expect(page.getByTestId('total-coreHours')).toContainText(/[1-9][\d,]* seconds exactly/);

  // One row per account (no user dimension for one's own jobs): the two jobs and their hours.
  await expect(page.getByRole('tab', { name: 'User', exact: true })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Account', exact: true, selected: true })).toBeVisible();
  const row = rowOf(page, ACCOUNT);
  await expect(row.locator('td').nth(1)).toHaveText('2');
  await expect(row.locator('td').nth(2)).not.toHaveText('0.00');
  await expect(page.getByRole('img', { name: 'Usage over time' })).toBeVisible();

  // Job efficiency: two sleeping jobs on four cores each kept almost none of them busy, and say so.
  const efficiency = page.getByTestId('efficiency-card');
  await expect(efficiency.getByText('Job efficiency')).toBeVisible();
  await expect(efficiency.getByTestId('efficiency-cpu')).toContainText(/\d+%|<1%/);
  await expect(efficiency).toContainText('2 of 2 jobs measured');
  await expect(efficiency.getByTestId('efficiency-hints')).toContainText(/Your jobs kept only \d+% of their cores busy/);

  // The choice lives in the address: a reload keeps the queue view and the range.
  await page.getByRole('tab', { name: 'Queue', exact: true }).click();
  await expect(page).toHaveURL(/by=queue/);
  await expect(page).toHaveURL(/range=month/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Queue', exact: true, selected: true })).toBeVisible();
  await expect(rowOf(page, '').first().locator('td').nth(1)).toHaveText('2');

  // A range of days before the jobs: the empty state.
  await page.goto(`${REPORT()}?range=custom&from=2020-01-01&to=2020-01-31`);
  await expect(page.getByTestId('report-empty')).toContainText('No jobs ended in this range');
  await expect(page.getByText('No jobs ended in this range').last()).toBeVisible();
  await expect(totalOf(page, 'coreHours')).toHaveText('0.00');
  await page.context().close();
});

test('the account’s PI sees the member’s jobs under My accounts, without Everyone', async ({ browser }) => {
  const page = await session(browser, PI.name, PI.password);
  await page.goto(REPORT());
  await expect(page.getByRole('radio', { name: 'Mine' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Everyone' })).toHaveCount(0);
  // Chosen with the keyboard: the radio group moves with the arrow keys.
  await page.getByRole('radio', { name: 'Mine' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'My accounts' })).toBeChecked();
  await expect(page).toHaveURL(/scope=accounts/);
  await expect(page.getByRole('tab', { name: 'User', exact: true, selected: true })).toBeVisible();
  await expect(rowOf(page, MEMBER.name).locator('td').nth(1)).toHaveText('2');
  await page.context().close();
});

test('the PI narrows My accounts by user and account: the totals, the efficiency card and an export follow, and a reload keeps them', async ({
  browser,
}) => {
  const { from, to } = thisMonth();
  const figures = async (user?: string) => {
    const pi = await apiSession(PI.name, PI.password);
    const q = `from=${from}&to=${to}&scope=accounts&groupBy=user${user ? `&user=${user}` : ''}`;
    const totals = Summary.parse(await pi.ok('GET', `/jm_report/api/usage?${q}`)).totals;
    await pi.dispose();
    return totals;
  };
  const all = await figures();
  const member = await figures(MEMBER.name);
  expect(all.jobs).toBe(3);
  expect(member.jobs).toBe(2);
  expect(member.coreSeconds).toBeLessThan(all.coreSeconds);
  const exactly = (seconds: number) => `${seconds.toLocaleString('en-US')} seconds exactly`;

  const page = await session(browser, PI.name, PI.password);
  await page.goto(`${REPORT()}?range=month&scope=accounts`);
  await expect(totalOf(page, 'jobs')).toHaveText('3');
  await expect(page.getByTestId('total-coreHours')).toContainText(exactly(all.coreSeconds));
  await expect(page.getByTestId('efficiency-card')).toContainText('3 of 3 jobs measured');
  await expect(page.getByRole('button', { name: 'Reset' })).toBeDisabled();

  // The user filter: typed, applied with Enter; every card follows.
  const userBox = page.getByRole('textbox', { name: 'User' });
  await userBox.fill(MEMBER.name);
  await userBox.press('Enter');
  await expect(page).toHaveURL(new RegExp(`user=${MEMBER.name}`));
  await expect(totalOf(page, 'jobs')).toHaveText('2');
  await expect(page.getByTestId('total-coreHours')).toContainText(exactly(member.coreSeconds));
  await expect(page.getByTestId('efficiency-card')).toContainText('2 of 2 jobs measured');
  await expect(rowOf(page, MEMBER.name).locator('td').nth(1)).toHaveText('2');
  await expect(rowOf(page, PI.name)).toHaveCount(0);

  // The account filter, chosen with the keyboard from the PI's accounts.
  const accountBox = page.getByRole('combobox', { name: 'Account' });
  await accountBox.focus();
  await page.keyboard.type(ACCOUNT);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`account=${ACCOUNT}`));
  await expect(totalOf(page, 'jobs')).toHaveText('2');

  // A reload keeps both.
  await page.reload();
  await expect(userBox).toHaveValue(MEMBER.name);
  await expect(page.locator('.ant-select').filter({ hasText: ACCOUNT })).toHaveCount(1);
  await expect(totalOf(page, 'jobs')).toHaveText('2');
  await expect(page.getByTestId('total-coreHours')).toContainText(exactly(member.coreSeconds));

  // Export writes the filtered report: the file remembers its filters and the drawer says them.
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Summary as CSV' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Report files' });
  await expect(drawer.locator('[data-testid^="report-file-"]').first()).toContainText(`User: ${MEMBER.name}`);
  await expect(drawer.locator('[data-testid^="report-file-"]').first()).toContainText(`Account: ${ACCOUNT}`);
  // By user, filtered to the member: one row (without the filter the PI's would be a second).
  const file = drawer.locator('[data-testid^="report-file-"]').first();
  await expect(file.getByTestId('report-file-state')).toHaveText('Completed', { timeout: 120_000 });
  await expect(file).toContainText('1 row');
  await drawer.getByRole('button', { name: 'Close' }).click();

  // Nobody's jobs: the empty state says the filters match nothing, and Reset clears them.
  await userBox.fill(`nobody_${stamp}`);
  await userBox.press('Enter');
  await expect(page.getByTestId('report-empty')).toContainText('Nothing matches these filters');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).not.toHaveURL(/user=|account=/);
  await expect(totalOf(page, 'jobs')).toHaveText('3');
  await expect(userBox).toHaveValue('');
  await page.context().close();
});

test('an administrator sees Everyone by default and the member’s row', async ({ browser }) => {
  const page = await session(browser, E2E_ADMIN.user, E2E_ADMIN.password);
  await page.goto(REPORT());
  await expect(page.getByRole('radio', { name: 'Everyone' })).toBeChecked();
  await expect(page.getByRole('tab', { name: 'User', exact: true, selected: true })).toBeVisible();
  for (const dimension of ['Account', 'Queue', 'Cluster', 'Company', 'Department']) {
    await expect(page.getByRole('tab', { name: dimension, exact: true })).toBeVisible();
  }
  await expect(rowOf(page, MEMBER.name).locator('td').nth(1)).toHaveText('2');
  await expect(Number(await totalOf(page, 'jobs').textContent())).toBeGreaterThanOrEqual(2);
  // Beyond one's own jobs the efficiency card lists users (others' runs share this server: no row is pinned).
  await expect(page.getByTestId('efficiency-card').getByRole('columnheader', { name: 'Measured', exact: true })).toBeVisible();
  // Sorted by jobs on request: the header's sorter, kept in the address.
  await page.getByRole('columnheader', { name: 'Jobs' }).click();
  await expect(page).toHaveURL(/sort=jobs/);
  await expect(page.getByRole('columnheader', { name: 'Jobs' })).toHaveAttribute('aria-sort', 'descending');
  await page.context().close();
});

test('the report reads in Chinese, and at 390 px only the table scrolls sideways', async ({ browser }) => {
  const page = await session(browser, MEMBER.name, MEMBER.password, 'zh-CN');
  await page.goto(REPORT());
  await expect(page.getByText('用量报表').first()).toBeVisible();
  await expect(page.locator('.ant-select').filter({ hasText: '本月' })).toHaveCount(1);
  await expect(page.getByTestId('total-jobs')).toContainText('结束的作业');
  await expect(page.getByRole('tab', { name: '账户', exact: true, selected: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '作业数' })).toBeVisible();
  await expect(page.getByRole('img', { name: '用量趋势' })).toBeVisible();
  await expect(page.getByTestId('efficiency-hints')).toContainText(/您的作业只让所申请核心的 \d+% 保持忙碌/);
  await expect(rowOf(page, ACCOUNT).locator('td').nth(1)).toHaveText('2');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rowOf(page, ACCOUNT)).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
  await page.context().close();
});
