import { expect, test, type Page } from '@playwright/test';
import { baseURL, registeredUser, signIn, signInAsAdmin } from './support/portal';

/*
 * The Overview by role: a researcher sees their own running and finished jobs with their states,
 * their core-hours this month and where to start; an operator sees queues, node and job states.
 * Against the real server and its built-in scheduler, which really runs the scripts.
 */

const USER_ROLE = 10002;

const submit = async (page: Page, name: string, script: string): Promise<string> => {
  const res = await page.request.post(`${baseURL()}/jm_jobmanagement/api/jobs`, {
    data: { name, nodes: 1, cores: 1, timeLimit: '00:10:00', script },
  });
  const body = await res.json();
  expect(body.errCode, JSON.stringify(body)).toBe(0);
  return body.data.jobId;
};

/** Reloads the overview until `check` holds: finished jobs reach the history at the scheduler's pace. */
const reloadUntil = async (page: Page, check: () => Promise<void>, timeout = 150_000) => {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout, intervals: [2_000, 4_000] });
};

test("a researcher's overview shows their jobs with states, core-hours this month and where to start", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const name = `ov_${Date.now().toString(36)}`;
  await registeredUser(request, name, 'Overview_pass1', USER_ROLE);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, name, 'Overview_pass1');
  await expect(page).toHaveURL(/\/overview$/);
  const quick = await submit(page, 'ov_quick', '#!/bin/bash\necho quick\n');
  const long = await submit(page, 'ov_long', '#!/bin/bash\nsleep 300\n');
  try {
    const active = page.getByTestId('overview-my-active');
    const recent = page.getByTestId('overview-my-recent');
    const usage = page.getByTestId('overview-core-hours');
    await reloadUntil(page, async () => {
      const row = active.getByRole('row').filter({ has: page.getByRole('link', { name: long, exact: true }) });
      await expect(row).toContainText('Running', { timeout: 15_000 });
    });
    const finished = recent.getByRole('row').filter({ has: page.getByRole('link', { name: quick, exact: true }) });
    await reloadUntil(page, async () => {
      await expect(finished).toContainText('Complete', { timeout: 15_000 });
      await expect(usage).toContainText('Finished jobs this month: 1', { timeout: 15_000 });
    });
    await expect(usage).toContainText('My core-hours this month');
    await expect(usage).toContainText(/\d+\.\d\d/);
    // Only their own jobs: no other user's column or cluster-wide panels.
    await expect(page.getByText('Queues', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Node states', { exact: true })).toHaveCount(0);

    // The links: the job's details, a shell, and the submit form.
    await expect(page.getByRole('link', { name: 'Open a shell' })).toHaveAttribute('href', '/eshell');
    await expect(page.getByRole('button', { name: 'Open my files' })).toBeVisible();
    await active.getByRole('link', { name: long, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/my-job/current-job/jobDetails/\\?jobId=${long}`));
    await page.goBack();
    await page.getByRole('button', { name: 'Submit a job' }).click();
    await expect(page).toHaveURL(/\/my-job\/submit$/);
  } finally {
    await page.request.post(`${baseURL()}/jm_jobmanagement/api/jobs/${long}/cancel`, { data: {} });
    await page.close();
  }
});

test("an administrator's overview shows queues, node states and job states (in Chinese)", async ({ browser }) => {
  const ctx = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  await signInAsAdmin(page);
  const queues = (await (await page.request.get(`${baseURL()}/jm_jobmanagement/api/queues`)).json()).data;
  const heat = (
    await (await page.request.post(`${baseURL()}/jm_jobheatmap/jobheatmap/queryClusterInfo.action`, { data: {} })).json()
  ).data;
  expect(queues.length).toBeGreaterThan(0);

  const queueCard = page.getByTestId('overview-queues');
  await expect(queueCard.getByText('队列', { exact: true }).first()).toBeVisible();
  for (const q of queues) await expect(queueCard.getByRole('row').filter({ hasText: q.name }).first()).toBeVisible();
  await expect(queueCard).toContainText('可用');

  // Node states add up to the cluster's nodes, named as on the heat map.
  const nodeStates = page.getByTestId('overview-node-states');
  await expect(nodeStates).toBeVisible();
  const counts = (await nodeStates.locator('strong').allTextContents()).map(Number);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(heat.nodes.length);
  await expect(nodeStates).toContainText(/空闲|繁忙|部分占用|独占|宕机|离线|未知/);
  await expect(page.getByText('作业状态', { exact: true })).toBeVisible();
  await expect(page.getByTestId('overview-latest-jobs')).toBeVisible();
  // A researcher's own panel is not shown to an operator.
  await expect(page.getByTestId('overview-core-hours')).toHaveCount(0);
  await ctx.close();
});
