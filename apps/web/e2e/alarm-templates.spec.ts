import { expect, test, type Page } from '@playwright/test';
import { Role } from '@portal/shared';
import { z } from 'zod';
import { apiSession } from './support/api';
import { seriousViolations } from './support/axe';
import { E2E_ADMIN } from './support/constants';
import { baseURL, openDialog, registeredUser, signIn } from './support/portal';
import { dropdownOption } from './support/select';

/*
 * Threshold templates (issue 16) against the real server: an operator adds a custom template with
 * a resource and an indicator of two levels, finds it by name, is told a name is taken, changes
 * the template, disables it after a confirmation and enables it again, and deletes templates one
 * at a time and several at once; a viewer reads the list without the means to change it.
 */

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-6);
const OPERATOR = { name: `aop_${stamp}`, password: 'Oper_pass12' };
const VIEWER = { name: `avw_${stamp}`, password: 'Viewer_pass12' };
const SERVER_A = `tpl-a-${stamp}`;
const SERVER_B = `tpl-b-${stamp}`;
const TEMPLATE = `cpu-${stamp}`;
const PAGE = '/manage/alarmManage/threshold-templates';

const Created = z.object({ id: z.number() });
let assetA = 0;

test.beforeAll(async ({ request }) => {
  await registeredUser(request, OPERATOR.name, OPERATOR.password, Role.opt);
  await registeredUser(request, VIEWER.name, VIEWER.password, Role.viewer);
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  assetA = Created.parse(await admin.ok('POST', '/resource/api/assets', { name: SERVER_A, type: 'SERVER' })).id;
  await admin.ok('POST', '/resource/api/assets', { name: SERVER_B, type: 'SERVER' });
  await admin.dispose();
});

const operatorPage = async (page: Page) => {
  await signIn(page, OPERATOR.name, OPERATOR.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${baseURL()}${PAGE}`);
  await expect(page.getByText('Threshold templates', { exact: true }).first()).toBeVisible();
};

/** Chooses an entry of an antd select named by its label, once its list has opened. */
const choose = async (page: Page, select: ReturnType<Page['getByLabel']>, option: string) => {
  await select.click();
  await dropdownOption(page, option).click();
};

test('an operator adds a custom template with a resource and an indicator of two levels', async ({ page }) => {
  await operatorPage(page);
  await page.getByRole('button', { name: 'Add template' }).click();
  const dialog = await openDialog(page);
  await expect(dialog.getByText('Add threshold template')).toBeVisible();

  // Nothing filled in: the name and the level's value are asked for.
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Enter the template name')).toBeVisible();
  await expect(dialog.getByText('Choose a metric')).toBeVisible();

  await dialog.getByLabel('Template name').fill('x'.repeat(65));
  await expect(dialog.getByText('name is too long!')).toBeVisible();
  await dialog.getByLabel('Template name').fill(TEMPLATE);
  await dialog.getByLabel('Description').fill('CPU of the test servers');

  // The resource: found by name among the servers, none of which a template holds yet.
  await dialog.getByLabel('Search resources by name').fill(SERVER_A);
  await dialog.getByLabel('Search resources by name').press('Enter');
  const rowA = dialog.getByRole('row', { name: new RegExp(SERVER_A) });
  await expect(rowA.getByText('None', { exact: true })).toBeVisible();
  await rowA.getByRole('checkbox', { name: `Choose ${SERVER_A}` }).check();
  await expect(dialog.getByText('1 resource chosen')).toBeVisible();

  // The indicator: CPU usage, 3 samples in a row, Major above 90 % and Critical above 95 %.
  const indicator = dialog.getByTestId('indicator-1');
  await choose(page, indicator.getByLabel('Metric'), 'CPU usage');
  await indicator.getByLabel('Alarm count').fill('3');
  await indicator.getByLabel('Level 1 of indicator 1: value').fill('90');
  await indicator.getByRole('button', { name: 'Add level' }).click();
  await indicator.getByLabel('Level 2 of indicator 1: value').fill('95');
  await expect(indicator.getByTestId('level-1-2').getByText('Critical')).toBeVisible();

  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`${TEMPLATE} saved`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(TEMPLATE) });
  await expect(row.getByText('Custom')).toBeVisible();
  await expect(row.getByText('Server', { exact: true })).toBeVisible();
  await expect(row.getByText('CPU usage')).toBeVisible();
  await expect(row.getByText('Major > 90%')).toBeVisible();
  await expect(row.getByText('Critical > 95%')).toBeVisible();
  await expect(row.getByText('1 resource', { exact: true })).toBeVisible();
  await expect(row.getByText(`by ${OPERATOR.name}`)).toBeVisible();
  await expect(row.getByRole('switch', { name: `Enabled: ${TEMPLATE}` })).toBeChecked();

  // The name filter finds it; another kind does not.
  await page.getByLabel('Search by template name').fill(TEMPLATE);
  await page.getByLabel('Search by template name').press('Enter');
  await expect(page.getByRole('row', { name: new RegExp(TEMPLATE) })).toBeVisible();
  await choose(page, page.getByLabel('Kind', { exact: true }), 'Silent');
  await expect(page.getByText('Nothing matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('row', { name: new RegExp(TEMPLATE) })).toBeVisible();
});

test('a name another template has is refused, and its resources cannot be chosen by another template', async ({ page }) => {
  await operatorPage(page);
  await page.getByRole('button', { name: 'Add template' }).click();
  const dialog = await openDialog(page);
  await dialog.getByLabel('Template name').fill(TEMPLATE);
  await dialog.getByLabel('Description').focus();
  await expect(dialog.getByText('Template name already exists')).toBeVisible();

  await dialog.getByLabel('Search resources by name').fill(SERVER_A);
  await dialog.getByLabel('Search resources by name').press('Enter');
  const rowA = dialog.getByRole('row', { name: new RegExp(SERVER_A) });
  await expect(rowA.getByText(TEMPLATE)).toBeVisible();
  await expect(rowA.getByRole('checkbox', { name: `Choose ${SERVER_A}` })).toBeDisabled();

  // A silent template needs no indicator; the name is still taken, and the server says so too.
  await dialog.getByText('Silent', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Silent' })).toBeChecked();
  await expect(dialog.getByText('A silent template has no indicators')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Template name already exists')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The API refuses the same name and the same asset with the spec's texts.
  const api = await apiSession(OPERATOR.name, OPERATOR.password);
  const body = { name: TEMPLATE, kind: 'silent', resourceType: 'SERVER', resources: [] };
  expect((await api.call('POST', '/am_ma/api/thresholdtempl/alarmthresholdtempls', body)).errMsg).toBe(
    'Template name already exists',
  );
  const other = { ...body, name: `other-${stamp}`, resources: [assetA] };
  expect((await api.call('POST', '/am_ma/api/thresholdtempl/alarmthresholdtempls', other)).errMsg).toBe(
    'Asset already used by another template',
  );
  await api.dispose();
});

test('the list with a template and its dialog have no serious accessibility violation, in English and Chinese', async ({
  browser,
}) => {
  // The accessibility pass (accessibility.spec.ts) opens this page with no template and no dialog.
  const problems: string[] = [];
  for (const locale of ['en-US', 'zh-CN']) {
    const page = await (await browser.newContext({ locale, viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, OPERATOR.name, OPERATOR.password);
    await page.goto(`${baseURL()}${PAGE}`);
    const row = page.getByRole('row', { name: new RegExp(TEMPLATE) });
    await expect(row).toBeVisible();
    problems.push(...(await seriousViolations(page, `${locale} list`)));
    await row.getByRole('button', { name: /^(Modify|修改)$/ }).click();
    const dialog = await openDialog(page);
    await expect(dialog.getByTestId('indicator-1')).toBeVisible();
    problems.push(...(await seriousViolations(page, `${locale} dialog`)));
    await page.context().close();
  }
  expect(problems.length, problems.join('\n')).toBe(0);
});

test('a viewer reads the templates without the means to change them', async ({ page }) => {
  await signIn(page, VIEWER.name, VIEWER.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${baseURL()}${PAGE}`);
  const row = page.getByRole('row', { name: new RegExp(TEMPLATE) });
  await expect(row.getByText('Major > 90%')).toBeVisible();
  await expect(row.getByText('Enabled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add template' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Modify' })).toHaveCount(0);
  await expect(row.getByRole('switch')).toHaveCount(0);
  await expect(row.getByRole('checkbox')).toHaveCount(0);
});

test('an operator changes the template, disables it after a confirmation and enables it again', async ({ page }) => {
  await operatorPage(page);
  const row = page.getByRole('row', { name: new RegExp(TEMPLATE) });
  await row.getByRole('button', { name: 'Modify' }).click();
  const dialog = await openDialog(page);
  await expect(dialog.getByText(`Modify ${TEMPLATE}`)).toBeVisible();
  await expect(dialog.getByLabel('Template name')).toHaveValue(TEMPLATE);
  await expect(dialog.getByText('1 resource chosen')).toBeVisible();

  // Its own resource stays chosen and can be chosen again; a second one joins it.
  await dialog.getByLabel('Search resources by name').fill(`tpl-`);
  await dialog.getByLabel('Search resources by name').press('Enter');
  await expect(dialog.getByRole('row', { name: new RegExp(SERVER_A) }).getByText('This template')).toBeVisible();
  await dialog
    .getByRole('row', { name: new RegExp(SERVER_B) })
    .getByRole('checkbox', { name: `Choose ${SERVER_B}` })
    .check();
  await expect(dialog.getByText('2 resources chosen')).toBeVisible();

  // The major level becomes a range: out of 5 – 90 %.
  const indicator = dialog.getByTestId('indicator-1');
  await choose(page, indicator.getByLabel('Level 1 of indicator 1: condition'), 'out of a range');
  await indicator.getByLabel('Level 1 of indicator 1: low bound').fill('90');
  await indicator.getByLabel('Level 1 of indicator 1: high bound').fill('5');
  await expect(indicator.getByText('High must not be below low')).toBeVisible();
  await indicator.getByLabel('Level 1 of indicator 1: low bound').fill('5');
  await indicator.getByLabel('Level 1 of indicator 1: high bound').fill('90');
  await expect(indicator.getByText('High must not be below low')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`${TEMPLATE} saved`)).toBeVisible();
  await expect(row.getByText('Major outside 5% – 90%')).toBeVisible();
  await expect(row.getByText('2 resources', { exact: true })).toBeVisible();

  // Disabling asks first; cancelling leaves it enabled.
  const toggle = row.getByRole('switch', { name: `Enabled: ${TEMPLATE}` });
  await toggle.click();
  await openDialog(page);
  const disabling = page.getByRole('dialog', { name: `Disable the template ${TEMPLATE}?` });
  await expect(disabling.getByText('their open alarms end now')).toBeVisible();
  await disabling.getByRole('button', { name: 'Cancel' }).click();
  await expect(disabling).toBeHidden();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await openDialog(page);
  await disabling.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`${TEMPLATE} disabled`)).toBeVisible();
  await expect(disabling).toHaveCount(0);
  await expect(toggle).not.toBeChecked();
  await expect(row.getByText('Disabled')).toBeVisible();

  // Enabling asks too (spec section 4), with the keyboard.
  await toggle.focus();
  await page.keyboard.press('Space');
  await openDialog(page);
  const enabling = page.getByRole('dialog', { name: `Enable the template ${TEMPLATE}?` });
  await expect(enabling.getByText('alarms are raised when a level is hit')).toBeVisible();
  await enabling.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText(`${TEMPLATE} enabled`)).toBeVisible();
  await expect(toggle).toBeChecked();

  // The change kept its resources and indicator (the switch sends the whole template back).
  const api = await apiSession(OPERATOR.name, OPERATOR.password);
  const list = z
    .object({ list: z.array(z.object({ name: z.string(), resourceCount: z.number(), indicators: z.array(z.unknown()) })) })
    .parse(await api.ok('GET', `/am_ma/api/thresholdtempl/alarmthresholdtempls?name=${TEMPLATE}`));
  expect(list.list).toEqual([expect.objectContaining({ name: TEMPLATE, resourceCount: 2 })]);
  expect(list.list[0]?.indicators).toHaveLength(1);
  await api.dispose();
});

test('an operator deletes templates one at a time and several at once', async ({ page }) => {
  const api = await apiSession(OPERATOR.name, OPERATOR.password);
  for (const name of [`mute1-${stamp}`, `mute2-${stamp}`])
    await api.ok('POST', '/am_ma/api/thresholdtempl/alarmthresholdtempls', {
      name,
      kind: 'silent',
      resourceType: 'SWITCH',
      resources: [],
    });
  await api.dispose();
  await operatorPage(page);
  await expect(page.getByRole('row', { name: new RegExp(`mute1-${stamp}`) }).getByText('Alarms muted')).toBeVisible();

  await page.getByRole('checkbox', { name: `Select mute1-${stamp}` }).check();
  await page.getByRole('checkbox', { name: `Select mute2-${stamp}` }).check();
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  await openDialog(page);
  const confirm = page.getByRole('dialog', { name: 'Delete 2 templates?' });
  await expect(confirm.getByText(`mute1-${stamp}, mute2-${stamp}`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 templates deleted')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`mute[12]-${stamp}`) })).toHaveCount(0);

  const row = page.getByRole('row', { name: new RegExp(TEMPLATE) });
  await row.getByRole('button', { name: 'Delete' }).click();
  const pop = page.locator('.ant-popconfirm').filter({ hasText: `Delete the template ${TEMPLATE}?` });
  await expect(pop).toBeVisible();
  await pop.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('1 template deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
});
