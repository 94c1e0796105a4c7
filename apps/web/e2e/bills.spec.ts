import { expect, test, type Browser, type Page } from '@playwright/test';
import { z } from 'zod';
import { Role } from '@portal/shared';
import { apiSession, type ApiSession } from './support/api';
import { E2E_ADMIN } from './support/constants';
import { dropdownOption } from './support/select';
import { baseURL, registeredUser, signIn } from './support/portal';

/*
 * Bills in the console (issue 13) against the real server on the built-in scheduler: an
 * administrator adds a price for a fresh account class in the Prices page (36 per core-hour, so a
 * line costs one cent per core-second); a member of an account of that class runs a short job; the
 * member's bill detail of this month shows the line with that amount and the statistics count it;
 * the submit form's estimate prices a job at that price before it is sent;
 * the administrator issues last month's bill of the account (a month with no usage: a bill of
 * nothing), re-issues it with a reason, and issuing it again is refused with the server's reason.
 */

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-6);
const ACCOUNT = `bl_${stamp}`;
const CLASS = `e2e-${stamp}`;
const MEMBER = { name: `blme_${stamp}`, password: 'Mem_pass12' };

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** This month up to today, as the pages' default range computes it (the browser's calendar). */
const thisMonth = () => {
  const now = new Date();
  return { from: day(new Date(now.getFullYear(), now.getMonth(), 1)), to: day(now) };
};
const lastMonth = () => {
  const d = new Date();
  const first = new Date(d.getFullYear(), d.getMonth() - 1, 1);
  return `${first.getFullYear()}-${pad(first.getMonth() + 1)}`;
};

const Detail = z.object({
  list: z.array(z.object({ jobId: z.string(), coreSeconds: z.number(), amountCents: z.number() })),
  totals: z.object({ jobs: z.number(), amountCents: z.number() }),
});

let admin: ApiSession;

test.beforeAll(async ({ request }) => {
  await registeredUser(request, MEMBER.name, MEMBER.password, Role.user);
  admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  await admin.ok('POST', '/jm_accountmanagement/api/accounts', { accountName: ACCOUNT, ownerName: MEMBER.name });
  await admin.ok('PUT', `/jm_report/api/billing-accounts/${ACCOUNT}`, { accountClass: CLASS });
});

test.afterAll(async () => {
  await admin.dispose();
});

/** A page of its own (cookies apart) signed in as someone. */
const session = async (browser: Browser, user: string, password: string) => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, user, password);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
};

const rowOf = (page: Page, text: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

test('an administrator adds a price for the account class in the Prices page', async ({ browser }) => {
  const page = await session(browser, E2E_ADMIN.user, E2E_ADMIN.password);
  await page.goto(`${baseURL()}/my-report/prices`);
  await page.getByRole('button', { name: 'Add price' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a price' });
  // Validation before anything is sent.
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Enter a price').first()).toBeVisible();
  await expect(dialog.getByText('Choose the first day')).toBeVisible();
  await dialog.getByLabel('Account class').fill(CLASS);
  await dialog.getByLabel(/^Price per core-hour/).fill('36.12345');
  await expect(dialog.getByText('A number with up to four decimals')).toBeVisible();
  await dialog.getByLabel(/^Price per core-hour/).fill('36');
  await dialog.getByLabel(/^Price per card-hour/).fill('0');
  await dialog.getByLabel('In force from').fill(thisMonth().to);
  await dialog.getByLabel('In force from').press('Enter');
  await dialog.getByLabel('Remark').fill(`e2e ${stamp}`);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Price added')).toBeVisible();
  await page.getByLabel('Account class').fill(CLASS);
  await page.getByLabel('Account class').press('Enter');
  const row = rowOf(page, CLASS);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('36.0000');
  await page.context().close();
});

test('the submit form prices the job at the account class’s price before it is sent', async ({ browser }) => {
  const page = await session(browser, MEMBER.name, MEMBER.password);
  await page.goto(`${baseURL()}/my-job/submit`);
  await expect(page.getByRole('textbox', { name: 'Job script' })).toBeVisible();
  await page.getByLabel('Job name').fill(`est_${stamp}`);
  await page.getByRole('textbox', { name: 'Job script' }).fill('#!/bin/bash\ntrue\n');
  await page.getByLabel('Account', { exact: true }).click();
  await dropdownOption(page, ACCOUNT).click();
  await page.getByLabel('Nodes').fill('1');
  await page.getByLabel('Cores (in total)').fill('2');
  await page.getByLabel('Time limit').fill('00:10:00');
  // 2 cores × 10 minutes at 36 a core-hour.
  await expect(page.getByTestId('estimate-cost')).toHaveText('Cost: up to 12.00 CNY (36.0000 a core-hour)', { timeout: 15_000 });
  await page.getByLabel('Cores (in total)').fill('1');
  await expect(page.getByTestId('estimate-cost')).toHaveText('Cost: up to 6.00 CNY (36.0000 a core-hour)', { timeout: 15_000 });
  await page.context().close();
});

test('the member’s job appears in bill detail with its amount, and in the statistics', async ({ browser }) => {
  test.setTimeout(420_000);
  const member = await apiSession(MEMBER.name, MEMBER.password);
  await member.ok('POST', '/jm_jobmanagement/api/jobs', {
    name: `bill_${stamp}`,
    nodes: 1,
    cores: 2,
    timeLimit: '00:10:00',
    script: '#!/bin/bash\nsleep 5\n',
    account: ACCOUNT,
  });
  const { from, to } = thisMonth();
  const path = `/jm_report/api/bills/detail?from=${from}&to=${to}&scope=mine&account=${ACCOUNT}`;
  await expect
    .poll(async () => Detail.parse(await member.ok('GET', path)).totals.jobs, { timeout: 300_000, intervals: [2000] })
    .toBe(1);
  const line = Detail.parse(await member.ok('GET', path)).list[0];
  await member.dispose();
  if (!line) throw new Error('no line');
  // 36 per core-hour is one cent per core-second.
  expect(line.coreSeconds).toBeGreaterThan(0);
  expect(line.amountCents).toBe(line.coreSeconds);
  const amount = `${Math.floor(line.coreSeconds / 100).toLocaleString('en-US')}.${pad(line.coreSeconds % 100)}`;

  const page = await session(browser, MEMBER.name, MEMBER.password);
  await page.goto(`${baseURL()}/my-report/my-bill-detail`);
  await expect(page.getByTestId('bill-range')).toContainText(`from ${from} to ${to}`);
  const row = rowOf(page, line.jobId);
  await expect(row.getByRole('link', { name: line.jobId })).toBeVisible();
  await expect(row.locator('td').last()).toHaveText(amount);
  await expect(row).toContainText('36.0000');
  await expect(page.getByText('Lines are rounded for display; the total is the exact sum rounded once.')).toBeVisible();
  // The account filter lives in the address.
  await page.getByRole('combobox', { name: 'Account' }).focus();
  await page.keyboard.type(ACCOUNT);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`account=${ACCOUNT}`));
  await expect(page.getByTestId('bill-total-amount')).toContainText(`${amount} CNY`);
  await expect(page.getByTestId('bill-total-jobs')).toContainText('1');
  // A reload keeps it; an account the member's jobs were not charged to matches nothing.
  await page.reload();
  await expect(page.locator('.ant-select').filter({ hasText: ACCOUNT })).toHaveCount(1);
  await expect(page.getByTestId('bill-total-amount')).toContainText(`${amount} CNY`);
  await page.goto(`${baseURL()}/my-report/my-bill-detail?range=month&scope=mine&account=none_${stamp}`);
  await expect(page.getByText('Nothing matches these filters')).toBeVisible();
  await expect(page.getByTestId('bill-total-amount')).toContainText('0.00 CNY');

  await page.goto(`${baseURL()}/my-report/my-bill-statistics?range=month&scope=mine&by=account`);
  await expect(page.getByRole('tab', { name: 'Account', selected: true })).toBeVisible();
  const stat = rowOf(page, ACCOUNT);
  await expect(stat.locator('td').nth(1)).toHaveText(amount);
  await expect(stat.locator('td').nth(2)).toHaveText('1');
  await expect(page.getByRole('img', { name: /^Top 10 by amount/ })).toBeVisible();
  await page.context().close();
});

test('an administrator issues last month’s bill of the account, re-issues it, and cannot issue it twice', async ({ browser }) => {
  const period = lastMonth();
  const page = await session(browser, E2E_ADMIN.user, E2E_ADMIN.password);
  await page.goto(`${baseURL()}/my-report/bills`);
  const issue = async () => {
    await page.getByRole('button', { name: 'Issue bills' }).click();
    const dialog = page.getByRole('dialog', { name: 'Issue monthly bills' });
    await dialog.getByRole('button', { name: 'Issue' }).click();
    await expect(dialog.getByText('Choose a month')).toBeVisible();
    await dialog.getByLabel('Month').fill(period);
    await dialog.getByLabel('Month').press('Enter');
    await dialog.getByLabel('Account').fill(ACCOUNT);
    await dialog.getByRole('button', { name: 'Issue' }).click();
    return dialog;
  };
  await issue();
  // No usage in that month: a bill of nothing, issued all the same.
  await expect(page.getByText('1 bill issued')).toBeVisible();
  await page.getByLabel('Account', { exact: true }).fill(ACCOUNT);
  await page.getByLabel('Account', { exact: true }).press('Enter');
  const first = rowOf(page, period);
  await expect(first).toHaveCount(1);
  await expect(first).toContainText('Issued');
  await expect(first).toContainText('0.00 CNY');

  await first.getByRole('button', { name: 'Re-issue' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`Re-issue bill ${period}`) });
  await dialog.getByRole('button', { name: 'Re-issue' }).click();
  await expect(dialog.getByText('Give the reason for the re-issue')).toBeVisible();
  await dialog.getByLabel('Reason').fill('price corrected');
  await dialog.getByRole('button', { name: 'Re-issue' }).click();
  await page.getByRole('dialog', { name: 'Re-issue this bill?' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Version 2 issued')).toBeVisible();
  await expect(rowOf(page, 'Superseded')).toHaveCount(1);
  await expect(rowOf(page, 'price corrected')).toContainText('Issued');

  // The lines of the issued bill open in bill detail.
  await rowOf(page, 'price corrected').getByRole('link', { name: 'View lines' }).click();
  await expect(page).toHaveURL(/my-bill-detail\?billId=\d+/);
  await expect(page.getByTestId('bill-of')).toContainText(/Issued bill \d+/);
  await page.goBack();

  const again = await issue();
  await expect(page.getByText("This account's bill for the month is already issued: re-issue it instead")).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await page.context().close();
});
