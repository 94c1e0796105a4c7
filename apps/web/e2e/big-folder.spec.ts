import { chownSync, closeSync, mkdirSync, openSync, statSync, symlinkSync, lchownSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseURL, registeredUser, sharedPortal, signIn } from './support/portal';

/*
 * A folder of 100,000 entries in E-File (issue 11, item 2): its first page shows within seconds in
 * the right order (folders and links to folders first, then by name, hidden entries hidden), a
 * later server page comes as the table scrolls, and sorting by size puts the largest file first.
 * The server reads only names and kinds for a page by name and stats the page's rows alone.
 */

test.use({ viewport: { width: 1600, height: 900 } });

const USER_ROLE = 10002;
const FILES = 100_000;
const USER = 'e2e_bigdir';
const PASSWORD = 'Bigdir_pass1';

const fileName = (i: number) => `f-${String(i).padStart(6, '0')}.dat`;

/** The folder planted as the user would have made it: owned like their home. */
const plant = (home: string): string => {
  const dir = join(home, 'big');
  const { uid, gid } = statSync(home);
  const asUser = process.getuid?.() === 0;
  mkdirSync(dir);
  for (let i = 0; i < FILES; i++) {
    const p = join(dir, fileName(i));
    closeSync(openSync(p, 'w'));
    if (asUser) chownSync(p, uid, gid);
  }
  mkdirSync(join(dir, 'Zdir'));
  mkdirSync(join(dir, 'adir'));
  symlinkSync('adir', join(dir, 'to-adir'));
  writeFileSync(join(dir, 'big-1.bin'), 'x'.repeat(3000));
  writeFileSync(join(dir, 'big-2.bin'), 'x'.repeat(2000));
  writeFileSync(join(dir, '.hidden'), '');
  if (asUser) {
    for (const n of ['Zdir', 'adir', 'big-1.bin', 'big-2.bin', '.hidden']) chownSync(join(dir, n), uid, gid);
    lchownSync(join(dir, 'to-adir'), uid, gid);
    chownSync(dir, uid, gid);
  }
  return dir;
};

/** The rows the virtual table shows, top to bottom. */
const shownNames = async (page: Page): Promise<string[]> =>
  (await page.locator('[data-testid^="row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid') ?? ''))).map(
    (id) => id.replace(/^row-/, ''),
  );

test('a folder of 100,000 entries opens at once, pages as it scrolls and sorts by size', async ({ page, request }) => {
  test.setTimeout(300_000);
  await registeredUser(request, USER, PASSWORD, USER_ROLE);
  await signIn(page, USER, PASSWORD);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto(`${baseURL()}/efile`);
  const box = page.getByTestId('path-box');
  await expect(box).toHaveValue(/\/e2e_bigdir$/);
  const dir = plant(join(sharedPortal().dataDir, 'home', USER));

  await box.fill(dir);
  const started = Date.now();
  await box.press('Enter');
  await expect(page.getByTestId('row-adir')).toBeVisible({ timeout: 30_000 });
  const firstPageMs = Date.now() - started;
  // Generous for a busy 2-core machine (bench/files measures the real figure, about a second).
  expect(firstPageMs, `first page shown after ${firstPageMs} ms`).toBeLessThan(15_000);
  expect((await shownNames(page)).slice(0, 7)).toEqual([
    'adir',
    'to-adir',
    'Zdir',
    'big-1.bin',
    'big-2.bin',
    fileName(0),
    fileName(1),
  ]);
  await expect(page.getByTestId('row-.hidden')).toHaveCount(0);
  const total = FILES + 5;
  await expect(page.getByTestId('file-table')).toContainText(`300 of ${total} items shown`);
  // Details of the page's rows: the size of a file.
  await expect(page.getByTestId('row-big-1.bin')).toContainText(/2\.93 K/);

  // Scrolling to the end of what is loaded asks for the next server page: the fourth ends at row 1,200.
  // Each poll scrolls to the end again (a scroll made while a page is still rendering is lost).
  const holder = page.locator('.ant-table-tbody-virtual-holder');
  const shownCount = async () => {
    await holder.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const text = (await page.getByTestId('file-table').textContent()) ?? '';
    return Number(/([\d,]+) of [\d,]+ items shown/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
  };
  await expect.poll(shownCount, { timeout: 120_000, intervals: [500] }).toBeGreaterThanOrEqual(1200);
  // Row 1,200 (the fourth page's last) is there once scrolled to. The rows share the holder's height
  // evenly; count and height are read together, as another page may come in between two polls.
  const scrollToRow1200 = async () => {
    await holder.evaluate((el) => {
      const text = document.querySelector('[data-testid="file-table"]')?.textContent ?? '';
      const loadedRows = Number(/([\d,]+) of [\d,]+ items shown/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
      if (loadedRows > 0) el.scrollTo({ top: (1192 * el.scrollHeight) / loadedRows });
    });
    return page.getByTestId(`row-${fileName(1194)}`).isVisible();
  };
  await expect.poll(scrollToRow1200, { timeout: 60_000, intervals: [500] }).toBe(true);

  // Sorting by size, largest first: folders still first, then the two big files.
  const size = page.getByRole('columnheader', { name: 'Size' });
  await size.click();
  await expect(size).toHaveAttribute('aria-sort', 'ascending');
  await size.click();
  await expect(size).toHaveAttribute('aria-sort', 'descending');
  await expect(async () => {
    await holder.hover();
    await page.mouse.wheel(0, -200_000);
    const names = await shownNames(page);
    const files = names.filter((n) => !['adir', 'to-adir', 'Zdir'].includes(n));
    expect(names.slice(0, 3).sort()).toEqual(['Zdir', 'adir', 'to-adir']);
    expect(files.slice(0, 2)).toEqual(['big-1.bin', 'big-2.bin']);
  }).toPass({ timeout: 60_000 });
});
