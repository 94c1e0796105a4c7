import { expect, test } from '@playwright/test';
import { Role } from '@portal/shared';
import { apiSession } from './support/api';
import { E2E_ADMIN } from './support/constants';
import { baseURL, registeredUser, signIn } from './support/portal';

const stamp = Date.now().toString(36).slice(-4);
test('look', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const PI = `lin_${stamp}`,
    MEMBER = `chen_${stamp}`,
    ACCOUNT = `lattice_${stamp}`,
    SECOND = `optics_${stamp}`;
  await registeredUser(request, PI, 'Shots_pass1', Role.user);
  await registeredUser(request, MEMBER, 'Shots_pass1', Role.user);
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  await admin.ok('POST', '/jm_accountmanagement/api/accounts', { accountName: ACCOUNT, ownerName: PI });
  await admin.ok('POST', `/jm_accountmanagement/api/accounts/${ACCOUNT}/members`, { userName: MEMBER });
  await admin.ok('POST', '/jm_accountmanagement/api/accounts', { accountName: SECOND, ownerName: PI });
  await admin.ok('POST', `/jm_accountmanagement/api/accounts/${SECOND}/members`, { userName: MEMBER });
  await admin.ok('POST', '/jm_usermanagement/api/userquotas', {
    accountName: ACCOUNT,
    coreHoursLimit: 40,
    cardHoursLimit: 10,
    maxRunningJobs: 6,
  });
  await admin.ok('POST', '/jm_usermanagement/api/userquotas', {
    accountName: ACCOUNT,
    userName: MEMBER,
    coreHoursLimit: 20,
    maxRunningJobs: 2,
  });
  await admin.ok('POST', '/jm_usermanagement/api/userquotas', { accountName: SECOND, coreHoursLimit: 5 });
  const m = await apiSession(MEMBER, 'Shots_pass1');
  for (const [c, tl] of [
    [2, '04:00:00'],
    [2, '02:00:00'],
  ] as const)
    await m.ok('POST', '/jm_jobmanagement/api/jobs', {
      name: 'relax',
      nodes: 1,
      cores: c,
      timeLimit: tl,
      script: '#!/bin/bash\nsleep 3000\n',
      account: ACCOUNT,
    });
  await m.ok('POST', '/jm_jobmanagement/api/jobs', {
    name: 'big',
    nodes: 1,
    cores: 2,
    timeLimit: '02:00:00',
    script: '#!/bin/bash\nsleep 3000\n',
    account: SECOND,
  });
  for (const locale of ['en-US', 'zh-CN']) {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
    const p = await ctx.newPage();
    await signIn(p, MEMBER, 'Shots_pass1');
    await p.goto(`${baseURL()}/account/my-accounts`);
    await expect(p.getByTestId(`quota-${ACCOUNT}`)).toContainText(/2 of 2|运行中 2/, { timeout: 60_000 });
    await p.screenshot({ path: `/tmp/look-my-${locale}.png`, fullPage: true });
    await ctx.close();
  }
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const p = await ctx.newPage();
  await signIn(p, E2E_ADMIN.user, E2E_ADMIN.password);
  await p.goto(`${baseURL()}/account/accounts`);
  await p.getByPlaceholder('Search by account name').fill(ACCOUNT);
  await p.getByPlaceholder('Search by account name').press('Enter');
  await p.locator(`tr[data-row-key="${ACCOUNT}"]`).getByRole('button', { name: 'Members', exact: true }).click();
  await expect(p.getByRole('dialog')).toContainText('Account (all members together)');
  await p.waitForTimeout(1500);
  await p.screenshot({ path: '/tmp/look-drawer.png' });
  await p.getByRole('button', { name: `Limits of ${MEMBER}` }).click();
  await p.waitForTimeout(1500);
  await p.screenshot({ path: '/tmp/look-dialog.png' });
  await ctx.close();
});
