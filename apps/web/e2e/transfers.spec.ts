import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openDialog, registeredUser, signIn } from './support/portal';
import { startPortal, type Portal } from './support/server';

/*
 * Across Center against a portal of its own with two local clusters and ui.transfer on: a folder
 * selected in E-File is sent to the other cluster, followed in the transfer list to Done, and
 * arrives byte for byte; sending it again is refused because nothing is overwritten.
 */

test.use({ viewport: { width: 1600, height: 900 } });

const USER_ROLE = 10002;
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

let portal: Portal;
let homes: string;

test.beforeAll(async () => {
  homes = mkdtempSync(join(tmpdir(), 'e2e-transfer-'));
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
  await page.getByRole('menuitem', { name: 'File Transfer' }).hover();
  const popup = page.waitForEvent('popup');
  await page.getByRole('menuitem', { name: 'Across Center' }).click();
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
