import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { chooseMenuEntry, openDialog, registeredUser, signIn } from './support/portal';
import { PORTAL_HOOK_TIMEOUT_MS, startPortal, type Portal } from './support/server';

/*
 * Across Center against a portal of its own with two local clusters and ui.transfer on: a folder
 * selected in E-File is sent to the other cluster, followed in the transfer list to Done, and
 * arrives byte for byte; sending it again is refused because nothing is overwritten. E-File
 * switches to the second cluster, keeps it across a reload and sends from there.
 */

test.use({ viewport: { width: 1600, height: 900 } });

const USER_ROLE = 10002;
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

let portal: Portal;
let homes: string;

test.beforeAll(async () => {
  test.setTimeout(PORTAL_HOOK_TIMEOUT_MS);
  homes = mkdtempSync(join(tmpdir(), 'e2e-transfer-'));
  // As root, local mode acts as each user's own account: they must pass through to their folders.
  chmodSync(homes, 0o711);
  portal = await startPortal({
    ui: { transfer: true },
    clusters: [
      { id: 'east', name: 'East', local: { homeDir: join(homes, 'east') } },
      { id: 'west', name: 'West', local: { homeDir: join(homes, 'west') } },
    ],
  });
});
test.afterAll(async () => {
  await portal?.stop();
  rmSync(homes, { recursive: true, force: true });
});

test('a folder is sent to another cluster and followed to the end', async ({ page, request }) => {
  test.slow();
  const user = `e2e_xfer_${Date.now().toString(36)}`;
  await registeredUser(request, user, 'Xfer_pass1', USER_ROLE, portal);
  const src = join(homes, 'east', user, 'results');
  mkdirSync(join(src, 'sub'), { recursive: true });
  writeFileSync(join(src, 'a.txt'), 'across the centre');
  writeFileSync(join(src, 'sub', 'big.bin'), randomBytes(3 * 1024 * 1024));

  await signIn(page, user, 'Xfer_pass1', portal.baseURL);
  await expect(page).toHaveURL(/\/overview$/);
  // File Transfer drops down E-File and Across Center; Across Center opens the file manager window
  // on its transfer list.
  const popup = page.waitForEvent('popup');
  await chooseMenuEntry(page, 'File Transfer', 'Across Center');
  const efile = await popup;
  await expect(efile.getByRole('heading', { name: 'E-File' })).toBeVisible();
  await expect(efile).toHaveURL(/view=transfers/);
  const list = efile.getByRole('dialog', { name: 'Across Center' });
  await expect(list.getByText('No transfers yet')).toBeVisible();
  await list.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(list).toBeHidden();
  await efile.getByTestId('row-results').getByRole('checkbox').check();
  await efile.getByRole('button', { name: 'Send to another cluster…' }).click();
  const dialog = await openDialog(efile);
  await expect(dialog.getByText('From cluster East')).toBeVisible();
  // The target cluster's home folder is suggested.
  await expect(dialog.getByLabel('Target folder')).toHaveValue(join(homes, 'west', user));
  await dialog.getByRole('button', { name: 'Send' }).click();

  const drawer = efile.getByRole('dialog', { name: 'Across Center' });
  await expect(drawer).toBeVisible();
  const item = drawer.locator('[data-testid^="transfer-"]').first();
  await expect(item.getByText('Done')).toBeVisible({ timeout: 30_000 });
  await expect(item).toContainText('2 of 2 files');
  await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  const out = join(homes, 'west', user, 'results');
  expect(readFileSync(join(out, 'a.txt'), 'utf8')).toBe('across the centre');
  expect(sha(join(out, 'sub', 'big.bin'))).toBe(sha(join(src, 'sub', 'big.bin')));

  // Sending it again would overwrite: refused with the reason, in the dialog.
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(drawer).toBeHidden();
  await efile.getByRole('button', { name: 'Send to another cluster…' }).click();
  const again = await openDialog(efile);
  await expect(again.getByLabel('Target folder')).toHaveValue(join(homes, 'west', user));
  await again.getByRole('button', { name: 'Send' }).click();
  await expect(again.getByText('A file or folder with this name already exists')).toBeVisible();
});

test('E-File switches to the other cluster, keeps it on reload and sends from there', async ({ page, request }) => {
  test.slow();
  const user = `e2e_xsw_${Date.now().toString(36)}`;
  await registeredUser(request, user, 'Xsw_pass1', USER_ROLE, portal);
  mkdirSync(join(homes, 'east', user), { recursive: true });
  writeFileSync(join(homes, 'east', user, 'east-only.txt'), 'east');
  const src = join(homes, 'west', user, 'west-data');
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'w.txt'), 'from the west');

  await signIn(page, user, 'Xsw_pass1', portal.baseURL);
  await expect(page).toHaveURL(/\/overview$/);
  const popup = page.waitForEvent('popup');
  await chooseMenuEntry(page, 'File Transfer', 'E-File');
  const efile = await popup;
  const row = (name: string) => efile.getByTestId(`row-${name}`);
  await expect(row('east-only.txt')).toBeVisible();
  const clusterBox = efile.getByRole('combobox', { name: 'Cluster' });
  await expect(efile.getByTestId('cluster-select')).toContainText('East');

  // By keyboard: open the list, go down to West, take it. West's home folder opens.
  await clusterBox.focus();
  await clusterBox.press('ArrowDown');
  await expect(efile.getByRole('option', { name: 'West' })).toBeAttached();
  await clusterBox.press('ArrowDown');
  await clusterBox.press('Enter');
  await expect(row('west-data')).toBeVisible();
  await expect(row('east-only.txt')).toHaveCount(0);
  await expect(efile.getByTestId('path-box')).toHaveValue(join(homes, 'west', user));
  await expect(efile).toHaveURL(/[?&]lang=en&.*cluster=west/);

  // A reload (or a bookmark) opens West again.
  await efile.reload();
  await expect(row('west-data')).toBeVisible();
  await expect(efile.getByTestId('cluster-select')).toContainText('West');
  await expect(efile.getByTestId('path-box')).toHaveValue(join(homes, 'west', user));
  await efile.screenshot({ path: '/tmp/efile-clusters.png' });

  // Uploads and the editor work on West too.
  const upload = join(homes, 'up-west.txt');
  writeFileSync(upload, 'uploaded to the west');
  await efile.getByTestId('upload-input').setInputFiles(upload);
  await expect(row('up-west.txt')).toBeVisible();
  expect(readFileSync(join(homes, 'west', user, 'up-west.txt'), 'utf8')).toBe('uploaded to the west');
  await row('up-west.txt').getByRole('link', { name: 'up-west.txt' }).click();
  await expect(efile.getByTestId('text-editor')).toHaveValue('uploaded to the west');
  await efile.getByRole('button', { name: 'Close', exact: true }).click();

  // WebShell here opens the shell on West.
  const shell = efile.waitForEvent('popup');
  await efile.getByRole('button', { name: 'WebShell here' }).click();
  const shellPage = await shell;
  await expect(shellPage).toHaveURL(/\/eshell\?clusterId=west&cwd=/);
  await shellPage.close();

  // West is the source; only East is offered as the target.
  await row('west-data').getByRole('checkbox').check();
  await efile.getByRole('button', { name: 'Send to another cluster…' }).click();
  const dialog = await openDialog(efile);
  await expect(dialog.getByText('From cluster West')).toBeVisible();
  await expect(dialog.getByLabel('Target folder')).toHaveValue(join(homes, 'east', user));
  await dialog.getByRole('combobox', { name: 'Target cluster' }).click();
  await expect(efile.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['East']);
  await dialog.getByRole('combobox', { name: 'Target cluster' }).press('Escape');
  await dialog.getByRole('button', { name: 'Send' }).click();

  const drawer = efile.getByRole('dialog', { name: 'Across Center' });
  const item = drawer.locator('[data-testid^="transfer-"]').first();
  await expect(item.getByText('Done')).toBeVisible({ timeout: 30_000 });
  await expect(item).toContainText(`west → east:${join(homes, 'east', user)}`);
  expect(readFileSync(join(homes, 'east', user, 'west-data', 'w.txt'), 'utf8')).toBe('from the west');

  // Back on East, its files are listed again.
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  await clusterBox.click();
  await efile.getByRole('option', { name: 'East' }).click();
  await expect(row('west-data')).toBeVisible();
  await expect(row('east-only.txt')).toBeVisible();
  await expect(efile).toHaveURL(/cluster=east/);
});
