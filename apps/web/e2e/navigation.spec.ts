import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { baseURL, openDialog, openUserMenu, registeredUser, signIn, signInAsAdmin, submenuOpened } from './support/portal';

test('an unknown path goes to /404, whose button leads back to sign-in', async ({ page }) => {
  await page.goto(`${baseURL()}/no/such/page`);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Back to sign-in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in administrator on an unknown path also lands on /404', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto(`${baseURL()}/my-job/not-here`);
  await expect(page).toHaveURL(/\/404$/);
});

test('an anonymous visit to a console page goes to sign-in and comes back after it', async ({ page }) => {
  await page.goto(`${baseURL()}/account/audit-log`);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('User name').fill(E2E_ADMIN.user);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account\/audit-log$/);
  await expect(page.getByRole('heading', { name: 'Audit log' }).or(page.getByText('Audit log').first())).toBeVisible();
});

test('a viewer has no public-key import or private-key download; a user has both', async ({ browser, request }) => {
  const stamp = Date.now().toString(36);
  await registeredUser(request, `viewer_${stamp}`, 'Viewer_pass1', 10006);
  await registeredUser(request, `user_${stamp}`, 'User_pass1', 10002);

  const viewer = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await signIn(viewer, `viewer_${stamp}`, 'Viewer_pass1');
  await expect(viewer).toHaveURL(/\/overview$/);
  await openUserMenu(viewer);
  await viewer.getByRole('menuitem', { name: 'Tools' }).hover();
  await expect(viewer.getByRole('menuitem', { name: 'Download tools' })).toBeVisible();
  await expect(viewer.getByRole('menuitem', { name: 'Import public key' })).toHaveCount(0);
  await expect(viewer.getByRole('menuitem', { name: 'Download private key' })).toHaveCount(0);
  await expect(viewer.getByRole('menuitem', { name: 'PuTTY private key (.ppk)' })).toHaveCount(0);
  await viewer.close();

  const user = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await signIn(user, `user_${stamp}`, 'User_pass1');
  await expect(user).toHaveURL(/\/overview$/);
  await openUserMenu(user);
  await user.getByRole('menuitem', { name: 'Tools' }).hover();
  await expect(user.getByRole('menuitem', { name: 'Import public key' })).toBeVisible();
  await submenuOpened(user);
  // Role user gets no FAQ download (spec section 6).
  await expect(user.getByRole('menuitem', { name: 'FAQ' })).toHaveCount(0);
  // The private key for PuTTY and WinSCP, in PuTTY's own format.
  // The submenu is held open by a hover inside it first: a click while it still opens can close it.
  await user.getByRole('menuitem', { name: 'Download private key' }).hover();
  await expect(user.getByRole('menuitem', { name: 'PuTTY private key (.ppk)' })).toBeVisible();
  const download = user.waitForEvent('download');
  await user.getByRole('menuitem', { name: 'PuTTY private key (.ppk)' }).click();
  const ppk = await download;
  expect(ppk.suggestedFilename()).toBe(`id_ed25519_user_${stamp}.ppk`);
  expect(readFileSync((await ppk.path()) ?? '', 'utf8')).toMatch(/^PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n/);
  await user.close();
});

test('below the full-header width the user menu is compact: user, about, log out', async ({ page }) => {
  await page.setViewportSize({ width: 1300, height: 800 });
  await signInAsAdmin(page);
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'About' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Tools' })).toHaveCount(0);
  // The rest is under More (issue 11: every page reachable at every width).
  await expect(page.getByRole('menuitem', { name: 'More' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'About' }).click();
  await expect(await openDialog(page)).toContainText('HPC Edition');
  await expect(page.getByRole('dialog')).toContainText('Unplugged');
});
