import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openDialog, registeredUser, signIn, openUserMenu } from './support/portal';

/*
 * The E-File window against the real server: opened from the header with a one-time token, a
 * folder created, a file uploaded in chunks with a progress bar, downloaded byte for byte,
 * renamed and deleted; a viewer browses without any change action.
 */

// Wide enough for every top menu entry to show in the header without the overflow menu.
test.use({ viewport: { width: 1600, height: 900 } });

const USER_ROLE = 10002;
const VIEWER_ROLE = 10006;

/** Signs in and opens E-File from the header: the file manager comes up in its own window. */
const openEfile = async (page: Page, user: string, password: string) => {
  await signIn(page, user, password);
  await expect(page).toHaveURL(/\/overview$/);
  const popup = page.waitForEvent('popup');
  await page.getByRole('menuitem', { name: 'File Transfer' }).click();
  const efile = await popup;
  await expect(efile.getByRole('heading', { name: 'E-File' })).toBeVisible();
  // The single-use token is gone from the address once redeemed.
  await expect(efile).toHaveURL(/\/efile\?lang=en&title=/);
  return efile;
};

const row = (efile: Page, name: string) => efile.getByTestId(`row-${name}`);

test('a user creates a folder, uploads, downloads, renames and deletes a file in E-File', async ({ page, request }) => {
  test.slow();
  await registeredUser(request, 'e2e_files', 'Files_pass1', USER_ROLE);
  const efile = await openEfile(page, 'e2e_files', 'Files_pass1');
  await expect(efile).toHaveTitle(/^E-File/);

  await efile.getByRole('button', { name: 'New folder' }).click();
  let dialog = await openDialog(efile);
  await dialog.getByLabel('Name').fill('e2e-data');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(row(efile, 'e2e-data')).toBeVisible();
  // One cluster configured: nothing to choose, no cluster selector.
  await expect(efile.getByTestId('cluster-select')).toHaveCount(0);
  await row(efile, 'e2e-data').getByRole('link', { name: 'e2e-data' }).click();
  await expect(efile.getByTestId('path-box')).toHaveValue(/\/e2e-data$/);
  await expect(efile.getByText('This folder is empty')).toBeVisible();

  // 12 MiB: two chunks of the contract's 8 MiB.
  const original = randomBytes(12 * 1024 * 1024);
  const dir = mkdtempSync(join(tmpdir(), 'e2e-files-'));
  const source = join(dir, 'results.bin');
  writeFileSync(source, original);
  await efile.getByTestId('upload-input').setInputFiles(source);
  const panel = efile.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('progressbar')).toBeVisible();
  await expect(panel.getByTestId('upload-results.bin')).toContainText('Complete', { timeout: 30_000 });
  await expect(row(efile, 'results.bin')).toContainText('12.00 MB');

  await row(efile, 'results.bin').getByRole('checkbox').check();
  const download = efile.waitForEvent('download');
  await efile.getByRole('button', { name: 'Download', exact: true }).click();
  const saved = join(dir, 'downloaded.bin');
  await (await download).saveAs(saved);
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  expect(sha(readFileSync(saved))).toBe(sha(original));
  rmSync(dir, { recursive: true, force: true });

  await row(efile, 'results.bin').getByRole('button', { name: 'Actions for results.bin' }).click();
  await efile.getByRole('menuitem', { name: 'Rename' }).click();
  dialog = await openDialog(efile);
  await dialog.getByLabel('Name').fill('renamed.bin');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(row(efile, 'renamed.bin')).toBeVisible();
  await expect(row(efile, 'results.bin')).toHaveCount(0);

  // The Delete key works like the toolbar's Delete while the focus is in the table.
  await row(efile, 'renamed.bin').getByRole('checkbox').check();
  await row(efile, 'renamed.bin').getByRole('checkbox').press('Delete');
  dialog = await openDialog(efile);
  await expect(dialog.getByTestId('delete-list')).toHaveText('renamed.bin');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(row(efile, 'renamed.bin')).toHaveCount(0);
  await expect(efile.getByText('This folder is empty')).toBeVisible();

  // A bad path keeps the user where they were, with the reason.
  await efile.getByTestId('path-box').fill('/no/such/folder/anywhere');
  await efile.getByTestId('path-box').press('Enter');
  await expect(efile.getByText(/file not exist|outside the folders/)).toBeVisible();
  await expect(efile.getByTestId('path-box')).toHaveValue(/\/e2e-data$/);
});

test('an upload whose connection drops resumes where the server got to', async ({ page, request }) => {
  await registeredUser(request, 'e2e_files_resume', 'Resume_pass1', USER_ROLE);
  const efile = await openEfile(page, 'e2e_files_resume', 'Resume_pass1');
  // The second chunk's connection is cut once: the page must ask the server and send it again.
  const patches: string[] = [];
  await efile.route('**/efile/api/uploads/*', async (route) => {
    const req = route.request();
    if (req.method() !== 'PATCH') return route.continue();
    const offset = (await req.headerValue('upload-offset')) ?? '';
    patches.push(offset);
    if (patches.length === 2) return route.abort('connectionreset');
    return route.continue();
  });
  const dir = mkdtempSync(join(tmpdir(), 'e2e-files-'));
  const original = randomBytes(20 * 1024 * 1024);
  const source = join(dir, 'resumed.bin');
  writeFileSync(source, original);
  await efile.getByTestId('upload-input').setInputFiles(source);
  const item = efile.getByRole('region', { name: 'Uploads' }).getByTestId('upload-resumed.bin');
  await expect(item).toContainText('Complete', { timeout: 30_000 });
  const chunk = String(8 * 1024 * 1024);
  expect(patches).toEqual(['0', chunk, chunk, String(16 * 1024 * 1024)]);

  const download = efile.waitForEvent('download');
  await row(efile, 'resumed.bin').getByRole('checkbox').check();
  await efile.getByRole('button', { name: 'Download', exact: true }).click();
  const saved = join(dir, 'back.bin');
  await (await download).saveAs(saved);
  expect(readFileSync(saved).equals(original)).toBe(true);
  rmSync(dir, { recursive: true, force: true });
});

test('a viewer browses files but is offered no change', async ({ page, request }) => {
  await registeredUser(request, 'e2e_files_viewer', 'Viewer_pass1', VIEWER_ROLE);
  const efile = await openEfile(page, 'e2e_files_viewer', 'Viewer_pass1');
  await expect(efile.getByRole('button', { name: 'Download', exact: true })).toBeVisible();
  for (const name of ['Upload', 'New folder', 'New file', 'Rename', 'Copy to', 'Move to', 'Delete', 'WebShell here'])
    await expect(efile.getByRole('button', { name, exact: true })).toHaveCount(0);

  // Logging out of the console warns about the open window and closes it (spec section 4).
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const confirm = await openDialog(page);
  await expect(confirm).toContainText('A file manager window is still open');
  await confirm.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => efile.isClosed()).toBe(true);
});
