import { expect, test, type Browser } from '@playwright/test';
import { z } from 'zod';
import { Role } from '@portal/shared';
import { cancelEveryJob } from './global-setup';
import { apiSession } from './support/api';
import { E2E_ADMIN } from './support/constants';
import { baseURL, openDialog, registeredUser, signIn } from './support/portal';
import { PORTAL_HOOK_TIMEOUT_MS, startPortal, type Portal } from './support/server';

/*
 * Spec section 6: in the myResource menu walltimeApply is hidden when the user has no account of
 * their own or gold is disabled. On the shared portal (gold off) a user with an account has no
 * such entry and no "Longer run time" application; on a portal of its own in gold mode the user
 * with an account finds it (English and Chinese), asks for a longer run time for a running job
 * and an administrator's approval shows; a user without an account has no entry.
 */

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-6);
// Other names on the gold portal: in local access mode each portal user becomes a POSIX account.
const HOLDER = { name: `wth_${stamp}`, password: 'Holder_pass12' };
const GOLD_HOLDER = { name: `wtg_${stamp}`, password: 'Holder_pass12' };
const LONER = { name: `wtl_${stamp}`, password: 'Loner_pass12' };
const ACCOUNT = `wt_${stamp}`;
const APPLICATIONS = '/jm_approvemanangement/api/applications';

const session = async (browser: Browser, user: string, password: string, base: string, locale = 'en-US') => {
  const context = await browser.newContext({ locale, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, user, password, base);
  await expect(page).toHaveURL(/\/overview$/);
  return page;
};

/** A user who holds an account (created by the administrator, with the user as its owner). */
const holderWithAccount = async (
  request: Parameters<typeof registeredUser>[0],
  user: { name: string; password: string },
  portal?: Portal,
) => {
  await registeredUser(request, user.name, user.password, Role.user, portal);
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password, portal?.baseURL);
  await admin.ok('POST', '/jm_accountmanagement/api/accounts', { accountName: ACCOUNT, ownerName: user.name });
  await admin.dispose();
};

test('with gold mode off, a user with an account has no run time applications', async ({ browser, request }) => {
  test.slow();
  await holderWithAccount(request, HOLDER);
  const page = await session(browser, HOLDER.name, HOLDER.password, baseURL());
  await expect(page.getByRole('menuitem', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'My resources' })).toHaveCount(0);
  await page.goto(`${baseURL()}/account/applications`);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const dialog = await openDialog(page);
  await expect(dialog.getByRole('radio', { name: 'Core-hours' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Longer run time' })).toHaveCount(0);
  // Opened by its address, the page says why it is not offered.
  await page.goto(`${baseURL()}/my-resource/walltime-apply`);
  await expect(page.getByText('Run time applications are not offered on this portal')).toBeVisible();
  await page.context().close();
});

test.describe('in gold mode', () => {
  let portal: Portal | undefined;
  test.beforeAll(async ({ request }) => {
    test.setTimeout(PORTAL_HOOK_TIMEOUT_MS + 60_000);
    portal = await startPortal({
      ui: { goldEnable: true },
      clusters: [
        {
          id: 'local',
          name: 'Local cluster',
          pollIntervalSeconds: 1,
          local: {
            nodes: [{ name: 'node[01-02]', cpus: 4, memoryMB: 8192 }],
            partitions: [
              { name: 'compute', nodes: ['node[01-02]'], default: true, maxTime: '04:00:00', defaultTime: '00:30:00' },
            ],
          },
        },
      ],
    });
    await holderWithAccount(request, GOLD_HOLDER, portal);
    await registeredUser(request, LONER.name, LONER.password, Role.user, portal);
  });
  test.afterAll(async () => {
    // Jobs outlive the server on purpose: this portal's end them first (the run's teardown ends the shared portal's).
    if (portal) await cancelEveryJob(portal.baseURL);
    await portal?.stop();
  });

  test('a user with an account finds Run time applications and asks for a longer run time', async ({ browser }) => {
    test.slow();
    const base = portal!.baseURL;
    const holder = await apiSession(GOLD_HOLDER.name, GOLD_HOLDER.password, base);
    const { jobId } = z.object({ jobId: z.string() }).parse(
      await holder.ok('POST', '/jm_jobmanagement/api/jobs', {
        name: `long_${stamp}`,
        nodes: 1,
        cores: 1,
        timeLimit: '00:10:00',
        script: '#!/bin/bash\nsleep 900\n',
      }),
    );

    const page = await session(browser, GOLD_HOLDER.name, GOLD_HOLDER.password, base);
    // The group opens its first entry, listed in the side menu.
    await page.getByRole('menuitem', { name: 'My resources' }).click();
    await expect(page).toHaveURL(/\/my-resource\/walltime-apply$/);
    await expect(page.getByRole('menuitem', { name: 'Run time applications' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'You are here' })).toContainText('Run time applications');
    await page.getByLabel('Job', { exact: true }).fill(jobId);
    await page.getByLabel('New time limit').fill('2:00');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByText('hh:mm:ss or d-hh:mm:ss, from 00:01:00')).toBeVisible();
    await page.getByLabel('New time limit').fill('02:00:00');
    await page.getByLabel('Reason').fill('The last step takes longer than planned');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `job ${jobId} → 02:00:00` });
    await expect(row).toContainText('Pending');
    await expect(row).toContainText("The account's owner or an administrator decides");

    // An administrator approves: the list shows it.
    const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password, base);
    const listed = z
      .object({ list: z.array(z.object({ applicationId: z.number(), jobId: z.string().nullable() })) })
      .parse(await admin.ok('GET', `${APPLICATIONS}?scope=review&state=Pending`));
    const id = listed.list.find((a) => a.jobId === jobId)?.applicationId;
    expect(id).toBeDefined();
    await admin.ok('PUT', `${APPLICATIONS}/${id}`, { decision: 'approve' });
    await admin.dispose();
    await holder.dispose();
    await page.reload();
    await expect(row).toContainText('Approved');
    await page.context().close();

    const zh = await session(browser, GOLD_HOLDER.name, GOLD_HOLDER.password, base, 'zh-CN');
    await zh.getByRole('menuitem', { name: '我的资源' }).click();
    await expect(zh.getByRole('menuitem', { name: '机时申请' })).toBeVisible();
    await expect(zh.getByText('为您排队中或运行中的作业申请更长的运行时限')).toBeVisible();
    await expect(zh.locator('.ant-table-tbody')).toContainText('已批准');
    await zh.context().close();
  });

  test('a user without an account has no such entry', async ({ browser }) => {
    const page = await session(browser, LONER.name, LONER.password, portal!.baseURL);
    await expect(page.getByRole('menuitem', { name: 'Account' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'My resources' })).toHaveCount(0);
    await page.goto(`${portal!.baseURL}/my-resource/walltime-apply`);
    await expect(page.getByText('Run time applications need an account of your own')).toBeVisible();
    await page.context().close();
  });
});
