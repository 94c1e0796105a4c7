import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { Role } from '@portal/shared';
import { z } from 'zod';
import { apiSession } from './support/api';
import { seriousViolations } from './support/axe';
import { E2E_ADMIN } from './support/constants';
import { baseURL, openDialog, registeredUser, signIn } from './support/portal';
import { dropdownOption } from './support/select';

/*
 * The alarm list (issue 16) against the real server. The shared portal's collector reads this
 * host (builtin:host, every 5 s: global-setup) under the catalogue's first resource name; a
 * threshold template on that server with "CPU cores >= 1" (always hit) raises a real warning
 * alarm. An operator finds it with the counts and the filters, confirms it with a remark (the
 * remark is asked for), reads its details (fields, confirmation log, the snapshot of its metric)
 * with the keyboard, and cancels the confirmation after being asked; a viewer reads the list
 * without the means to confirm.
 */

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-6);
const OPERATOR = { name: `lop_${stamp}`, password: 'Oper_pass12' };
const VIEWER = { name: `lvw_${stamp}`, password: 'Viewer_pass12' };
const TEMPLATE = `cores-${stamp}`;
const PAGE = '/manage/alarmManage/alarm-list';
const ACTIVE = '/am_ma/api/aggregationalarmmanage/activealarmlist';
const TEMPLATES = '/am_ma/api/thresholdtempl/alarmthresholdtempls';

const Catalogue = z.object({ resources: z.array(z.string()) });
const Assets = z.object({ list: z.array(z.object({ id: z.number(), name: z.string() })) });
const Created = z.object({ id: z.number() });
const Alarms = z.object({ total: z.number(), list: z.array(z.object({ id: z.number(), thresholdTempName: z.string() })) });

let host = '';
let templateId = 0;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  await registeredUser(request, OPERATOR.name, OPERATOR.password, Role.opt);
  await registeredUser(request, VIEWER.name, VIEWER.password, Role.viewer);
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  try {
    host = Catalogue.parse(await admin.ok('GET', '/resource/api/metrics/catalogue')).resources[0] ?? '';
    expect(host, 'the collector reads this host').not.toBe('');
    // The server named as this host (as resources.spec.ts adds it: its management address answers).
    const find = async () =>
      Assets.parse(await admin.ok('GET', `/resource/api/assets?keyword=${encodeURIComponent(host)}&pageLimit=10`)).list.find(
        (a) => a.name === host,
      );
    const asset =
      (await find()) ??
      Created.parse(await admin.ok('POST', '/resource/api/assets', { name: host, type: 'SERVER', manageIp: '127.0.0.1' }));
    templateId = Created.parse(
      await admin.ok('POST', TEMPLATES, {
        name: TEMPLATE,
        kind: 'custom',
        resourceType: 'SERVER',
        resources: [asset.id],
        indicators: [
          { metric: 'cpu.count', alarmCount: 1, recoveryCount: 1, levels: [{ severity: 'warning', op: '>=', value: 1 }] },
        ],
      }),
    ).id;
    // The next round of the collector raises it.
    await expect
      .poll(
        async () =>
          Alarms.parse(await admin.ok('GET', `${ACTIVE}?keyword=${encodeURIComponent(host)}`)).list.some(
            (a) => a.thresholdTempName === TEMPLATE,
          ),
        { timeout: 120_000 },
      )
      .toBe(true);
  } finally {
    await admin.dispose();
  }
});

test.afterAll(async () => {
  if (!templateId) return;
  // Deleting the template ends its open alarm: the later specs see no alarm of this one.
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  await admin.ok('DELETE', `${TEMPLATES}?ids=${templateId}`);
  await admin.dispose();
});

const openList = async (page: Page, user: { name: string; password: string }) => {
  await signIn(page, user.name, user.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${baseURL()}${PAGE}`);
  await expect(page.getByText('Alarm list', { exact: true }).first()).toBeVisible();
};

/** The row of this spec's alarm. */
const alarmRow = (page: Page) => page.getByRole('row').filter({ hasText: TEMPLATE });

test('an operator finds the alarm, confirms it with a remark and reads its details', async ({ page }) => {
  await openList(page, OPERATOR);
  // The open alarms by level: this one is a warning.
  await expect(page.getByTestId('alarm-count-warning')).toHaveText(/^Warning[1-9]\d*$/);
  await expect(page.getByTestId('alarm-count-unconfirmed')).toBeVisible();
  await expect(page.getByText('Refreshes every 30 s')).toBeVisible();

  const row = alarmRow(page);
  await expect(row.getByText('Warning', { exact: true })).toBeVisible();
  await expect(row.getByText(host, { exact: true })).toBeVisible();
  await expect(row.getByText('Server', { exact: true })).toBeVisible();
  await expect(row.getByText('CPU cores', { exact: true })).toBeVisible();
  await expect(row.getByText('>= 1', { exact: true })).toBeVisible();
  await expect(row.getByText('Unconfirmed', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}: details of the alarm of/ })).toBeVisible();
  // axe finds nothing serious on the list with an alarm (the accessibility spec sees it empty).
  expect(await seriousViolations(page, 'alarm list', '#portal-content')).toEqual([]);

  // The filters narrow the list: no critical alarm of this server, then the warning again.
  await page.getByLabel('Resource name').fill(host);
  await page.getByLabel('Grade').click();
  await dropdownOption(page, 'Critical').click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Nothing matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Resource name').fill(host);
  await page.getByLabel('Confirm status').click();
  await dropdownOption(page, 'Unconfirmed').click();
  await page.getByLabel('Resource name').press('Enter');
  await expect(row).toBeVisible();

  // Confirming a selection asks for a remark, which cannot be empty.
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Confirm selected (1)' }).click();
  let dialog = await openDialog(page);
  await expect(dialog.getByText('Confirm 1 alarm')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('remark cannot be empty')).toBeVisible();
  await dialog.getByLabel('Remark').fill('Known: the test host');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('1 alarm confirmed')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Still filtered by "Unconfirmed": the confirmed alarm has left the list.
  await expect(page.getByText('Nothing matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Unconfirm the alarm of/ })).toBeVisible();

  // The details, opened with the keyboard: every field, the log with the remark, the snapshot.
  await row.getByRole('button', { name: /details of the alarm of/ }).focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: new RegExp(`^Alarm of ${host} at `) });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Highest level')).toBeVisible();
  await expect(drawer.getByText(TEMPLATE, { exact: true })).toBeVisible();
  await expect(drawer.getByText('Threshold reached')).toBeVisible();
  const log = drawer.locator('.ant-card').filter({ hasText: 'Confirmation log' });
  await expect(log.getByText('Known: the test host')).toBeVisible();
  await expect(log.getByText(OPERATOR.name)).toBeVisible();
  const snapshot = drawer.getByTestId('alarm-snapshot');
  await expect(snapshot.getByText('CPU cores, an hour either side of the alarm')).toBeVisible();
  // Raised a moment ago: the hour after has not passed, so it is read from the metric source.
  await expect(snapshot.getByText('Live', { exact: true })).toBeVisible();
  await expect(snapshot.getByRole('img', { name: new RegExp(`^Line chart of CPU cores on ${host}`) })).toBeVisible();
  await expect(drawer.getByText(`Latest alarms of ${host}`)).toBeVisible();
  expect(await seriousViolations(page, 'alarm details', '#portal-content')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Cancelling the confirmation asks first (spec section 4), then for a remark.
  await row.getByRole('button', { name: /^Unconfirm the alarm of/ }).click();
  let ask = await openDialog(page);
  await expect(ask.locator('.ant-modal-confirm-title')).toHaveText('Cancel the confirmation of 1 alarm?');
  await ask.getByRole('button', { name: 'Keep it confirmed' }).click();
  await expect(ask).toBeHidden();
  await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Unconfirm the alarm of/ }).click();
  ask = await openDialog(page);
  await ask.getByRole('button', { name: 'Continue' }).click();
  dialog = page.getByRole('dialog').filter({ hasText: 'Cancel the confirmation of 1 alarm' });
  await expect(dialog.getByLabel('Remark')).toBeVisible();
  await dialog.getByLabel('Remark').fill('Still to look at');
  await dialog.getByRole('button', { name: 'Unconfirm' }).click();
  await expect(page.getByText('Confirmation of 1 alarm cancelled')).toBeVisible();
  await expect(row.getByText('Unconfirmed', { exact: true })).toBeVisible();

  // The history: the recovered alarms, with a raise-time range and the recovery time.
  await page.getByRole('tab', { name: 'Historical alarms' }).click();
  await expect(page).toHaveURL(/tab=history/);
  // Future days cannot be picked (spec section 5).
  await page.getByPlaceholder('Raised from').click();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await expect(page.locator(`.ant-picker-dropdown td[title="${day}"]`).first()).toHaveClass(/ant-picker-cell-disabled/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Recovery time' })).toBeVisible();
  await expect(alarmRow(page)).toHaveCount(0);
});

test('a viewer reads the alarms without the means to confirm them', async ({ page }) => {
  await openList(page, VIEWER);
  const row = alarmRow(page);
  await expect(row.getByText('Warning', { exact: true })).toBeVisible();
  await expect(row.getByText('Unconfirmed', { exact: true })).toBeVisible();
  await expect(row.getByRole('checkbox')).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Confirm selected/ })).toHaveCount(0);
  // A click on the row opens its details, with the log of the operator's steps.
  await row.getByText('CPU cores', { exact: true }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`^Alarm of ${host} at `) });
  await expect(drawer.getByText('Still to look at')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
});

test('a viewer exports the real-time alarms with their filters to xlsx, downloads the file and removes the task', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openList(page, VIEWER);
  // No tasks yet: the drawer's empty state.
  await page.getByRole('button', { name: 'Export tasks' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Alarm export tasks' });
  await expect(drawer.getByText('No export tasks yet')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  // A filter matching nothing: refused with the spec's text.
  await page.getByLabel('Resource name').fill(`none-${stamp}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Nothing matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByText('There are no alarms in the selected period')).toBeVisible();

  // The list of this host: the task is made, written in the background, then offered.
  await page.getByLabel('Resource name').fill(host);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(alarmRow(page)).toBeVisible();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByText('Export queued')).toBeVisible();
  const row = drawer.locator('[data-testid^="alarm-export-"]').first();
  await expect(row).toContainText(/alarms-active-\d{8}-\d{6}\.xlsx/);
  await expect(row).toContainText(`Real-time alarms · Resource name: ${host}`);
  await expect(row.getByTestId('alarm-export-state')).toHaveText('Completed', { timeout: 120_000 });
  expect(await seriousViolations(page, 'alarm export tasks', '.ant-drawer')).toEqual([]);

  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^alarms-active-\d{8}-\d{6}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await file.path()) ?? '');
  const sheet = book.worksheets[0]!;
  expect(sheet.name).toBe('Alarms');
  const cells = (n: number) => {
    const values = sheet.getRow(n).values;
    return Array.isArray(values) ? values.slice(1) : [];
  };
  expect(cells(1).slice(0, 3)).toEqual([expect.stringMatching(/^Alarm time \(.+\)$/), 'Level', 'Resource']);
  // The open alarms of this host: this spec's among them, with its level, indicator and template.
  const lines = Array.from({ length: sheet.rowCount - 1 }, (_, i) => cells(i + 2));
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line[2]).toBe(host);
  expect(lines.find((l) => l[12] === TEMPLATE)?.slice(1, 2)).toEqual(['Warning']);
  await expect(row.getByTestId('alarm-export-state')).toHaveText('Downloaded', { timeout: 30_000 });

  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(drawer.getByText('No export tasks yet')).toBeVisible();
});
