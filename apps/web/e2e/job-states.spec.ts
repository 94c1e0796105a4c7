import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import { cancelEveryJob } from './global-setup';
import { refreshUntilVisible } from './support/lists';
import { openDialog, registeredUser, signIn, type PortalRef } from './support/portal';
import { PORTAL_HOOK_TIMEOUT_MS, startPortal, type Portal } from './support/server';

/*
 * Job states a user can trust (issue 11, item 6), on the built-in scheduler. This portal polls the
 * scheduler only every 5 minutes and the console re-reads its lists every 30 s, so a cancelled job
 * that leaves the list within seconds can only be the scheduler saying that the job ended. A
 * state is shown once, in one word, with a failure's exit code beside it, in both languages; a
 * finished job's details keep the script and what the submission asked for.
 */

const POLL_SECONDS = 300;
const user = `states_${Date.now().toString(36)}`;
const password = 'States_pass1';

const SignedIn = z.object({ data: z.object({ csrfToken: z.string() }) });
const Submitted = z.object({ errCode: z.literal(0), data: z.object({ jobId: z.string() }) });

let portal: Portal;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(PORTAL_HOOK_TIMEOUT_MS);
  portal = await startPortal({
    clusters: [
      {
        id: 'local',
        name: 'Local cluster',
        pollIntervalSeconds: POLL_SECONDS,
        local: {
          nodes: [{ name: 'node[01-02]', cpus: 4, memoryMB: 8192 }],
          partitions: [{ name: 'compute', nodes: ['node[01-02]'], default: true, maxTime: '04:00:00', defaultTime: '00:30:00' }],
        },
      },
    ],
  });
  const request = await playwright.request.newContext();
  const ref: PortalRef = portal;
  await registeredUser(request, user, password, 10002, ref);
  await request.dispose();
});
test.afterAll(async () => {
  if (!portal) return;
  await cancelEveryJob(portal.baseURL);
  await portal.stop();
});

/** Submits through the API as the user (the form is another test's business); answers the job id. */
const submit = async (api: APIRequestContext, csrf: string, body: Record<string, unknown>) => {
  const res = await api.post(`${portal.baseURL}/jm_jobmanagement/api/jobs`, {
    data: { queue: 'compute', nodes: 1, cores: 1, timeLimit: '00:10:00', workDir: 'e2e-states', ...body },
    headers: { 'x-xsrf-token': csrf },
  });
  return Submitted.parse(await res.json()).data.jobId;
};

const signedInApi = async (playwright: { request: { newContext(): Promise<APIRequestContext> } }) => {
  const api = await playwright.request.newContext();
  const login = await api.post(`${portal.baseURL}/login/loginAuth.action`, {
    data: { strUserName: user, strPassword: password },
  });
  return { api, csrf: SignedIn.parse(await login.json()).data.csrfToken };
};

const rowOf = (page: Page, jobId: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: jobId, exact: true }) });
const stateCell = (page: Page, jobId: string) => rowOf(page, jobId).locator('.job-state');

test('a cancelled job, and one that ends by itself, leave the current list within seconds, though the next poll is minutes away', async ({
  page,
  playwright,
}) => {
  test.setTimeout(240_000);
  const { api, csrf } = await signedInApi(playwright);
  const jobId = await submit(api, csrf, { name: 'e2e_cancel', script: '#!/bin/bash\nsleep 600\n', template: 'BASE' });
  await api.dispose();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, user, password, portal.baseURL);
  await expect(page).toHaveURL(/\/overview$/);
  // Queued → running is itself the scheduler's word: with polls 5 minutes apart, only it explains this.
  await refreshUntilVisible(
    page,
    `${portal.baseURL}/my-job/current-job`,
    stateCell(page, jobId).getByText('Running', { exact: true }),
  );
  // One word: no scheduler word repeated beside it ("Running RUNNING").
  await expect(rowOf(page, jobId)).not.toContainText('RUNNING');

  await rowOf(page, jobId).getByRole('button', { name: 'Cancel', exact: true }).click();
  await (await openDialog(page)).getByRole('button', { name: 'Cancel job' }).click();
  await expect(page.getByText(`Job ${jobId} cancelled`)).toBeVisible();
  const cancelledAt = Date.now();
  // No button pressed, no page loaded: the list follows by itself. The deadline is generous for a
  // busy machine, and still far below both the 30 s list refresh and the 5 min poll.
  await expect(rowOf(page, jobId)).toHaveCount(0, { timeout: 10_000 });
  const seconds = (Date.now() - cancelledAt) / 1000;
  test.info().annotations.push({ type: 'cancel shown after', description: `${seconds.toFixed(2)} s` });
  process.stdout.write(`job-states: the cancelled job left the current list ${seconds.toFixed(2)} s after the answer\n`);

  // A job that ends by itself: no action, no exiting state to watch, and the next poll is minutes
  // away. That the list (refreshed by hand here) no longer holds it is the scheduler's word alone.
  const { api: api2, csrf: csrf2 } = await signedInApi(playwright);
  const short = await submit(api2, csrf2, { name: 'e2e_short', script: '#!/bin/bash\nsleep 20\n' });
  await api2.dispose();
  await refreshUntilVisible(page, `${portal.baseURL}/my-job/current-job`, rowOf(page, short));
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(rowOf(page, short)).toHaveCount(0, { timeout: 15_000 });
  }).toPass({ timeout: 120_000 });

  // In the history it is "Cancelled", once, with no exit status beside it.
  await refreshUntilVisible(
    page,
    `${portal.baseURL}/my-job/history-job`,
    stateCell(page, jobId).getByText('Cancelled', { exact: true }),
    60_000,
  );
  await expect(rowOf(page, jobId)).not.toContainText('Completed');
});

test('a failed job is "Failed · exit 3" in both languages, and its details keep the script and parameters', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const script = '#!/bin/bash\necho "about to fail"\nexit 3\n';
  const { api, csrf } = await signedInApi(playwright);
  const jobId = await submit(api, csrf, {
    name: 'e2e_fails',
    script,
    template: 'LAMMPS',
    nodes: 1,
    cores: 2,
    timeLimit: '00:07:00',
  });
  await api.dispose();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, user, password, portal.baseURL);
  const history = `${portal.baseURL}/my-job/history-job`;
  await refreshUntilVisible(page, history, stateCell(page, jobId).getByText('Failed · exit 3', { exact: true }), 90_000);
  await expect(rowOf(page, jobId).locator('.job-state')).toHaveCount(1);

  await rowOf(page, jobId).getByRole('link', { name: jobId, exact: true }).click();
  await expect(page.getByText(`History job ${jobId}`)).toBeVisible();
  // A details table's value: the cell right of its label.
  const field = (scope: Locator, label: string) =>
    scope.locator(`xpath=.//th[normalize-space(.)="${label}"]/following-sibling::td[1]`);
  const state = field(page.locator('.ant-descriptions').filter({ hasText: 'Job ID' }), 'State');
  await expect(state.locator('.job-state')).toHaveText('Failed · exit 3');
  await expect(state).not.toContainText('FAILED');
  await expect(state).not.toContainText('Completed');

  // What the submission asked for, kept although the job has finished.
  const submitted = page.locator('.ant-descriptions').filter({ hasText: 'Submitted with' });
  const value = (label: string) => field(submitted, label);
  await expect(value('Application')).toHaveText('LAMMPS');
  await expect(value('Queue')).toHaveText('compute');
  await expect(value('Nodes')).toHaveText('1');
  await expect(value('Cores (in total)')).toHaveText('2');
  await expect(value('Time limit')).toHaveText('00:07:00');
  await expect(value('Working directory')).toContainText('/e2e-states');
  await expect(page.getByText('--ntasks=2')).toBeVisible();
  await page.getByRole('button', { name: 'Job script' }).click();
  // The script as submitted (the output below it only says "about to fail").
  await expect(page.locator('pre').filter({ hasText: 'exit 3' })).toContainText('echo "about to fail"');
  await page.screenshot({ path: test.info().outputPath('history-details-en.png'), fullPage: true });

  // The same words in Chinese.
  const zhContext = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const zh = await zhContext.newPage();
  await signIn(zh, user, password, portal.baseURL);
  await refreshUntilVisible(zh, history, stateCell(zh, jobId).getByText('失败 · 退出码 3', { exact: true }), 90_000);
  await zh.screenshot({ path: test.info().outputPath('history-zh.png') });
  await zhContext.close();
});
