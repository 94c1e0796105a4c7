import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { z } from 'zod';
import { Role } from '@portal/shared';
import { E2E_ADMIN } from './support/constants';
import { baseURL, registeredUser, signIn } from './support/portal';
import { dropdownOption, openDropdownOptions } from './support/select';

/*
 * Queues (issue 12) on the built-in scheduler, against the real server: an administrator adds a
 * queue limited to one account on the add-queue page; a member of that account finds it in the
 * submit form and the job runs in it; a user of another account does not see it, and a crafted
 * submission to it is refused.
 */

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-6);
const QUEUE = `q_${stamp}`;
const ACCOUNT_A = `qa_${stamp}`;
const ACCOUNT_B = `qb_${stamp}`;
const ALICE = { name: `qal_${stamp}`, password: 'Alice_pass12' };
const BOB = { name: `qbo_${stamp}`, password: 'Bob_pass12' };

/** An API call as the administrator (signed in on `request`), with the session's CSRF token. */
const asAdmin = async (request: APIRequestContext) => {
  const login = await request.post(`${baseURL()}/login/loginAuth.action`, {
    data: { strUserName: E2E_ADMIN.user, strPassword: E2E_ADMIN.password },
  });
  const { csrfToken } = z.object({ data: z.object({ csrfToken: z.string() }) }).parse(await login.json()).data;
  return { headers: { 'x-xsrf-token': csrfToken } };
};

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  await registeredUser(request, ALICE.name, ALICE.password, Role.user);
  await registeredUser(request, BOB.name, BOB.password, Role.user);
  const admin = await asAdmin(request);
  for (const [accountName, ownerName] of [
    [ACCOUNT_A, ALICE.name],
    [ACCOUNT_B, BOB.name],
  ]) {
    const res = await request.post(`${baseURL()}/jm_accountmanagement/api/accounts`, {
      data: { accountName, ownerName },
      ...admin,
    });
    expect((await res.json()).errCode).toBe(0);
  }
  await request.post(`${baseURL()}/pageframe/main/logout.action`);
});

test.afterAll(async ({ request }) => {
  const admin = await asAdmin(request);
  // Through the spec's POST with the method override, as its clients delete.
  await request.post(`${baseURL()}/jm_queuemanagement/api/queues/${QUEUE}`, {
    headers: { ...admin.headers, 'x-http-method-override': 'DELETE' },
  });
});

const session = async (browser: Browser, user: string, password: string) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await signIn(page, user, password);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
};

const openSubmitForm = async (page: Page) => {
  await page.goto(`${baseURL()}/my-job/submit`);
  await expect(page.getByRole('textbox', { name: 'Job script' })).toBeVisible();
};

/** The queue select's options, opened. */
const queueOptions = async (page: Page) => {
  await page.getByLabel('Queue', { exact: true }).click();
  return openDropdownOptions(page);
};

test('an administrator adds a queue limited to one account', async ({ browser }) => {
  test.slow();
  const page = await session(browser, E2E_ADMIN.user, E2E_ADMIN.password);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('menuitem', { name: 'Resources' })).toBeVisible();
  await page.goto(`${baseURL()}/job-resource/queue-manage`);
  await expect(page.locator('tr[data-row-key="compute"]')).toContainText('All accounts');
  await page.getByRole('button', { name: 'Add queue' }).click();
  await expect(page).toHaveURL(/\/job-resource\/queue-manage\/add\/addQueue\/account$/);
  await page.getByLabel('Queue name').fill(QUEUE);
  await page.getByLabel('Maximum run time').fill('01:00:00');
  await page.getByLabel('Default run time').fill('00:10:00');
  await page.getByLabel('Maximum cores per job').fill('2');
  await page.getByLabel('Nodes', { exact: true }).click();
  await dropdownOption(page, 'node02').click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Open to all accounts').click();
  await page.getByLabel('Allowed accounts').click();
  await dropdownOption(page, ACCOUNT_A).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add', exact: true }).click();

  await expect(page).toHaveURL(/\/job-resource\/queue-manage$/);
  const row = page.locator(`tr[data-row-key="${QUEUE}"]`);
  await expect(row).toContainText(ACCOUNT_A);
  await expect(row).toContainText('01:00:00');
  await expect(row).toContainText('node02');
  // At 1280 px the row's actions stay in view.
  const modify = row.getByRole('button', { name: `Modify queue ${QUEUE}` });
  const box = await modify.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
  await modify.click();
  await expect(page).toHaveURL(new RegExp(`/job-resource/queue-manage/add/modify/account\\?name=${QUEUE}$`));
  await expect(page.getByLabel('Queue name')).toHaveValue(QUEUE);
  await expect(page.getByLabel('Queue name')).toBeDisabled();
  await page.context().close();
});

test('a member of the account sees the queue in the submit form, and the job runs in it', async ({ browser }) => {
  test.slow();
  const page = await session(browser, ALICE.name, ALICE.password);
  await openSubmitForm(page);
  // Choose the queue once the user's accounts are in (the default account selects the queues offered).
  await expect(page.locator('.ant-form-item').filter({ has: page.getByLabel('Account', { exact: true }) })).toContainText(
    '(default)',
  );
  const options = await queueOptions(page);
  await expect(options.filter({ hasText: QUEUE })).toHaveCount(1);
  await options.filter({ hasText: QUEUE }).click();
  // The account's default arrives with the user's accounts and narrows the queues: the choice must hold.
  const field = (label: string) => page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
  await expect(field('Account')).toContainText('(default)');
  await expect(field('Queue')).toContainText(QUEUE);
  await page.getByLabel('Job name').fill(`in_${stamp}`);
  await page.getByLabel('Time limit').fill('00:05:00');
  await page.getByRole('textbox', { name: 'Job script' }).fill('#!/bin/bash\necho "in the queue"\n');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const link = page.getByRole('link', { name: /^Open job \d+$/ });
  await expect(link).toBeVisible();
  const jobId = /(\d+)$/.exec((await link.textContent()) ?? '')?.[1] ?? '';
  // It ran in the queue, on its node, charged to the account.
  await expect(async () => {
    const res = await page.request.get(`${baseURL()}/jm_jobmanagement/api/jobs`, { params: { scope: 'history', jobId } });
    const job = z.object({ data: z.object({ list: z.array(z.record(z.string(), z.unknown())) }) }).parse(await res.json()).data
      .list[0];
    expect(job).toMatchObject({ queue: QUEUE, exitStatus: 'complete', account: ACCOUNT_A });
    expect(String(job?.nodeName ?? '')).toContain('node02');
  }).toPass({ timeout: 90_000 });
  await page.context().close();
});

test('a user of another account does not see the queue, and a crafted submission to it is refused', async ({ browser }) => {
  const page = await session(browser, BOB.name, BOB.password);
  await openSubmitForm(page);
  const options = await queueOptions(page);
  await expect(options.filter({ hasText: 'compute' })).toHaveCount(1);
  await expect(options.filter({ hasText: QUEUE })).toHaveCount(0);
  const listed = await page.request.get(`${baseURL()}/jm_queuemanagement/api/queues`);
  const names = z
    .object({ data: z.array(z.object({ name: z.string() })) })
    .parse(await listed.json())
    .data.map((q) => q.name);
  expect(names).not.toContain(QUEUE);
  const crafted = await page.request.post(`${baseURL()}/jm_jobmanagement/api/jobs`, {
    data: { name: 'crafted', queue: QUEUE, nodes: 1, cores: 1, timeLimit: '00:05:00', script: '#!/bin/bash\ntrue\n' },
  });
  expect(crafted.status()).toBe(400);
  const body = z.object({ errMsg: z.string(), data: z.object({ reason: z.string() }) }).parse(await crafted.json());
  expect(body.data.reason).toBe('queueNotAllowed');
  expect(body.errMsg).toContain(QUEUE);
  expect(body.errMsg).toContain(ACCOUNT_B);
  await page.context().close();
});
