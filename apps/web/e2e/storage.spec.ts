import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/portal';

/*
 * Parallel storage (issue 15) against the real server: the e2e portal's storage systems
 * (global-setup) are read from this host's own figures (builtin:host): `scratch` on its root file
 * system answers; `archive` has a second server that never answers. An administrator opens the
 * page from the menu, reads state, capacity and the IO charts, changes the range, and sees the
 * storage servers listed.
 */

test('an administrator reads the storage systems, their IO and their servers', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page);
  await page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name: 'Resources' }).click();
  await page.getByRole('menuitem', { name: 'Parallel storage' }).click();
  await expect(page).toHaveURL(/\/manage\/resourceManage\/parastor$/);

  const scratch = page.getByTestId('storage-scratch');
  // The collector's first round reads the capacity (a round every 5 s).
  await expect(scratch.getByText('Normal', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(scratch).toContainText('1 of 1 answering');
  await expect(scratch).toContainText('/public');
  await expect(scratch.getByTestId('storage-capacity')).toHaveText(
    /^[\d.]+ [KMGTP]?B used of [\d.]+ [KMGTP]?B, [\d.]+ [KMGTP]?B free$/,
  );
  await expect(scratch.getByRole('progressbar', { name: 'Capacity used of scratch' })).toBeVisible();
  await expect(scratch.getByText('IOPS (per second)')).toBeVisible();
  await expect(scratch.getByText('Throughput (bytes/s)')).toBeVisible();
  // The disks' rates need two rounds, and the page reads again at the refresh interval (30 s):
  // then the charts draw a read and a write line.
  await expect(scratch.getByRole('img', { name: 'Line chart of IOPS for Read, Write' })).toBeVisible({ timeout: 90_000 });

  const archive = page.getByTestId('storage-archive');
  await expect(archive.getByText('Degraded', { exact: true })).toBeVisible();
  await expect(archive).toContainText('1 of 2 answering');
  await expect(archive).toContainText('nfs');

  // Another range: the server is asked for the last day.
  const day = page.waitForResponse((r) => r.url().includes('/api/bigscreen/queryparastorlist') && r.ok());
  await page.getByText('Last day', { exact: true }).click();
  const answer = await day;
  const url = new URL(answer.url());
  const span = Date.parse(url.searchParams.get('endTime') ?? '') - Date.parse(url.searchParams.get('startTime') ?? '');
  expect(span).toBe(86_400_000);
  await expect(scratch.getByText('Normal', { exact: true })).toBeVisible();

  const nodes = page.getByTestId('storage-nodes');
  await expect(nodes.getByRole('row')).toHaveCount(4);
  const away = nodes.getByRole('row').filter({ hasText: 'stor02' });
  await expect(away).toContainText('archive');
  await expect(away).toContainText('Unknown');
  await expect(nodes.getByRole('row').filter({ hasText: 'scratch' })).toContainText('Normal');
});
