import { expect, test, type Page } from '@playwright/test';
import { baseURL, captchaAnswer, openDialog, registeredUser, signIn, signInAsAdmin } from './support/portal';
import { PORTAL_HOOK_TIMEOUT_MS, startPortal, type Portal } from './support/server';

/*
 * Truthful texts: a filtered list that comes back empty says nothing matches (and offers to clear
 * the filters) instead of "no users are waiting"; plurals are words, not "(s)"; the captcha says
 * why it is asked; the shell and the job charts have one name each.
 */

test.use({ viewport: { width: 1600, height: 900 } });

const NO_MATCH = 'Nothing matches these filters';

/** The list says nothing matches; clearing the filters brings back what the list holds. */
const clearsBack = async (page: Page, emptyAfterClear: RegExp | null) => {
  const empty = page.getByTestId('filtered-empty');
  await expect(empty).toContainText(NO_MATCH);
  await empty.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('filtered-empty')).toHaveCount(0);
  if (emptyAfterClear) await expect(page.getByText(emptyAfterClear)).toBeVisible();
};

test('filtered lists say nothing matches and clear their filters', async ({ page }) => {
  await signInAsAdmin(page);

  await page.goto(`${baseURL()}/account/users`);
  await page.getByPlaceholder('Search by user name').fill('zz_no_such_user');
  await page.getByPlaceholder('Search by user name').press('Enter');
  await clearsBack(page, null);
  await expect(page.getByRole('row', { name: /admin/ }).first()).toBeVisible();
  await expect(page.getByPlaceholder('Search by user name')).toHaveValue('');

  await page.goto(`${baseURL()}/account/pending-users`);
  await page.getByPlaceholder('Search by user name').fill('zz_no_such_user');
  await page.getByPlaceholder('Search by user name').press('Enter');
  await clearsBack(page, null);

  for (const path of ['/my-job/current-job', '/my-job/history-job']) {
    await page.goto(`${baseURL()}${path}`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('zz_no_such_job');
    await page.getByRole('button', { name: 'Search' }).click();
    await clearsBack(page, null);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  }

  await page.goto(`${baseURL()}/account/audit-log`);
  await page.getByLabel('User', { exact: true }).fill('zz_no_such_user');
  await page.getByLabel('User', { exact: true }).press('Enter');
  await clearsBack(page, null);
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  // In Chinese too.
  await page.evaluate(() => localStorage.setItem('gv.lang', 'zh'));
  await page.goto(`${baseURL()}/account/users`);
  await page.getByRole('searchbox').first().fill('zz_no_such_user');
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page.getByTestId('filtered-empty')).toContainText('没有符合筛选条件的结果');
  await expect(page.getByRole('button', { name: '清除筛选' })).toBeVisible();
});

test('E-File: a filter that matches no name says so, and clearing it brings the rows back', async ({ page, request }) => {
  // A user of its own: opening E-File gives its user a POSIX account, which adds menu entries
  // that other specs do not expect of the administrator.
  const user = `e2e_filter_${Date.now().toString(36)}`;
  await registeredUser(request, user, 'Filter_pass1', 10002);
  await signIn(page, user, 'Filter_pass1');
  await expect(page).toHaveURL(/\/overview$/);
  const popup = page.waitForEvent('popup');
  await page.getByRole('menuitem', { name: 'File Transfer' }).click();
  // With Across Center on, File Transfer is a group whose E-File entry opens the window.
  const item = page.getByRole('menuitem', { name: 'E-File' });
  if ((await Promise.race([popup.then(() => 'popup'), item.waitFor().then(() => 'item')])) === 'item') await item.click();
  const efile = await popup;
  await expect(efile.getByRole('heading', { name: 'E-File' })).toBeVisible();

  // A folder of its own, so that the home folder has a row whatever ran before.
  const folder = `e2e-filter-${Date.now().toString(36)}`;
  await efile.getByRole('button', { name: 'New folder' }).click();
  let dialog = await openDialog(efile);
  await dialog.getByLabel('Name').fill(folder);
  await dialog.getByRole('button', { name: 'OK' }).click();
  const row = efile.getByTestId(`row-${folder}`);
  await expect(row).toBeVisible();

  const filter = efile.getByRole('textbox', { name: 'Filter by name' });
  await filter.fill('zz_no_such_file');
  const empty = efile.getByTestId('filtered-empty');
  await expect(empty).toContainText('No names in this folder contain the filter text');
  await expect(row).toHaveCount(0);
  await empty.getByRole('button', { name: 'Clear filters' }).click();
  await expect(empty).toHaveCount(0);
  await expect(row).toBeVisible();
  await expect(filter).toHaveValue('');

  await row.getByRole('checkbox').check();
  await row.getByRole('checkbox').press('Delete');
  dialog = await openDialog(efile);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});

test('the menus name the shell WebShell and both chart pages Job charts', async ({ page }) => {
  await signInAsAdmin(page);
  const top = page.getByRole('menu', { name: 'Main menu' });
  await expect(top.getByRole('menuitem', { name: 'WebShell' })).toBeVisible();
  await expect(top.getByRole('menuitem', { name: 'E-Shell' })).toHaveCount(0);
  await expect(page.getByText('HPC Cloud Home')).toHaveCount(0);
  await expect(page.locator('header').getByText('HPC Portal', { exact: true })).toBeVisible();
  await top.getByRole('menuitem', { name: 'Job' }).click();
  await expect(page.getByRole('menuitem', { name: 'Job view' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Job charts' })).toBeVisible();
});

test('pending users are counted in words, not "(s)"', async ({ page, request }) => {
  const base = baseURL();
  const user = `e2e_wait_${Date.now().toString(36)}`;
  // One registered user waiting: "Approve 1 user", not "Approve 1 user(s)".
  const rand = `e2e${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  await request.get(`${base}/login/authCode.action?rand=${rand}`);
  const code = await captchaAnswer(`rand:${rand}`);
  await request.post(`${base}/login/checkCodeRegister.action`, { data: { rand, code } });
  const reg = await request.post(`${base}/sys_gvuserma/gvuserma/registerUser.action`, {
    data: { rand, userName: user, userPwd: 'Waiting_pw1', email: 'e2e@example.com' },
  });
  expect((await reg.json()).errCode).toBe(0);
  await signInAsAdmin(page);
  await page.goto(`${base}/account/pending-users`);
  await page.getByPlaceholder('Search by user name').fill(user);
  await page.getByPlaceholder('Search by user name').press('Enter');
  await page
    .getByRole('row', { name: new RegExp(user) })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Approve 1 user' })).toBeVisible();
  await expect(page.getByText('user(s)')).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
});

test.describe('on a portal of its own (failed sign-ins from this browser)', () => {
  let portal: Portal | undefined;
  test.beforeAll(async () => {
    test.setTimeout(PORTAL_HOOK_TIMEOUT_MS);
    portal = await startPortal();
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  test('the captcha says why it appeared', async ({ page }) => {
    const base = portal!.baseURL;
    await page.goto(`${base}/login`);
    const reason = page.getByText('After several failed sign-ins, enter the characters shown in the picture.');
    for (let i = 0; i < 8 && !(await reason.isVisible()); i++) {
      await page.getByLabel('User name').fill('e2e_captcha');
      await page.getByLabel('Password', { exact: true }).fill(`Wrong_pass${i}`);
      const answered = page.waitForResponse((r) => r.url().includes('/login/loginAuth.action'));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await answered;
      // The answer is read: the form takes input again (and shows the captcha if it asks for one).
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    }
    await expect(reason).toBeVisible();
  });
});
