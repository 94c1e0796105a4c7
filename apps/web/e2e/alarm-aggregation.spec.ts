import { expect, test, type Locator, type Page } from '@playwright/test';
import { Role } from '@portal/shared';
import { z } from 'zod';
import { apiSession } from './support/api';
import { seriousViolations } from './support/axe';
import { E2E_ADMIN } from './support/constants';
import { baseURL, openDialog, registeredUser, signIn } from './support/portal';
import { dropdownOption, openDropdownOptions } from './support/select';

/*
 * Aggregate alarm rules (issue 16) against the real server: an operator adds a rule without
 * conditions (confirming the spec's prompt) and one with them, changes one (its name fixed),
 * reorders them with the move buttons, by dragging with the mouse and with the keyboard, disables one after a confirmation and deletes
 * one; a viewer reads the rules without the means to change them; no serious accessibility
 * violation in English and Chinese.
 */

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-6);
const OPERATOR = { name: `agop_${stamp}`, password: 'Oper_pass12' };
const VIEWER = { name: `agvw_${stamp}`, password: 'Viewer_pass12' };
const SERVER_A = `agg-a-${stamp}`;
const FIRST = `cpu-storm-${stamp}`;
const SECOND = `hot-nodes-${stamp}`;
const PAGE = '/manage/alarmManage/aggregation-rules';
const RULES_API = '/am_ma/api/aggregationalarm/aggregationalarmrule';

const Rules = z.object({ list: z.array(z.object({ id: z.number(), name: z.string(), enabled: z.boolean() })) });

test.beforeAll(async ({ request }) => {
  await registeredUser(request, OPERATOR.name, OPERATOR.password, Role.opt);
  await registeredUser(request, VIEWER.name, VIEWER.password, Role.viewer);
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  await admin.ok('POST', '/resource/api/assets', { name: SERVER_A, type: 'SERVER' });
  await admin.dispose();
});

const operatorPage = async (page: Page) => {
  await signIn(page, OPERATOR.name, OPERATOR.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${baseURL()}${PAGE}`);
  await expect(page.getByText('Aggregate rules', { exact: true }).first()).toBeVisible();
};

/** Chooses an entry of an antd select, once its list has opened. */
const choose = async (page: Page, select: Locator, option: string) => {
  await select.click();
  await dropdownOption(page, option).click();
};

/** Chooses an alarm metric: the multiple choice stays open, and is closed by a click on the dialog's title. */
const chooseMetric = async (page: Page, dialog: Locator, metric: string) => {
  await choose(page, dialog.getByLabel('Alarm metrics'), metric);
  await dialog.locator('.ant-modal-title').click();
  await expect(openDropdownOptions(page)).toHaveCount(0);
};

/** The names of this spec's rules as the server orders them. */
const serverOrder = async () => {
  const api = await apiSession(OPERATOR.name, OPERATOR.password);
  const rules = Rules.parse(await api.ok('GET', RULES_API)).list.filter((r) => r.name.endsWith(stamp));
  await api.dispose();
  return rules;
};

/** The names of this spec's rules as the table shows them, top to bottom. */
const shownOrder = async (page: Page) =>
  (await page.locator('tbody tr[data-row-key]').allInnerTexts())
    .map((text) => [FIRST, SECOND].find((n) => text.includes(n)))
    .filter(Boolean);

test('an operator adds a rule without conditions after the prompt, and one with them', async ({ page }) => {
  await operatorPage(page);
  await expect(page.getByText('No aggregate rules yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add rule' }).click();
  let dialog = await openDialog(page);
  await expect(dialog.getByText('Add aggregate rule')).toBeVisible();

  // Nothing filled in: the name and an alarm metric are asked for (spec section 5).
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Enter the rule name')).toBeVisible();
  await expect(dialog.getByText('alarm metric must be selected')).toBeVisible();
  // The assets wait for their type.
  await expect(dialog.getByText('Choose the asset type before the assets.')).toBeVisible();

  await dialog.getByLabel('Rule name').fill(FIRST);
  await dialog.getByLabel('Description').fill('Many busy CPUs at once');
  await chooseMetric(page, dialog, 'CPU usage');
  await dialog.getByText('All together', { exact: true }).click();
  await expect(dialog.getByText('One aggregated alarm of all the alarms the rule takes')).toBeVisible();
  await dialog.getByLabel('Minimum alarms').fill('3');

  // No least severity, type or assets: the spec's prompt; going back saves nothing.
  await dialog.getByRole('button', { name: 'OK' }).click();
  const prompt = page.getByRole('dialog', { name: 'rule has empty conditions, continue submitting?' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Back' }).click();
  await expect(prompt).toBeHidden();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`${FIRST} saved`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const first = page.getByRole('row', { name: new RegExp(FIRST) });
  await expect(first.getByText('CPU usage')).toBeVisible();
  await expect(first.getByText('All together')).toBeVisible();
  await expect(first.getByText('≥ 3 alarms')).toBeVisible();
  await expect(first.getByText('Any asset')).toBeVisible();
  await expect(first.getByText(`by ${OPERATOR.name}`)).toBeVisible();
  await expect(first.getByRole('switch', { name: `Enabled: ${FIRST}` })).toBeChecked();

  // The second: servers from Major up, one server chosen; no prompt.
  await page.getByRole('button', { name: 'Add rule' }).click();
  dialog = await openDialog(page);
  await dialog.getByLabel('Rule name').fill(SECOND);
  await choose(page, dialog.getByLabel('Least severity'), 'Major');
  await choose(page, dialog.getByLabel('Asset type'), 'Server');
  await chooseMetric(page, dialog, 'Memory usage');
  await dialog.getByLabel('Search resources by name').fill(SERVER_A);
  await dialog.getByLabel('Search resources by name').press('Enter');
  await dialog
    .getByRole('row', { name: new RegExp(SERVER_A) })
    .getByRole('checkbox', { name: `Choose ${SERVER_A}` })
    .check();
  await expect(dialog.getByText('1 resource chosen')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`${SECOND} saved`)).toBeVisible();
  const second = page.getByRole('row', { name: new RegExp(SECOND) });
  await expect(second.getByText('Memory usage')).toBeVisible();
  await expect(second.getByText('Major and up')).toBeVisible();
  await expect(second.getByText('1 asset', { exact: true })).toBeVisible();
  expect(await shownOrder(page)).toEqual([FIRST, SECOND]);
});

test('an operator changes a rule whose name stays fixed, and a taken name is refused', async ({ page }) => {
  await operatorPage(page);
  const row = page.getByRole('row', { name: new RegExp(SECOND) });
  await row.getByRole('button', { name: 'Modify' }).click();
  const dialog = await openDialog(page);
  await expect(dialog.getByText(`Modify ${SECOND}`)).toBeVisible();
  await expect(dialog.getByLabel('Rule name')).toHaveValue(SECOND);
  await expect(dialog.getByLabel('Rule name')).toBeDisabled();
  await expect(dialog.getByText('1 resource chosen')).toBeVisible();
  await dialog.getByText('Per cluster', { exact: true }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`${SECOND} saved`)).toBeVisible();
  await expect(row.getByText('Per cluster')).toBeVisible();

  await page.getByRole('button', { name: 'Add rule' }).click();
  const adding = await openDialog(page);
  await adding.getByLabel('Rule name').fill(FIRST);
  await choose(page, adding.getByLabel('Least severity'), 'Minor');
  await chooseMetric(page, adding, 'CPU usage');
  await adding.getByRole('button', { name: 'OK' }).click();
  await expect(adding.getByText('An aggregate rule with this name already exists')).toBeVisible();
  await adding.getByRole('button', { name: 'Cancel' }).click();
  await expect(adding).toBeHidden();
});

test('an operator reorders the rules with the keyboard and by dragging', async ({ page }) => {
  await operatorPage(page);
  const first = page.getByRole('row', { name: new RegExp(FIRST) });
  await expect(first).toBeVisible();
  expect(await shownOrder(page)).toEqual([FIRST, SECOND]);

  // The keyboard: the second rule's "move up" button.
  const up = page.getByRole('button', { name: `Move ${SECOND} up` });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Scan order saved')).toBeVisible();
  await expect.poll(() => shownOrder(page)).toEqual([SECOND, FIRST]);
  await expect.poll(async () => (await serverOrder()).map((r) => r.name)).toEqual([SECOND, FIRST]);
  // The focus stays on the moved rule's buttons.
  await expect(page.getByRole('button', { name: `Move ${SECOND} down` })).toBeFocused();

  // Dragging: the first rule's handle dropped below the second.
  await expect(page.getByText('Scan order saved')).toHaveCount(0, { timeout: 30_000 });
  const handle = page.getByRole('button', { name: `Drag to reorder ${SECOND}` });
  const target = page.getByRole('row', { name: new RegExp(FIRST) });
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('no boxes');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height * 0.8, { steps: 15 });
  await page.mouse.up();
  await expect(page.getByText('Scan order saved')).toBeVisible();
  await expect.poll(() => shownOrder(page)).toEqual([FIRST, SECOND]);
  await expect.poll(async () => (await serverOrder()).map((r) => r.name)).toEqual([FIRST, SECOND]);

  // Dragging with the keyboard: Space picks the first rule up by its handle, the arrow moves it, Space drops it.
  await expect(page.getByText('Scan order saved')).toHaveCount(0, { timeout: 30_000 });
  const firstHandle = page.getByRole('button', { name: `Drag to reorder ${FIRST}` });
  await firstHandle.focus();
  await page.keyboard.press('Space');
  await expect(firstHandle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(`${FIRST} is over place 1.`)).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText(`${FIRST} is over place 2.`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Scan order saved')).toBeVisible();
  await expect.poll(() => shownOrder(page)).toEqual([SECOND, FIRST]);
  await expect.poll(async () => (await serverOrder()).map((r) => r.name)).toEqual([SECOND, FIRST]);
});

test('the list and its dialog have no serious accessibility violation, in English and Chinese', async ({ browser }) => {
  const problems: string[] = [];
  for (const locale of ['en-US', 'zh-CN']) {
    const page = await (await browser.newContext({ locale, viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, OPERATOR.name, OPERATOR.password);
    await page.goto(`${baseURL()}${PAGE}`);
    const row = page.getByRole('row', { name: new RegExp(SECOND) });
    await expect(row).toBeVisible();
    problems.push(...(await seriousViolations(page, `${locale} list`)));
    await row.getByRole('button', { name: /^(Modify|修改)$/ }).click();
    const dialog = await openDialog(page);
    await expect(dialog.getByRole('checkbox', { name: new RegExp(SERVER_A) })).toBeVisible();
    problems.push(...(await seriousViolations(page, `${locale} dialog`)));
    await page.context().close();
  }
  expect(problems.length, problems.join('\n')).toBe(0);
});

test('a viewer reads the rules without the means to change them', async ({ page }) => {
  await signIn(page, VIEWER.name, VIEWER.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${baseURL()}${PAGE}`);
  const row = page.getByRole('row', { name: new RegExp(SECOND) });
  await expect(row.getByText('Major and up')).toBeVisible();
  await expect(row.getByText('Enabled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add rule' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Modify' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^(Move|Drag)/ })).toHaveCount(0);
  await expect(row.getByRole('switch')).toHaveCount(0);
});

test('an operator disables a rule after a confirmation, and deletes one', async ({ page }) => {
  await operatorPage(page);
  const first = page.getByRole('row', { name: new RegExp(FIRST) });
  const toggle = first.getByRole('switch', { name: `Enabled: ${FIRST}` });
  await toggle.click();
  await openDialog(page);
  const disabling = page.getByRole('dialog', { name: `Disable the rule ${FIRST}?` });
  await expect(disabling.getByText('It has no real-time aggregated alarms')).toBeVisible();
  await disabling.getByRole('button', { name: 'Cancel' }).click();
  await expect(disabling).toBeHidden();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await disabling.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`${FIRST} disabled`)).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(first.getByText('Disabled')).toBeVisible();
  expect((await serverOrder()).find((r) => r.name === FIRST)?.enabled).toBe(false);

  const second = page.getByRole('row', { name: new RegExp(SECOND) });
  await second.getByRole('button', { name: 'Delete' }).click();
  const deleting = page.getByRole('dialog', { name: `Delete the rule ${SECOND}?` });
  await expect(deleting.getByText('This cannot be undone')).toBeVisible();
  await deleting.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${SECOND} deleted`)).toBeVisible();
  await expect(second).toHaveCount(0);
  expect((await serverOrder()).map((r) => r.name)).toEqual([FIRST]);
});
