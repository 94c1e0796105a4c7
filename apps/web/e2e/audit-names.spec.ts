import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { baseURL, signIn } from './support/portal';
import { dropdownOption } from './support/select';

/*
 * The audit log reads as words in both languages: action names instead of contract ids
 * (login.loginAuth, users.freezeUser), and a failure says why instead of a bare error code.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** A refused change the log must show as a failure: an administrator cannot freeze their own account. */
const refuseSelfFreeze = async (page: Page) => {
  const res = await page.request.post(`${baseURL()}/sys_gvuserma/gvuserma/freezeUser.action`, {
    data: { userName: E2E_ADMIN.user },
  });
  expect((await res.json()).errCode).not.toBe(0);
};

const auditTable = (page: Page) => page.locator('.ant-table-tbody');

for (const x of [
  { locale: 'en-US', signIn: 'Sign in', freeze: 'Freeze user', failure: 'Failure: Permission Denied', success: 'Success' },
  { locale: 'zh-CN', signIn: '登录', freeze: '冻结用户', failure: '失败：权限不足', success: '成功' },
]) {
  test(`audit actions and results read as words (${x.locale})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const ctx = await browser.newContext({ locale: x.locale, viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    try {
      await signIn(page, E2E_ADMIN.user, E2E_ADMIN.password);
      await expect(page).toHaveURL(/\/overview$/);
      await refuseSelfFreeze(page);
      await page.goto(`${baseURL()}/account/audit-log`);
      const table = auditTable(page);
      // The audit line is written once the answer has left: the table shows it on a later read.
      await expect(async () => {
        await page.reload();
        await expect(table.getByText(x.freeze, { exact: true }).first()).toBeVisible({ timeout: 15_000 });
      }).toPass({ timeout: 120_000 });
      await expect(table.getByText(x.signIn, { exact: true }).first()).toBeVisible();
      await expect(table.getByText(x.success, { exact: true }).first()).toBeVisible();
      await expect(table.getByText(x.failure, { exact: true }).first()).toBeVisible();
      // No raw id or bare number in the action and result columns.
      await expect(table.getByText('users.freezeUser', { exact: true })).toHaveCount(0);
      await expect(table.getByText('login.loginAuth', { exact: true })).toHaveCount(0);
      await expect(table.getByText(/\(\d{5}\)/)).toHaveCount(0);
      // The id stays available as the name's tooltip, for support.
      await expect(table.locator('span[title="users.freezeUser"]').first()).toHaveText(x.freeze);

      // The action filter offers names, and filters by the chosen action.
      const filter = page.getByRole('combobox', { name: x.locale === 'en-US' ? 'Action' : '操作' });
      await filter.click();
      await filter.fill(x.freeze);
      await dropdownOption(page, x.freeze).click();
      await expect(table.getByText(x.signIn, { exact: true })).toHaveCount(0);
      await expect(table.getByText(x.freeze, { exact: true }).first()).toBeVisible();
    } finally {
      await ctx.close();
    }
  });
}
