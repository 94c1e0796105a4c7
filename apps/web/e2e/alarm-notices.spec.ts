import { expect, test, type Locator, type Page } from '@playwright/test';
import { Role } from '@portal/shared';
import { z } from 'zod';
import { apiSession } from './support/api';
import { seriousViolations } from './support/axe';
import { baseURL, openDialog, registeredUser, signIn } from './support/portal';
import { dropdownOption, openDropdownOptions } from './support/select';

/*
 * Notification rules and records (issue 16) against the real server: the records page shows its
 * two channels, empty as no notice was sent in this run; an operator adds a rule (the empty form's
 * texts, a contact list with the Chinese comma refused, the interval advice), changes it, disables
 * it and enables it again after a confirmation, adds a second one and deletes it after a
 * confirmation; a viewer reads the rules without the means to change them; no serious
 * accessibility violation on either page in English and Chinese.
 */

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-6);
const OPERATOR = { name: `ntop_${stamp}`, password: 'Oper_pass12' };
const VIEWER = { name: `ntvw_${stamp}`, password: 'Viewer_pass12' };
const FIRST = `on-call-${stamp}`;
const SECOND = `criticals-${stamp}`;
const PAGE = '/manage/alarmManage/notification-rules';
const RECORDS = '/manage/alarmManage/notification-records';
const RULES_API = '/am_ma/api/noticeConfigService/noticeConfig';

const Rules = z.object({
  list: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      active: z.boolean(),
      interval: z.number(),
      emails: z.array(z.string()),
      phones: z.array(z.string()),
    }),
  ),
});

test.beforeAll(async ({ request }) => {
  await registeredUser(request, OPERATOR.name, OPERATOR.password, Role.opt);
  await registeredUser(request, VIEWER.name, VIEWER.password, Role.viewer);
});

const operatorPage = async (page: Page) => {
  await signIn(page, OPERATOR.name, OPERATOR.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${baseURL()}${PAGE}`);
  await expect(page.getByText('Notification rules', { exact: true }).first()).toBeVisible();
};

/** This spec's rules as the server keeps them. */
const serverRules = async () => {
  const api = await apiSession(OPERATOR.name, OPERATOR.password);
  const rules = Rules.parse(await api.ok('GET', RULES_API)).list.filter((r) => r.name.endsWith(stamp));
  await api.dispose();
  return rules;
};

/** Chooses an entry of an antd select, once its list has opened. */
const choose = async (page: Page, select: Locator, option: string) => {
  await select.click();
  await dropdownOption(page, option).click();
};

test('the records page shows the mails and the text messages, none sent yet', async ({ browser }) => {
  const problems: string[] = [];
  for (const locale of ['en-US', 'zh-CN']) {
    const page = await (await browser.newContext({ locale, viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, OPERATOR.name, OPERATOR.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`${baseURL()}${RECORDS}`);
    const en = locale === 'en-US';
    await expect(page.getByText(en ? 'Notification records' : '通知记录', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('tab', { name: en ? 'Email' : '邮件' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(en ? 'No notification mails yet' : '暂无通知邮件')).toBeVisible();
    problems.push(...(await seriousViolations(page, `${locale} records, mails`)));
    await page.getByRole('tab', { name: en ? 'SMS' : '短信' }).click();
    await expect(page.getByRole('tab', { name: en ? 'SMS' : '短信' })).toHaveAttribute('aria-selected', 'true');
    if (en) await expect(page.getByText('No notification text messages yet')).toBeVisible();
    problems.push(...(await seriousViolations(page, `${locale} records, text messages`)));
    await page.context().close();
  }
  expect(problems.length, problems.join('\n')).toBe(0);
});

test('an operator adds a rule: the empty form is refused, the Chinese comma too, the short interval advised against', async ({
  page,
}) => {
  await operatorPage(page);
  await expect(page.getByText('No notification rules yet')).toBeVisible();
  // The empty list offers the button too; the one in the card's header.
  await page.getByRole('button', { name: 'Add rule' }).first().click();
  const dialog = await openDialog(page);
  await expect(dialog.getByText('Add notification rule')).toBeVisible();

  // Nothing filled in: the name and a contact are asked for, at their fields (spec section 5).
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Rule name cannot be empty', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Add at least one email address or phone number', { exact: true })).toBeVisible();

  // The Chinese comma between contacts is refused.
  const emails = dialog.getByLabel('Email addresses');
  await emails.fill('ops@example.com，lead@example.com');
  await expect(dialog.getByText('Separate with the English comma', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Separate with the English comma', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Rule name').fill(FIRST);
  await choose(page, dialog.getByLabel('Rule type'), 'Indicator alarm');
  await expect(dialog.getByText('Tells when an indicator alarm is raised.')).toBeVisible();
  // Half an hour: advised against (spec section 9), never refused.
  await dialog.getByLabel('Notification interval').fill('30');
  await expect(dialog.getByText('Under an hour: the contacts may get many messages.', { exact: false })).toBeVisible();
  await dialog.getByLabel('Weight').fill('80');
  await emails.fill('ops@example.com,lead@example.com');
  await expect(dialog.getByText('Separate with the English comma', { exact: true })).toHaveCount(0);
  await expect(dialog.getByText('Add at least one email address or phone number', { exact: true })).toHaveCount(0);
  await expect(dialog.getByText('Rule name cannot be empty', { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`${FIRST} saved`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(FIRST) });
  await expect(row.getByText('Indicator alarm')).toBeVisible();
  await expect(row.getByText('30 minutes')).toBeVisible();
  await expect(row.getByRole('cell', { name: '80', exact: true })).toBeVisible();
  await expect(row.getByText('Emails: 2 · Phones: 0')).toBeVisible();
  await expect(row.getByText(`by ${OPERATOR.name}`)).toBeVisible();
  await expect(row.getByRole('switch', { name: `Active: ${FIRST}` })).toBeChecked();
  expect(await serverRules()).toMatchObject([
    { name: FIRST, active: true, interval: 30, emails: ['ops@example.com', 'lead@example.com'], phones: [] },
  ]);
});

test('an operator changes the rule', async ({ page }) => {
  await operatorPage(page);
  const row = page.getByRole('row', { name: new RegExp(FIRST) });
  await row.getByRole('button', { name: 'Modify' }).click();
  const dialog = await openDialog(page);
  await expect(dialog.getByText(`Modify ${FIRST}`)).toBeVisible();
  await expect(dialog.getByLabel('Rule name')).toHaveValue(FIRST);
  await expect(dialog.getByLabel('Email addresses')).toHaveValue('ops@example.com,lead@example.com');
  // The advice stays while the interval is short; three hours is fine.
  await expect(dialog.getByText('Under an hour', { exact: false })).toBeVisible();
  await dialog.getByLabel('Notification interval').fill('180');
  await expect(dialog.getByText('Under an hour', { exact: false })).toHaveCount(0);
  await dialog.getByLabel('Mobile phone numbers').fill('13800000000');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`${FIRST} saved`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('180 minutes')).toBeVisible();
  await expect(row.getByText('Emails: 2 · Phones: 1')).toBeVisible();
  expect(await serverRules()).toMatchObject([{ name: FIRST, interval: 180, phones: ['13800000000'] }]);
});

test('an operator disables the rule, and enables it again after a confirmation', async ({ page }) => {
  await operatorPage(page);
  const row = page.getByRole('row', { name: new RegExp(FIRST) });
  const toggle = row.getByRole('switch', { name: `Active: ${FIRST}` });
  await expect(toggle).toBeChecked();

  // Disabling is done at once (spec section 4).
  await toggle.click();
  await expect(page.getByText(`${FIRST} disabled`)).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(row.getByText('Inactive')).toBeVisible();
  expect((await serverRules())[0]?.active).toBe(false);

  // Enabling asks first; going back changes nothing.
  await toggle.click();
  await openDialog(page);
  const enabling = page.getByRole('dialog', { name: `Enable the rule ${FIRST}?` });
  await expect(enabling.getByText('Its contacts are told of the alarm changes of its type from now on.')).toBeVisible();
  await enabling.getByRole('button', { name: 'Cancel' }).click();
  await expect(enabling).toBeHidden();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(enabling).toBeVisible();
  await enabling.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText(`${FIRST} enabled`)).toBeVisible();
  await expect(toggle).toBeChecked();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  expect((await serverRules())[0]?.active).toBe(true);
});

test('an operator adds a second rule and deletes it after a confirmation', async ({ page }) => {
  await operatorPage(page);
  await expect(page.getByRole('row', { name: new RegExp(FIRST) })).toBeVisible();
  await page.getByRole('button', { name: 'Add rule' }).click();
  const dialog = await openDialog(page);
  await dialog.getByLabel('Rule name').fill(SECOND);
  await choose(page, dialog.getByLabel('Rule type'), 'Alarm level');
  // The levels are needed for this type.
  await dialog.getByLabel('Email addresses').fill('lead@example.com');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Choose at least one alarm level')).toBeVisible();
  await choose(page, dialog.getByLabel('Alarm levels'), 'Critical');
  await dialog.locator('.ant-modal-title').click();
  await expect(openDropdownOptions(page)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`${SECOND} saved`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const second = page.getByRole('row', { name: new RegExp(SECOND) });
  await expect(second.getByText('Alarm level', { exact: true })).toBeVisible();
  await expect(second.getByText('Critical', { exact: true })).toBeVisible();
  await expect(second.getByText('120 minutes')).toBeVisible();

  await second.getByRole('button', { name: 'Delete' }).click();
  await openDialog(page);
  const deleting = page.getByRole('dialog', { name: `Delete the rule ${SECOND}?` });
  await expect(deleting.getByText('Its contacts go with it; the records of what was sent stay.')).toBeVisible();
  await deleting.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 rule deleted')).toBeVisible();
  await expect(second).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(FIRST) })).toBeVisible();
  expect((await serverRules()).map((r) => r.name)).toEqual([FIRST]);
});

test('a viewer reads the rules without the means to change them', async ({ page }) => {
  await signIn(page, VIEWER.name, VIEWER.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${baseURL()}${PAGE}`);
  const row = page.getByRole('row', { name: new RegExp(FIRST) });
  await expect(row.getByText('180 minutes')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add rule' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Modify' })).toHaveCount(0);
  await expect(row.getByRole('switch')).toHaveCount(0);
  await expect(row.getByRole('checkbox')).toHaveCount(0);
});

test('the rules and their dialog have no serious accessibility violation, in English and Chinese', async ({ browser }) => {
  const problems: string[] = [];
  for (const locale of ['en-US', 'zh-CN']) {
    const page = await (await browser.newContext({ locale, viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, OPERATOR.name, OPERATOR.password);
    await page.goto(`${baseURL()}${PAGE}`);
    const row = page.getByRole('row', { name: new RegExp(FIRST) });
    await expect(row).toBeVisible();
    problems.push(...(await seriousViolations(page, `${locale} rules`)));
    await row.getByRole('button', { name: /^(Modify|修改)$/ }).click();
    const dialog = await openDialog(page);
    await expect(dialog.getByLabel(/^(Rule name|规则名称)$/)).toHaveValue(FIRST);
    problems.push(...(await seriousViolations(page, `${locale} rule dialog`)));
    await page.context().close();
  }
  expect(problems.length, problems.join('\n')).toBe(0);
});
