import { expect, test, type Page } from '@playwright/test';
import { refreshUntilVisible } from './support/lists';
import { baseURL, openDialog, registeredUser, signIn, signInAsAdmin } from './support/portal';

/*
 * Job screens against the real server and its built-in scheduler, which really runs the scripts.
 */

/** Submits a job through the form and answers its id. */
const submitThroughForm = async (page: Page, name: string, script: string) => {
  await page.goto(`${baseURL()}/my-job/submit`);
  const editor = page.getByRole('textbox', { name: 'Job script' });
  await expect(editor).toBeVisible();
  await page.getByLabel('Job name').fill(name);
  await page.getByLabel('Time limit').fill('00:20:00');
  await editor.fill(script);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const done = page
    .getByRole('alert')
    .filter({ hasText: /^Job \d+ submitted/ })
    .first();
  await expect(done).toBeVisible();
  return /Job (\d+) submitted/.exec((await done.textContent()) ?? '')?.[1] ?? '';
};

const rowOf = (page: Page, jobId: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: jobId, exact: true }) });

test('a submitted job runs, shows its output, is cancelled after a confirmation and ends up in the history', async ({ page }) => {
  // Waits for the scheduler to start, end and account for a real job.
  test.slow();
  await signInAsAdmin(page);
  const jobId = await submitThroughForm(page, 'e2e_echo', '#!/bin/bash\necho "hello from e2e"\nsleep 300\n');

  await page.getByRole('link', { name: 'View its details' }).click();
  await expect(page).toHaveURL(/\/my-job\/current-job\/jobDetails\/\?jobId=/);
  await expect(page.getByText('Running', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Standard output' })).toContainText('hello from e2e', { timeout: 45_000 });

  // The list shows the shared snapshot, which may still hold the job as queued until its next refresh.
  const row = rowOf(page, jobId);
  await refreshUntilVisible(page, `${baseURL()}/my-job/current-job`, row.getByText('Running'));
  await row.getByRole('button', { name: 'Cancel' }).click();
  const confirm = await openDialog(page);
  await expect(confirm).toContainText(`Cancel job ${jobId}?`);
  await confirm.getByRole('button', { name: 'Cancel job' }).click();
  await expect(page.getByText(`Job ${jobId} cancelled`)).toBeVisible();
  // The scheduler takes a moment to end it (Exiting); accounting then lists it as deleted.
  await refreshUntilVisible(page, `${baseURL()}/my-job/history-job`, rowOf(page, jobId).getByText('Cancelled'));
});

test('the extend dialog refuses more than the queue maximum leaves', async ({ page }) => {
  await signInAsAdmin(page);
  const jobId = await submitThroughForm(page, 'e2e_extend', '#!/bin/bash\nsleep 300\n');
  await page.goto(`${baseURL()}/my-job/current-job`);
  await rowOf(page, jobId).getByRole('button', { name: /More/ }).click();
  await page.getByRole('menuitem', { name: 'Extend time' }).click();
  const dialog = await openDialog(page);
  await dialog.getByLabel('Hours').fill('100000');
  await expect(dialog.getByText('Set the time to exceed the maximum running time of the queue')).toBeVisible();
  await dialog.getByLabel('Hours').fill('1');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`Time limit of job ${jobId} extended`)).toBeVisible();
  await expect(rowOf(page, jobId).getByText('01:20:00')).toBeVisible();
});

test('a user sees only their own jobs and no priority action; a viewer sees everyone’s and no actions', async ({
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  await registeredUser(request, `jobu_${stamp}`, 'User_pass1', 10002);
  await registeredUser(request, `jobv_${stamp}`, 'Viewer_pass1', 10006);

  const user = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await signIn(user, `jobu_${stamp}`, 'User_pass1');
  const jobId = await submitThroughForm(user, 'e2e_mine', '#!/bin/bash\nsleep 300\n');
  await user.goto(`${baseURL()}/my-job/current-job`);
  await expect(user.getByRole('columnheader', { name: 'User' })).toHaveCount(0);
  const row = rowOf(user, jobId);
  await expect(row).toBeVisible();
  await expect(user.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: /More/ }).click();
  await expect(user.getByRole('menuitem', { name: 'Extend time' })).toBeVisible();
  await expect(user.getByRole('menuitem', { name: 'Priority' })).toHaveCount(0);
  await user.close();

  const viewer = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await signIn(viewer, `jobv_${stamp}`, 'Viewer_pass1');
  await viewer.goto(`${baseURL()}/my-job/current-job`);
  await expect(rowOf(viewer, jobId)).toBeVisible();
  await expect(rowOf(viewer, jobId).getByRole('cell', { name: `jobu_${stamp}` })).toBeVisible();
  await expect(viewer.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Submit job' })).toHaveCount(0);
  await viewer.close();
});

test('the heat map shows every node with its jobs and fills the screen on request', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto(`${baseURL()}/job/job-view?tab=heatMap`);
  const tiles = page.getByRole('list', { name: 'Nodes' }).getByRole('button');
  await expect(tiles.first()).toBeVisible();
  await tiles.first().focus();
  await expect(page.getByRole('tooltip').or(page.locator('.ant-popover')).first()).toBeVisible();
  await page.getByRole('button', { name: 'Full screen' }).click();
  await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(true);
  await page.getByRole('button', { name: 'Leave full screen' }).click();
  await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(false);
});
