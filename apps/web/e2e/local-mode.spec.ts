import { userInfo } from 'node:os';
import { expect, test } from '@playwright/test';
import { baseURL, registeredUser, signIn } from './support/portal';

/*
 * The embedded defaults run the cluster in local access mode: the console says as which account a
 * user's commands run (their own when the server runs as root, the server's shared one otherwise)
 * and what that means. Registration refuses names no POSIX account can have.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const USER_ROLE = 10002;
// The server runs on this machine as the same OS user as the test.
const asRoot = process.getuid?.() === 0;

test('the console, the shell and the file manager say which account commands run as', async ({ page }) => {
  const request = page.request;
  await registeredUser(request, 'e2e_local', 'Local_pass1', USER_ROLE);
  await signIn(page, 'e2e_local', 'Local_pass1');
  await expect(page).toHaveURL(/\/overview$/);
  const notice = page.getByTestId('local-access-notice');
  if (asRoot) {
    await expect(notice).toContainText('your commands run as your own account “e2e_local”');
    await expect(notice).toContainText('keeps other users out of your files');
  } else {
    await expect(notice).toContainText(`run as the server's account “${userInfo().username}”`);
    await expect(notice).toContainText('anyone signed in can read and change your files');
  }

  // Closed, it stays closed while the browser session lasts.
  await notice.getByRole('button', { name: 'Hide this notice' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await expect(page.getByTestId('local-access-notice')).toHaveCount(0);

  // The shell and the file manager, in windows of their own, say it too (not closable there).
  await page.goto(`${baseURL()}/eshell`);
  await expect(page.getByTestId('local-access-notice')).toContainText(asRoot ? '“e2e_local”' : `“${userInfo().username}”`);
  await page.goto(`${baseURL()}/efile`);
  await expect(page.getByTestId('local-access-notice')).toContainText('Local mode');

  // In Chinese.
  await page.evaluate(() => localStorage.setItem('gv.lang', 'zh'));
  await page.reload();
  await expect(page.getByTestId('local-access-notice')).toContainText('本地模式');
});

test('registration refuses a user name that is no POSIX account name, in both languages', async ({ page }) => {
  await page.goto(`${baseURL()}/register`);
  const name = page.getByLabel(/^User name$/);
  for (const bad of ['ab$cd', 'ab<cd', 'ab;cd', 'ab/cd', 'Upper']) {
    await name.fill(bad);
    await expect(page.getByText('Not usable as an account name on the clusters', { exact: false })).toBeVisible();
  }
  await name.fill('good_name.1');
  await expect(page.getByText('Not usable as an account name on the clusters', { exact: false })).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('gv.lang', 'zh'));
  await page.reload();
  await page.getByLabel(/^用户名$/).fill('ab$cd');
  await expect(page.getByText('不能用作集群上的账号名', { exact: false })).toBeVisible();
});
