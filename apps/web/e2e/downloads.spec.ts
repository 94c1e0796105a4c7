import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { baseURL, chooseTool, openDialog, openUserMenu, registeredUser, signIn, signInAsAdmin } from './support/portal';

/*
 * Tools → Download tools: a file nobody has put on the portal says so (and how an administrator
 * adds it) instead of a silent 404; an administrator uploads it from the dialog; the user then
 * downloads exactly those bytes. The About dialog shows the clusters' real node count.
 */

const USER_ROLE = 10002;
const WINSCP = 'install_winscp_putty.rar';
const BYTES = Buffer.from('WinSCP and PuTTY installer stand-in\n'.repeat(100));

/** Problems the browser reports: uncaught exceptions and unhandled rejections. */
const watchErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
};

const openDownloadTools = async (page: Page) => {
  await chooseTool(page, 'Download tools');
  // Submenus close once the pointer leaves them; until then they could cover the dialog's buttons.
  await page.mouse.move(1, 400);
  await expect(page.locator('.ant-dropdown-menu-sub:visible')).toHaveCount(0);
  return openDialog(page);
};

test('a missing tool says it is not installed; an administrator uploads it; the user downloads it', async ({
  browser,
  request,
}) => {
  const name = `dl_${Date.now().toString(36)}`;
  await registeredUser(request, name, 'Download_pass1', USER_ROLE);

  // A user: every tool (VNC and Citrix for role user on the HPC version, WinSCP for all) is missing.
  const user = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  const userErrors = watchErrors(user);
  await signIn(user, name, 'Download_pass1');
  await expect(user).toHaveURL(/\/overview$/);
  let dialog = await openDownloadTools(user);
  const userRow = dialog.getByTestId(`download-${WINSCP}`);
  await expect(userRow).toContainText('Not installed');
  await expect(userRow).toContainText('Ask an administrator to add it (Tools → Download tools → Upload)');
  for (const tool of ['VncViewer.zip', 'install_citrixreceiver.rar'])
    await expect(dialog.getByTestId(`download-${tool}`)).toContainText('Not installed');
  await expect(dialog.getByRole('button', { name: 'Download' })).toHaveCount(0);
  // Uploading is for administrators; the FAQ is not offered to role user.
  await expect(dialog.getByRole('button', { name: /Upload/ })).toHaveCount(0);
  await expect(dialog.getByTestId('download-FAQ.pdf')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(user.getByRole('dialog')).toHaveCount(0);

  // The administrator sees every file, the FAQ too, and uploads the missing WinSCP package.
  const admin = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  const adminErrors = watchErrors(admin);
  await signInAsAdmin(admin);
  dialog = await openDownloadTools(admin);
  await expect(dialog).toContainText('Users see the tools their role allows');
  for (const file of ['VncViewer.zip', 'install_citrixreceiver.rar', WINSCP, 'FAQ.pdf'])
    await expect(dialog.getByTestId(`download-${file}`)).toContainText(
      `downloads/${file === 'FAQ.pdf' ? 'faq' : 'software'}/${file}`,
    );
  const adminRow = dialog.getByTestId(`download-${WINSCP}`);
  await adminRow
    .locator('input[type=file]')
    .setInputFiles({ name: 'whatever-local-name.rar', mimeType: 'application/x-rar', buffer: BYTES });
  await expect(admin.getByText(`${WINSCP} is now on the portal`)).toBeVisible();
  await expect(adminRow).not.toContainText('Not installed');
  await expect(adminRow.getByRole('button', { name: `Upload ${WINSCP}` })).toHaveText(/Replace/);
  await expect(adminRow.getByRole('button', { name: 'Download' })).toBeVisible();
  await admin.close();

  // The user now downloads exactly those bytes under the tool's name.
  dialog = await openDownloadTools(user);
  const row = dialog.getByTestId(`download-${WINSCP}`);
  await expect(row).not.toContainText('Not installed');
  const download = user.waitForEvent('download');
  await row.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(WINSCP);
  expect(readFileSync((await file.path()) ?? '').equals(BYTES)).toBe(true);
  await user.close();

  expect(userErrors).toEqual([]);
  expect(adminErrors).toEqual([]);
});

test('the FAQ from the user menu says it is not installed, in Chinese too', async ({ browser }) => {
  const ctx = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1600, height: 900 } });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await signInAsAdmin(page);
  await chooseTool(page, /常见问题|FAQ/, '工具');
  await expect(page.getByText('门户上尚未安装此文件。管理员可在“工具 → 下载工具 → 上传”中添加。')).toBeVisible();
  expect(errors).toEqual([]);
  await ctx.close();
});

test("the About dialog shows the clusters' real node count beside the licensed one", async ({ page }) => {
  await signInAsAdmin(page);
  const heat = await page.request.post(`${baseURL()}/jm_jobheatmap/jobheatmap/queryClusterInfo.action`, { data: {} });
  const nodes: number = (await heat.json()).data.nodes.length;
  expect(nodes).toBeGreaterThan(0);
  const licence = (await (await page.request.post(`${baseURL()}/login/queryLicenseInfo.action`, { data: {} })).json()).data;
  await page.setViewportSize({ width: 1600, height: 900 });
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'About' }).click();
  const dialog = await openDialog(page);
  await expect(dialog.getByTestId('about-node-count')).toHaveText(
    `${nodes} in the clusters (licence allows ${licence.nodeCount})`,
  );
  // Nothing empty is listed: no "-" placeholders for a customer a trial does not have.
  await expect(dialog.getByText('Licensed to')).toHaveCount(licence.customer ? 1 : 0);
  await expect(dialog.locator('.ant-descriptions-item-content').filter({ hasText: /^-$/ })).toHaveCount(0);
});
