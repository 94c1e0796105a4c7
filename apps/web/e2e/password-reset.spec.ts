import { expect, test } from '@playwright/test';
import { baseURL, registeredUser, signIn, signInAsAdmin } from './support/portal';

/*
 * A forgotten password on the embedded defaults (no mail): the sign-in page has the link, the
 * page it leads to says whom to ask, the administrator sets a temporary password, and the user
 * must choose their own before anything else opens. A bad reset link says so.
 */

test.use({ viewport: { width: 1600, height: 900 } });

test('without mail, "Forgot password?" says to ask the administrator (both languages)', async ({ page }) => {
  await page.goto(`${baseURL()}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByText('Ask your administrator', { exact: true })).toBeVisible();
  await expect(page.getByText(/ask your administrator to set a temporary password/i)).toBeVisible();
  await page.evaluate(() => localStorage.setItem('gv.lang', 'zh'));
  await page.reload();
  await expect(page.getByText('请联系管理员', { exact: true })).toBeVisible();
  await expect(page.getByText(/设置临时密码/)).toBeVisible();
});

test('a mistyped or made-up reset link says so, with the way to a new one', async ({ page }) => {
  await page.goto(`${baseURL()}/reset-password?token=abc`);
  await expect(page.getByTestId('reset-link-error')).toContainText('This reset link is not valid');
  await expect(page.getByText('invalid parameter')).toHaveCount(0);
  await page.goto(`${baseURL()}/reset-password?token=${'A'.repeat(43)}`);
  await expect(page.getByTestId('reset-link-error')).toContainText('not valid');
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('an administrator sets a temporary password; the user must change it at sign-in', async ({ page, request }) => {
  const user = `e2e_tmp_${Date.now().toString(36)}`;
  await registeredUser(request, user, 'Forgot_pass1', 10002);

  await signInAsAdmin(page);
  await page.goto(`${baseURL()}/account/users`);
  await page.getByPlaceholder('Search by user name').fill(user);
  await page.getByPlaceholder('Search by user name').press('Enter');
  const row = page.getByRole('row', { name: new RegExp(user) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Temporary password' }).click();
  const dialog = page.getByRole('dialog', { name: `Temporary password for ${user}` });
  // Weak passwords are refused by the form before anything is sent.
  await dialog.getByLabel('Temporary password', { exact: true }).fill('abc');
  await dialog.getByLabel('Confirm the temporary password').fill('abc');
  await dialog.getByRole('button', { name: 'Set temporary password' }).click();
  await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await dialog.getByLabel('Temporary password', { exact: true }).fill('Temp_pass12');
  await dialog.getByLabel('Confirm the temporary password').fill('Temp_pass12');
  const answer = page.waitForResponse((r) => r.url().includes('/setTemporaryPassword.action'));
  await dialog.getByRole('button', { name: 'Set temporary password' }).click();
  expect(await (await answer).json()).toMatchObject({ errCode: 0 });
  await expect(page.getByText(`Temporary password set for ${user}`)).toBeVisible();
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  // The old password no longer works; the temporary one leads to the change screen only.
  await signIn(page, user, 'Temp_pass12');
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await page.goto(`${baseURL()}/my-job/current-job`);
  await expect(page).toHaveURL(/\/change-password$/);
  // The server refuses everything else too, not only the console's routes.
  const refused = await page.evaluate(async () => {
    const res = await fetch('/pageframe/main/queryLoginUser.action', { method: 'POST' });
    const body: unknown = await res.json();
    return body;
  });
  expect(refused).toMatchObject({ errCode: 10008, data: { reason: 'passwordChangeRequired' } });

  await page.getByLabel('Temporary password', { exact: true }).fill('Temp_pass12');
  await page.getByLabel('New password', { exact: true }).fill('Mine_pass345');
  await page.getByLabel('Confirm new password').fill('Mine_pass345');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).not.toHaveURL(/\/change-password/);
  await expect(page.getByRole('menuitem').first()).toBeVisible();
});
