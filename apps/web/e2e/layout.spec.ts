import { expect, test } from '@playwright/test';
import { baseURL, chooseLanguage, signInAsAdmin } from './support/portal';

test.use({ viewport: { width: 1600, height: 900 } });

test('choosing the current menu entry again reloads the page', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto(`${baseURL()}/account/users`);
  const search = page.getByPlaceholder('Search by user name');
  await search.fill('someone');
  await page.getByRole('menuitem', { name: 'Users', exact: true }).click();
  await expect(page.getByPlaceholder('Search by user name')).toHaveValue('');
  await expect(page).toHaveURL(/\/account\/users$/);
});

test('the side menu can be hidden, and stays hidden for the rest of the session', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto(`${baseURL()}/account/audit-log`);
  const side = page.getByRole('complementary', { name: 'Side menu' });
  await expect(side.getByRole('menuitem', { name: 'Audit log' })).toBeVisible();
  await page.getByRole('button', { name: 'Hide the menu' }).click();
  await expect(side.getByRole('menuitem', { name: 'Audit log' })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show the menu' })).toBeVisible();
  await expect(side.getByRole('menuitem', { name: 'Audit log' })).toBeHidden();
  await page.getByRole('button', { name: 'Show the menu' }).click();
  await expect(side.getByRole('menuitem', { name: 'Audit log' })).toBeVisible();
});

test('the root path goes to the default page of the menu', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto(`${baseURL()}/`);
  await expect(page).toHaveURL(/\/overview$/);
});

test('the language switch turns the console into Chinese and remembers it', async ({ page }) => {
  await signInAsAdmin(page);
  await chooseLanguage(page, '简体中文');
  await expect(page.getByRole('menuitem', { name: '账户' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('menuitem', { name: '概览' })).toBeVisible();
});

test('at 1280 px the header keeps every top menu entry, with the statistics as icons and numbers', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  const top = page.getByRole('menu', { name: 'Main menu' });
  for (const name of ['Overview', 'Job', 'WebShell', 'File Transfer', 'Resources', 'Alarms', 'Account', 'Cost'])
    await expect(top.getByRole('menuitem', { name }), name).toBeVisible();
  // The words went into tooltips and accessible names, the numbers stay.
  const stats = page.getByRole('status', { name: 'Cluster statistics' });
  await expect(stats.getByText('Online users')).toHaveCount(0);
  await expect(stats.getByLabel('Online users')).toBeVisible();
  await stats.getByLabel('Online users').hover();
  await expect(page.getByRole('tooltip', { name: 'Online users' })).toBeVisible();
});

test('at 1600 px in English every top menu entry stays in the header, none folded away', async ({ page }) => {
  await signInAsAdmin(page);
  const top = page.getByRole('menu', { name: 'Main menu' });
  for (const name of ['Overview', 'Job', 'WebShell', 'File Transfer', 'Resources', 'Alarms', 'Account', 'Cost', 'My desktops'])
    await expect(top.getByRole('menuitem', { name }), name).toBeVisible();
  // The statistics keep their numbers, the words in tooltips, to make that room.
  await expect(page.getByRole('status', { name: 'Cluster statistics' }).getByLabel('Online users')).toBeVisible();
});
