import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { Role } from '@portal/shared';
import { E2E_ADMIN } from './support/constants';
import { baseURL, openDialog, registeredUser, signIn } from './support/portal';
import { dropdownOption } from './support/select';

/*
 * Accounts, companies and departments (issue 12) as an administrator, a PI, a member and a viewer
 * meet them, against the real server: the organisation built in the tree, an account created for
 * a PI in a department, the PI adding a member on My accounts, the member's default account in
 * the submit form, the account disabled (banner and refusal at the account field, in English and
 * Chinese), a non-empty department's deletion refused with its counts, and a viewer reading the
 * list without actions.
 */

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const COMPANY = `Co ${stamp}`;
const DEPARTMENT = `Dept ${stamp}`;
const ACCOUNT = `ac_${stamp}`;
const PI = { name: `pi_${stamp}`, password: 'Pi_pass12' };
const MEMBER = { name: `mem_${stamp}`, password: 'Mem_pass12' };
const VIEWER = { name: `vw_${stamp}`, password: 'View_pass12' };
const DEACTIVATED = 'The account has been deactivated and cannot be operated.';
const DEACTIVATED_ZH = '账户已被停用，无法操作。';

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  await registeredUser(request, PI.name, PI.password, Role.user);
  await registeredUser(request, MEMBER.name, MEMBER.password, Role.user);
  await registeredUser(request, VIEWER.name, VIEWER.password, Role.viewer);
});

/** A page of its own (cookies apart) signed in as someone, in a language. */
const session = async (browser: Browser, user: string, password: string, locale = 'en-US') => {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await signIn(page, user, password);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
};

/** Chooses a unit in an open department picker (a tree select) by its name. */
const chooseUnit = async (page: Page, field: Locator, name: string) => {
  await field.click();
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: name }).first().click();
};

/** The error text Ant Design shows under a field. */
const fieldError = (page: Page, label: string | RegExp) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

const accountRow = async (page: Page) => {
  await page.goto(`${baseURL()}/account/accounts`);
  await page.getByPlaceholder('Search by account name').fill(ACCOUNT);
  await page.getByPlaceholder('Search by account name').press('Enter');
  const row = page.locator(`tr[data-row-key="${ACCOUNT}"]`);
  await expect(row).toHaveCount(1);
  return row;
};

test('an administrator builds a company and a department, and creates an account for a PI there', async ({ browser }) => {
  test.slow();
  const page = await session(browser, E2E_ADMIN.user, E2E_ADMIN.password);
  await page.goto(`${baseURL()}/account/org-units`);
  await page.getByRole('button', { name: 'New company' }).first().click();
  let dialog = await openDialog(page);
  await dialog.getByLabel('Name').fill(COMPANY);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  const tree = page.getByRole('tree', { name: 'Companies and departments' });
  await expect(tree.getByText(COMPANY)).toBeVisible();

  // The new company is selected: a department goes inside it.
  await expect(page.getByRole('heading', { name: COMPANY })).toBeVisible();
  await page.getByRole('button', { name: 'New department' }).click();
  dialog = await openDialog(page);
  await expect(dialog).toContainText(`New department in ${COMPANY}`);
  await dialog.getByLabel('Name').fill(DEPARTMENT);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(tree.getByText(DEPARTMENT)).toBeVisible();
  await expect(page.getByRole('heading', { name: DEPARTMENT })).toBeVisible();
  await expect(page.getByText(`${COMPANY} / ${DEPARTMENT}`)).toBeVisible();

  // A team inside the department, then moved up to the company: the picker leaves out the team itself.
  const TEAM = `Team ${stamp}`;
  await page.getByRole('button', { name: 'New department' }).click();
  dialog = await openDialog(page);
  await dialog.getByLabel('Name').fill(TEAM);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${COMPANY} / ${DEPARTMENT} / ${TEAM}`)).toBeVisible();
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  dialog = await openDialog(page);
  await dialog.getByLabel('New place (company or department)').click();
  const options = page.locator('.ant-select-tree-treenode');
  await expect(options.filter({ hasText: TEAM })).toHaveClass(/ant-select-tree-treenode-disabled/);
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: COMPANY }).first().click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${COMPANY} / ${TEAM}`)).toBeVisible();

  // The account, its name checked while typed.
  await page.goto(`${baseURL()}/account/accounts`);
  await page.getByRole('button', { name: 'New account' }).click();
  dialog = await openDialog(page);
  await dialog.getByLabel('Account', { exact: true }).fill('Bad-Name');
  await expect(fieldError(page, 'Account')).toContainText('lowercase letters');
  await dialog.getByLabel('Account', { exact: true }).fill(ACCOUNT);
  await expect(fieldError(page, 'Account')).toHaveCount(0);
  await dialog.getByLabel('Owner (PI)').fill(PI.name);
  await chooseUnit(page, dialog.getByLabel('Company / department'), DEPARTMENT);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const row = await accountRow(page);
  await expect(row).toContainText(PI.name);
  await expect(row).toContainText(`${COMPANY} / ${DEPARTMENT}`);
  await expect(row).toContainText('Normal');

  // The PI joins the department (the user editor's department picker).
  await page.goto(`${baseURL()}/account/users`);
  await page.getByPlaceholder('Search by user name').fill(PI.name);
  await page.getByPlaceholder('Search by user name').press('Enter');
  const userRow = page.getByRole('row').filter({ hasText: PI.name });
  await expect(userRow).toHaveCount(1);
  await expect(userRow).toContainText(ACCOUNT);
  await userRow.getByRole('button', { name: 'Edit', exact: true }).click();
  dialog = await openDialog(page);
  await chooseUnit(page, dialog.getByLabel('Department'), DEPARTMENT);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(userRow).toContainText(`${COMPANY} / ${DEPARTMENT}`);
  await page.context().close();
});

test('the PI adds a member on My accounts; the member has it as default, also in the submit form', async ({ browser }) => {
  test.slow();
  const pi = await session(browser, PI.name, PI.password);
  await pi.goto(`${baseURL()}/account/my-accounts`);
  const row = pi.locator(`tr[data-row-key="${ACCOUNT}"]`);
  await expect(row).toContainText('Default');
  await expect(row).toContainText('Owner');
  await expect(pi.getByText(`${COMPANY}`).first()).toBeVisible();
  await row.getByRole('button', { name: `Members of ${ACCOUNT}` }).click();
  const drawer = pi.getByRole('dialog').filter({ hasText: `Members of ${ACCOUNT}` });
  await expect(drawer.locator('.ant-list-item').filter({ hasText: PI.name })).toContainText('Owner');
  await drawer.getByLabel('Add a member').fill(MEMBER.name);
  await drawer.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(drawer.locator('.ant-list-item').filter({ hasText: MEMBER.name })).toContainText('Default');
  await pi.context().close();

  const member = await session(browser, MEMBER.name, MEMBER.password);
  await member.goto(`${baseURL()}/account/my-accounts`);
  const mine = member.locator(`tr[data-row-key="${ACCOUNT}"]`);
  await expect(mine).toContainText('Default');
  // Not the owner: no members button, no "set as default" for the default account.
  await expect(mine.getByRole('button')).toHaveCount(0);
  await expect(member.getByText('Main group')).toBeVisible();

  await member.goto(`${baseURL()}/my-job/submit`);
  await expect(member.getByRole('textbox', { name: 'Job script' })).toBeVisible();
  const accountItem = member.locator('.ant-form-item').filter({ has: member.getByLabel('Account', { exact: true }) });
  await expect(accountItem).toContainText(`${ACCOUNT} (default)`);
  await member.context().close();
});

test('a disabled account: the member sees the banner, and a submission is refused at the account field', async ({ browser }) => {
  test.slow();
  const admin = await session(browser, E2E_ADMIN.user, E2E_ADMIN.password);
  // At 1280 px the row's actions stay in view.
  await admin.setViewportSize({ width: 1280, height: 720 });
  const row = await accountRow(admin);
  const edit = row.getByRole('button', { name: 'Edit', exact: true });
  const box = await edit.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
  await edit.click();
  const dialog = await openDialog(admin);
  await dialog.getByLabel('Status').click();
  await dropdownOption(admin, 'Disabled').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const confirm = admin.getByRole('dialog').filter({ hasText: `Disable account ${ACCOUNT}?` });
  await expect(confirm).toContainText(DEACTIVATED);
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  await admin.context().close();

  const member = await session(browser, MEMBER.name, MEMBER.password);
  await expect(member.getByRole('alert').filter({ hasText: DEACTIVATED })).toBeVisible();
  await member.goto(`${baseURL()}/my-job/submit`);
  await expect(member.getByRole('textbox', { name: 'Job script' })).toBeVisible();
  await member.getByRole('textbox', { name: 'Job script' }).fill('#!/bin/bash\necho hello\n');
  await member.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(fieldError(member, 'Account')).toHaveText(DEACTIVATED);
  await member.context().close();

  const zh = await session(browser, MEMBER.name, MEMBER.password, 'zh-CN');
  await expect(zh.getByRole('alert').filter({ hasText: DEACTIVATED_ZH })).toBeVisible();
  await zh.goto(`${baseURL()}/my-job/submit`);
  await expect(zh.getByRole('textbox', { name: '作业脚本' })).toBeVisible();
  await zh.getByRole('textbox', { name: '作业脚本' }).fill('#!/bin/bash\necho hello\n');
  await zh.getByRole('button', { name: /^提 ?交$/ }).click();
  await expect(fieldError(zh, '账户')).toHaveText(DEACTIVATED_ZH);
  await zh.context().close();
});

test('deleting a department that holds a user is refused with what it holds', async ({ browser }) => {
  const page = await session(browser, E2E_ADMIN.user, E2E_ADMIN.password);
  await page.goto(`${baseURL()}/account/org-units`);
  await page.getByRole('tree', { name: 'Companies and departments' }).getByText(DEPARTMENT).click();
  await expect(page.getByRole('heading', { name: DEPARTMENT })).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  const refusal = page.getByRole('dialog').filter({ hasText: `${DEPARTMENT} cannot be deleted` });
  await expect(refusal).toContainText('users 1');
  await expect(refusal).toContainText('accounts 1');
  await refusal.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('tree', { name: 'Companies and departments' }).getByText(DEPARTMENT)).toBeVisible();
  await page.context().close();
});

test('a viewer reads the account list without actions', async ({ browser }) => {
  const page = await session(browser, VIEWER.name, VIEWER.password);
  const row = await accountRow(page);
  await expect(row).toContainText('Disabled');
  await expect(page.getByRole('button', { name: 'New account' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await page.context().close();
});
