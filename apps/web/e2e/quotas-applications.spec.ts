import { expect, test, type Browser, type Page } from '@playwright/test';
import { z } from 'zod';
import { Role } from '@portal/shared';
import { apiSession, type ApiSession } from './support/api';
import { E2E_ADMIN } from './support/constants';
import { baseURL, openDialog, registeredUser, signIn } from './support/portal';

/*
 * Quotas and applications (issue 12) against the real server on the built-in scheduler: a member
 * reads their quotas as bars on My accounts (with what a queued or running job reserves), applies
 * for more core-hours, the account's PI approves in "To review" and the new limit shows; a refusal
 * carries its remark (English and Chinese); nobody decides their own application (no button, and
 * the API answers 10008); a job over a quota is refused in the submit form with used and limit.
 */

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-6);
const ACCOUNT = `qt_${stamp}`;
const TIGHT = `qx_${stamp}`;
const PI = { name: `qpi_${stamp}`, password: 'Pi_pass12' };
const MEMBER = { name: `qme_${stamp}`, password: 'Mem_pass12' };
const TIGHT_USER = { name: `qti_${stamp}`, password: 'Tight_pass12' };
const QUOTAS = '/jm_usermanagement/api/userquotas';
const APPLICATIONS = '/jm_approvemanangement/api/applications';

const Listed = z.object({
  list: z.array(z.object({ applicationId: z.number(), hours: z.number().nullable(), state: z.string() })),
});

let admin: ApiSession;

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  for (const u of [PI, MEMBER, TIGHT_USER]) await registeredUser(request, u.name, u.password, Role.user);
  admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  await admin.ok('POST', '/jm_accountmanagement/api/accounts', { accountName: ACCOUNT, ownerName: PI.name });
  await admin.ok('POST', `/jm_accountmanagement/api/accounts/${ACCOUNT}/members`, { userName: MEMBER.name });
  await admin.ok('POST', '/jm_accountmanagement/api/accounts', { accountName: TIGHT, ownerName: TIGHT_USER.name });
  // The account's limits for all its members, and the member's and the PI's own within it: their
  // own hours are what the PI decides (the account's are an administrator's).
  await admin.ok('POST', QUOTAS, { accountName: ACCOUNT, coreHoursLimit: 100, maxRunningJobs: 4 });
  await admin.ok('POST', QUOTAS, { accountName: ACCOUNT, userName: MEMBER.name, coreHoursLimit: 10 });
  await admin.ok('POST', QUOTAS, { accountName: ACCOUNT, userName: PI.name, coreHoursLimit: 10 });
  await admin.ok('POST', QUOTAS, { accountName: TIGHT, coreHoursLimit: 1 });
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

/** A row of the open application list that shows a text. */
const applicationRow = (page: Page, text: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

test('a member reads the quotas of their account as bars, with what a running job reserves', async ({ browser }) => {
  test.slow();
  const member = await apiSession(MEMBER.name, MEMBER.password);
  // One core for an hour: it reserves about one core-hour while it runs.
  await member.ok('POST', '/jm_jobmanagement/api/jobs', {
    name: `hold_${stamp}`,
    nodes: 1,
    cores: 1,
    timeLimit: '01:00:00',
    script: '#!/bin/bash\nsleep 900\n',
    account: ACCOUNT,
  });
  await member.dispose();

  const page = await session(browser, MEMBER.name, MEMBER.password);
  await page.goto(`${baseURL()}/account/my-accounts`);
  const card = page.getByTestId(`quota-${ACCOUNT}`);
  await expect(card).toContainText('Account (all members together)');
  await expect(card).toContainText('Your own limit in it');
  await expect(card.getByRole('progressbar', { name: 'Core-hours used' })).toHaveCount(2);
  // A busy machine may show the page a minute into the job: 0.01 used, 0.99 still reserved.
  await expect(card).toContainText(/0\.0\d used, (0\.9\d|1\.00) reserved of 10 core-hours/);
  await expect(card).toContainText(/of 100 core-hours/);
  await expect(card).toContainText('1 of 4 running jobs');
  // No card-hour limit: the usage and "No limit", no bar.
  await expect(card.getByRole('progressbar', { name: 'Card-hours used' })).toHaveCount(0);
  await expect(card.getByText('No limit').first()).toBeVisible();
  await page.context().close();

  const zh = await session(browser, MEMBER.name, MEMBER.password, 'zh-CN');
  await zh.goto(`${baseURL()}/account/my-accounts`);
  const zhCard = zh.getByTestId(`quota-${ACCOUNT}`);
  await expect(zhCard).toContainText('账户（全部成员合计）');
  await expect(zhCard).toContainText(/已用 0\.0\d，预留 (0\.9\d|1\.00)，上限 10 核时/);
  await expect(zhCard.getByRole('progressbar', { name: '核时用量' })).toHaveCount(2);
  await expect(zhCard).toContainText('不限');
  await zh.context().close();
});

test('a member applies for more core-hours, the PI approves in "To review", and the new limit shows', async ({ browser }) => {
  test.slow();
  const member = await session(browser, MEMBER.name, MEMBER.password);
  await member.goto(`${baseURL()}/account/my-accounts`);
  await member.getByRole('link', { name: `Apply for more for ${ACCOUNT}` }).click();
  await expect(member).toHaveURL(/\/account\/applications/);
  const dialog = await openDialog(member);
  await expect(dialog.getByRole('radio', { name: 'Core-hours' })).toBeChecked();
  await expect(dialog.locator('.ant-select').filter({ hasText: ACCOUNT })).toHaveCount(1);
  // A run time is not offered: gold mode is off on this portal.
  await expect(dialog.getByRole('radio', { name: 'Longer run time' })).toHaveCount(0);
  await dialog.getByLabel('How many more hours').fill('0');
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(dialog).toContainText('A whole number from 1');
  await expect(dialog).toContainText('Say why you need it');
  await dialog.getByLabel('How many more hours').fill('50');
  await dialog.getByLabel('Reason').fill('Two more lattice sizes before the deadline');
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(dialog).toBeHidden();
  const mine = applicationRow(member, '+50 core-hours');
  await expect(mine).toContainText('Pending');
  await expect(mine).toContainText("the applicant's own limit");
  await expect(mine).toContainText('Two more lattice sizes');
  // My accounts leads to it, counting what waits.
  await member.goto(`${baseURL()}/account/my-accounts`);
  await expect(member.getByRole('link', { name: 'My applications (1 pending)' })).toBeVisible();

  const pi = await session(browser, PI.name, PI.password);
  await pi.goto(`${baseURL()}/account/applications`);
  await pi.getByRole('tab', { name: 'To review' }).click();
  const pending = applicationRow(pi, '+50 core-hours');
  await expect(pending).toContainText(MEMBER.name);
  await pending.getByRole('button', { name: /^Approve application \d+$/ }).click();
  const approve = await openDialog(pi);
  await expect(approve).toContainText(`${MEMBER.name} asks for +50 core-hours (${ACCOUNT})`);
  await approve.getByLabel('Remark (optional)').fill('Granted for the deadline');
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(approve).toBeHidden();
  // Decided: gone from the pending list, Approved among all.
  await expect(pending).toHaveCount(0);
  await pi.locator('.ant-segmented').getByText('All', { exact: true }).click();
  await expect(applicationRow(pi, '+50 core-hours')).toContainText('Approved');
  await pi.context().close();

  await member.goto(`${baseURL()}/account/applications`);
  await expect(applicationRow(member, '+50 core-hours')).toContainText('Approved');
  await expect(applicationRow(member, '+50 core-hours')).toContainText('Granted for the deadline');
  await expect(applicationRow(member, '+50 core-hours')).toContainText(PI.name);
  await member.goto(`${baseURL()}/account/my-accounts`);
  await expect(member.getByTestId(`quota-${ACCOUNT}`)).toContainText(/reserved of 60 core-hours/);
  await member.context().close();
});

test('a refusal needs a remark, and the applicant reads it (in Chinese too)', async ({ browser }) => {
  test.slow();
  const member = await apiSession(MEMBER.name, MEMBER.password);
  await member.ok('POST', APPLICATIONS, { kind: 'coreHours', accountName: ACCOUNT, hours: 1000, reason: 'A whole new campaign' });
  await member.dispose();

  const pi = await session(browser, PI.name, PI.password);
  await pi.goto(`${baseURL()}/account/applications?tab=review`);
  const row = applicationRow(pi, '+1000 core-hours');
  await row.getByRole('button', { name: /^Refuse application \d+$/ }).click();
  const refuse = await openDialog(pi);
  await refuse.getByRole('button', { name: 'Refuse', exact: true }).click();
  await expect(refuse).toContainText('Say why it is refused: the applicant reads it');
  await refuse.getByLabel('Remark').fill('Too much for this quarter: ask again in April');
  await refuse.getByRole('button', { name: 'Refuse', exact: true }).click();
  await expect(refuse).toBeHidden();
  await expect(row).toHaveCount(0);
  await pi.context().close();

  const en = await session(browser, MEMBER.name, MEMBER.password);
  await en.goto(`${baseURL()}/account/applications`);
  await expect(applicationRow(en, '+1000 core-hours')).toContainText('Refused');
  await expect(applicationRow(en, '+1000 core-hours')).toContainText('Too much for this quarter: ask again in April');
  // Only pending applications are withdrawn.
  await expect(applicationRow(en, '+1000 core-hours').getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);
  await en.context().close();

  const zh = await session(browser, MEMBER.name, MEMBER.password, 'zh-CN');
  await zh.goto(`${baseURL()}/account/applications`);
  await expect(zh.getByRole('tab', { name: '我的申请' })).toBeVisible();
  await expect(applicationRow(zh, '+1000 核时')).toContainText('已拒绝');
  await expect(applicationRow(zh, '+1000 核时')).toContainText('Too much for this quarter');
  await zh.context().close();
});

test('nobody decides their own application: no Approve button, and the API answers 10008', async ({ browser }) => {
  test.slow();
  const page = await session(browser, PI.name, PI.password);
  await page.goto(`${baseURL()}/account/applications`);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const dialog = await openDialog(page);
  await dialog.getByLabel('How many more hours').fill('5');
  await dialog.getByLabel('Reason').fill('My own runs');
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(dialog).toBeHidden();
  const own = applicationRow(page, '+5 core-hours');
  await expect(own).toContainText('Pending');
  await expect(own.getByRole('button', { name: /^Withdraw application \d+$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Approve application/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'To review' }).click();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(applicationRow(page, '+5 core-hours').getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await page.context().close();

  const api = await apiSession(PI.name, PI.password);
  const listed = Listed.parse(await api.ok('GET', `${APPLICATIONS}?scope=mine&state=Pending`));
  const id = listed.list.find((a) => a.hours === 5)?.applicationId;
  expect(id).toBeDefined();
  const answer = await api.call('PUT', `${APPLICATIONS}/${id}`, { decision: 'approve' });
  expect(answer.errCode).toBe(10008);
  const still = Listed.parse(await api.ok('GET', `${APPLICATIONS}?scope=mine`)).list.find((a) => a.applicationId === id);
  expect(still?.state).toBe('Pending');
  await api.dispose();
});

test('a job over a quota is refused in the submit form with what is used and the limit', async ({ browser }) => {
  test.slow();
  const fill = async (page: Page, labels: { name: string; cores: string; time: string; script: string }) => {
    await expect(page.getByRole('textbox', { name: labels.script })).toBeVisible();
    await page.getByLabel(labels.name).fill(`over_${stamp}`);
    await page.getByLabel(labels.cores).fill('2');
    await page.getByLabel(labels.time).fill('01:00:00');
    await page.getByRole('textbox', { name: labels.script }).fill('#!/bin/bash\necho too much\n');
  };
  const page = await session(browser, TIGHT_USER.name, TIGHT_USER.password);
  await page.goto(`${baseURL()}/my-job/submit`);
  await fill(page, { name: 'Job name', cores: 'Cores (in total)', time: 'Time limit', script: 'Job script' });
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const refusal = page.getByTestId('quota-refusal');
  await expect(refusal).toContainText('The job was not submitted: a quota is reached');
  await expect(refusal).toContainText(`The core-hour quota of account ${TIGHT} is reached: 0.00 of 1 core-hours`);
  await expect(refusal).toContainText('this job may use up to 2.00 more');
  await refusal.getByRole('link', { name: 'Apply for more' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/applications\\?apply=coreHours&account=${TIGHT}$`));
  await expect(await openDialog(page)).toContainText(TIGHT);
  await page.context().close();

  const zh = await session(browser, TIGHT_USER.name, TIGHT_USER.password, 'zh-CN');
  await zh.goto(`${baseURL()}/my-job/submit`);
  await fill(zh, { name: '作业名称', cores: '核数（总计）', time: '时间限制', script: '作业脚本' });
  await zh.getByRole('button', { name: /^提 ?交$/ }).click();
  await expect(zh.getByTestId('quota-refusal')).toContainText(`账户 ${TIGHT} 的核时配额已达上限`);
  await expect(zh.getByTestId('quota-refusal')).toContainText('上限 1 核时');
  await zh.context().close();
});
