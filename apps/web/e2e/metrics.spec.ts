import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { apiSession } from './support/api';
import { E2E_ADMIN } from './support/constants';
import { signInAsAdmin } from './support/portal';
import { dropdownOption } from './support/select';

/*
 * The metric backtrack (issue 15, spec sections 2, 5 and 9) against the real server, whose local
 * cluster's embedded collector scrapes this host (builtin:host): an administrator opens the page
 * from the menu, picks the collected resource and two metrics, queries today, sees a chart per
 * metric with the step and resolution, and exports the series as CSV. The page refuses a
 * malformed selector and too many series without asking the server.
 */

test.describe.configure({ mode: 'serial' });

const HISTORY = '/monitor/getHisMetricByTimeInterval.action';
const Catalogue = z.object({ resources: z.array(z.string()) });
const History = z.object({ list: z.array(z.object({ points: z.array(z.object({ value: z.number().nullable() })) })) });

let host = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  try {
    host = Catalogue.parse(await admin.ok('GET', '/resource/api/metrics/catalogue')).resources[0] ?? '';
    expect(host, 'the collector reads this host').not.toBe('');
    // The collector's first round runs at start; wait until its sample is in the store.
    await expect
      .poll(
        async () => {
          const answer = History.parse(
            await admin.ok('POST', HISTORY, {
              resources: host,
              metrics: ['memory.total'],
              startTime: new Date(Date.now() - 3_600_000).toISOString(),
              endTime: new Date().toISOString(),
            }),
          );
          return answer.list[0]?.points.some((p) => p.value !== null) ?? false;
        },
        { timeout: 90_000 },
      )
      .toBe(true);
  } finally {
    await admin.dispose();
  }
});

/** Counts the page's backtrack queries. */
const countQueries = (page: Page) => {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (r.url().includes(HISTORY)) seen.count++;
  });
  return seen;
};

const openFromMenu = async (page: Page) => {
  await signInAsAdmin(page);
  await page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name: 'Resources' }).click();
  await page.getByRole('menuitem', { name: 'Metric backtrack' }).click();
  await expect(page).toHaveURL(/\/manage\/resourceManage\/metric-backtrack$/);
  await expect(page.getByText(/^Name resources, choose metrics and a range/)).toBeVisible();
};

test("an administrator charts this host's memory and CPU for today and exports them", async ({ page }) => {
  await openFromMenu(page);
  const queries = countQueries(page);
  await page.getByLabel('Add a collected resource').click();
  await dropdownOption(page, host).click();
  await expect(page.getByLabel('Resources', { exact: true })).toHaveValue(host);
  await expect(page.getByTestId('selector-status')).toHaveText('Names 1 resource');

  const metrics = page.getByLabel('Metrics', { exact: true });
  // The list is long (and virtual): typing narrows it to the entry.
  await metrics.fill('Memory total');
  await dropdownOption(page, 'Memory total').click();
  await metrics.fill('CPU usage');
  await dropdownOption(page, 'CPU usage').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('series-count')).toHaveText('2 series (resources × metrics: 1 × 2)');

  await page.getByLabel('Time range', { exact: true }).click();
  await dropdownOption(page, 'Today').click();
  await page.getByRole('button', { name: 'Query' }).click();

  const memory = page.getByTestId('metric-chart-memory.total');
  await expect(memory.getByText('Memory total (bytes)')).toBeVisible({ timeout: 60_000 });
  await expect(memory.getByRole('img', { name: `Line chart of Memory total for ${host}` })).toBeVisible();
  await expect(memory.locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('metric-chart-cpu.usage').getByText('CPU usage (%)')).toBeVisible();
  await expect(page.getByTestId('metric-caption')).toHaveText(
    /^\d{4}-\d\d-\d\d 00:00:00 to \d{4}-\d\d-\d\d 23:59:59: one point every \d+ (seconds?|minutes?|hours?), (raw samples|5-minute rollups|hourly rollups) · Collected by the portal$/,
  );
  expect(queries.count).toBe(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^metrics-(local-)?\d{8}-\d{6}\.csv$/);
  const lines = (await readFile(await file.path(), 'utf8')).trim().split('\r\n');
  expect(lines[0]).toBe('time,resource,metric,unit,value');
  const escaped = host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(
    lines.some((l) =>
      new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,${escaped},memory\\.total,bytes,\\d+(\\.\\d+)?$`).test(l),
    ),
  ).toBe(true);
  await expect(page.getByText(/^Exported \d+ rows?$/)).toBeVisible();
});

test('a malformed selector and too many series are refused without a query', async ({ page }) => {
  await openFromMenu(page);
  const queries = countQueries(page);
  const selector = page.getByLabel('Resources', { exact: true });
  await selector.fill('gv[1-');
  await expect(page.getByTestId('selector-status')).toHaveText('Unbalanced brackets');
  await page.getByLabel('Metrics', { exact: true }).fill('Memory usage');
  await dropdownOption(page, 'Memory usage').click();
  await page.keyboard.press('Escape');
  await selector.press('Enter');
  // Refused on the page: the hint stays, nothing was asked.
  await expect(page.getByText(/^Name resources, choose metrics and a range/)).toBeVisible();
  expect(queries.count).toBe(0);

  await selector.fill('gv[001-401]');
  await expect(page.getByTestId('selector-status')).toHaveText('Names 401 resources');
  await page.getByRole('button', { name: 'Query' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'is more than one query may read (400)' })).toBeVisible();
  expect(queries.count).toBe(0);

  // Above 40 series the page asks first; cancelled, nothing is asked.
  await selector.fill('gv[01-41]');
  await selector.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'This query may be slow' });
  await expect(dialog.getByText('It reads 41 series (resources × metrics: 41 × 1)', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(queries.count).toBe(0);
});
