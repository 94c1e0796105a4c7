import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { cancelEveryJob } from './global-setup';
import { refreshUntilVisible } from './support/lists';
import { openDialog, registeredUser, sharedPortal, signIn, type PortalRef } from './support/portal';
import { PORTAL_HOOK_TIMEOUT_MS, startPortal, type Portal } from './support/server';

/*
 * The life of jobs as a user sees it, on the built-in scheduler and on the real Slurm cluster of
 * scripts/dev-cluster (PORTAL_TEST_SLURM=1): a job submitted from the form waits, runs, completes
 * and shows its output; another is held and released; a third is cancelled.
 */

const devCluster = resolve(import.meta.dirname, '../../../scripts/dev-cluster');

interface Target {
  name: string;
  /** Cores and nodes that fill the default queue, so the next job has to wait. */
  fill: { nodes: number; cores: number };
  portal: () => Promise<PortalRef & { stop: () => Promise<void> }>;
  /** The POSIX account the user's jobs run as (Slurm needs a real one). */
  user: string;
}

const targets: Target[] = [
  {
    name: 'local scheduler',
    fill: { nodes: 2, cores: 8 },
    user: `life_${Date.now().toString(36)}`,
    portal: () => Promise.resolve({ ...sharedPortal(), stop: () => Promise.resolve() }),
  },
  {
    name: 'Slurm',
    fill: { nodes: 4, cores: 32 },
    user: 'alice',
    portal: async () => {
      const p: Portal = await startPortal({
        clusters: [
          { id: 'dev', name: 'Dev Slurm', scheduler: 'slurm', pollIntervalSeconds: 1, slurm: { commandTimeoutSeconds: 15 } },
        ],
      });
      return {
        ...p,
        stop: async () => {
          await cancelEveryJob(p.baseURL);
          await p.stop();
        },
      };
    },
  },
];

const submit = async (
  page: Page,
  base: string,
  name: string,
  script: string,
  res: { nodes: number; cores: number } = { nodes: 1, cores: 1 },
) => {
  await page.goto(`${base}/my-job/submit`);
  await expect(page.getByRole('textbox', { name: 'Job script' })).toBeVisible();
  await page.getByLabel('Job name').fill(name);
  await page.getByLabel('Nodes').fill(String(res.nodes));
  await page.getByLabel('Cores (in total)').fill(String(res.cores));
  await page.getByLabel('Time limit').fill('00:10:00');
  await page.getByLabel('Working directory').fill('portal-e2e');
  await page.getByRole('textbox', { name: 'Job script' }).fill(script);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const done = page
    .getByRole('alert')
    .filter({ hasText: /^Job \S+ submitted/ })
    .first();
  await expect(done).toBeVisible({ timeout: 30_000 });
  return /Job (\S+) submitted/.exec((await done.textContent()) ?? '')?.[1] ?? '';
};

const row = (page: Page, jobId: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: jobId, exact: true }) });

/** Waits until the current list shows the job in `state`. */
const expectState = (page: Page, base: string, jobId: string, state: string) =>
  refreshUntilVisible(page, `${base}/my-job/current-job`, row(page, jobId).getByText(state, { exact: true }));

const act = async (page: Page, base: string, jobId: string, action: 'Hold' | 'Release' | 'Cancel', done: string) => {
  await page.goto(`${base}/my-job/current-job`);
  const r = row(page, jobId);
  await expect(r).toBeVisible();
  const direct = r.getByRole('button', { name: action, exact: true });
  if (await direct.count()) await direct.click();
  else {
    await r.getByRole('button', { name: /More/ }).click();
    await page.getByRole('menuitem', { name: action, exact: true }).click();
  }
  if (action === 'Cancel') await (await openDialog(page)).getByRole('button', { name: 'Cancel job' }).click();
  await expect(page.getByText(done)).toBeVisible();
};

for (const target of targets) {
  test.describe(`jobs on the ${target.name}`, () => {
    test.skip(
      target.name === 'Slurm' && process.env.PORTAL_TEST_SLURM !== '1',
      'needs scripts/dev-cluster (PORTAL_TEST_SLURM=1)',
    );
    let portal: PortalRef & { stop: () => Promise<void> };
    test.beforeAll(async ({ playwright }) => {
      test.setTimeout(PORTAL_HOOK_TIMEOUT_MS);
      portal = await target.portal();
      const request = await playwright.request.newContext();
      await registeredUser(request, target.user, 'Life_pass1', 10002, portal);
      await request.dispose();
    });
    test.afterAll(async () => portal?.stop());

    test('a job waits, runs and completes with its output; another is held and released; a third is cancelled', async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const base = portal.baseURL;
      await page.setViewportSize({ width: 1600, height: 900 });
      await signIn(page, target.user, 'Life_pass1', base);
      await expect(page).toHaveURL(/\/overview$/);

      const blocker = await submit(page, base, 'e2e_blocker', '#!/bin/bash\nsleep 600\n', target.fill);
      await expectState(page, base, blocker, 'Running');
      const job = await submit(page, base, 'e2e_hello', '#!/bin/bash\necho "hello from $(id -un)"\nsleep 30\n');
      const other = await submit(page, base, 'e2e_other', '#!/bin/bash\nsleep 600\n');
      await expectState(page, base, job, 'Queued');

      await act(page, base, other, 'Hold', `Job ${other} held`);
      await expectState(page, base, other, 'Held');
      await act(page, base, other, 'Release', `Job ${other} released`);
      await expectState(page, base, other, 'Queued');

      await act(page, base, blocker, 'Cancel', `Job ${blocker} cancelled`);
      await expectState(page, base, job, 'Running');
      const history = `${base}/my-job/history-job`;
      await refreshUntilVisible(page, history, row(page, job).getByText('Completed', { exact: true }), 180_000);
      await refreshUntilVisible(page, history, row(page, blocker).getByText('Cancelled', { exact: true }), 180_000);
      await row(page, job).getByRole('link', { name: job, exact: true }).click();
      await expect(page.getByRole('region', { name: 'Standard output' })).toContainText(
        `hello from ${target.name === 'Slurm' ? 'alice' : ''}`,
        {
          timeout: 30_000,
        },
      );
      await act(page, base, other, 'Cancel', `Job ${other} cancelled`);
    });

    test("says 'Job Scheduler Error!' while slurmctld is down, shows no job as completed, and recovers", async ({ page }) => {
      test.skip(target.name !== 'Slurm', 'only a real scheduler can stop answering');
      test.setTimeout(300_000);
      const base = portal.baseURL;
      await page.setViewportSize({ width: 1600, height: 900 });
      await signIn(page, target.user, 'Life_pass1', base);
      const job = await submit(page, base, 'e2e_fault', '#!/bin/bash\nsleep 600\n');
      await expectState(page, base, job, 'Running');
      try {
        execFileSync('bash', [devCluster, 'stop', 'slurmctld'], { stdio: 'ignore' });
        await refreshUntilVisible(page, `${base}/my-job/current-job`, page.getByText('Job Scheduler Error!').first());
        await page.goto(`${base}/my-job/history-job`);
        await expect(page.getByRole('table')).toBeVisible();
        await expect(row(page, job)).toHaveCount(0);
      } finally {
        execFileSync('bash', [devCluster, 'start'], { stdio: 'ignore' });
      }
      await expectState(page, base, job, 'Running');
      await act(page, base, job, 'Cancel', `Job ${job} cancelled`);
    });
  });
}
