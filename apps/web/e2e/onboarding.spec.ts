import { expect, test, type Page } from '@playwright/test';
import { baseURL, captchaAnswer, openDialog, signIn, signInAsAdmin, openUserMenu } from './support/portal';

/*
 * The foundation's promise: someone registers, an administrator approves them, they sign in, see
 * the user's menu (not the admin's), change their password and log out. Once in English, once in
 * Chinese.
 */

interface Texts {
  locale: string;
  register: RegExp;
  submitRegister: RegExp;
  registered: RegExp;
  pendingError: RegExp;
  account: RegExp;
  pendingUsers: RegExp;
  approve: RegExp;
  approved: RegExp;
  personalCenter: RegExp;
  changePasswordTab: RegExp;
  oldPassword: RegExp;
  newPassword: RegExp;
  confirmPassword: RegExp;
  changePassword: RegExp;
  passwordChanged: RegExp;
  logout: RegExp;
  systemConfig: RegExp;
  signInTitle: RegExp;
}

const en: Texts = {
  locale: 'en-US',
  register: /Register an account/,
  submitRegister: /^Register$/,
  registered: /Registration submitted/,
  pendingError: /waiting for approval/,
  account: /^Account$/,
  pendingUsers: /^Pending users$/,
  approve: /^Approve$/,
  approved: /1 user approved/,
  personalCenter: /^Personal center$/,
  changePasswordTab: /^Change password$/,
  oldPassword: /^Old password$/,
  newPassword: /^New password$/,
  confirmPassword: /^Confirm new password$/,
  changePassword: /^Change password$/,
  passwordChanged: /Password changed/,
  logout: /^Log out$/,
  systemConfig: /^System config$/,
  signInTitle: /^Sign in$/,
};

const zh: Texts = {
  locale: 'zh-CN',
  register: /注册账号/,
  submitRegister: /^注 ?册$/,
  registered: /注册申请已提交/,
  pendingError: /等待管理员审批/,
  account: /^账户$/,
  pendingUsers: /^待审批用户$/,
  approve: /^通 ?过$/,
  approved: /已通过 1 个用户/,
  personalCenter: /^个人中心$/,
  changePasswordTab: /^修改密码$/,
  oldPassword: /^原密码$/,
  newPassword: /^新密码$/,
  confirmPassword: /^确认新密码$/,
  changePassword: /^修改密码$/,
  passwordChanged: /密码已修改/,
  logout: /^退出登录$/,
  systemConfig: /^系统配置$/,
  signInTitle: /^登录$/,
};

const register = async (page: Page, x: Texts, userName: string, password: string) => {
  await page.goto(`${baseURL()}/login`);
  await page.getByRole('link', { name: x.register }).click();
  await expect(page).toHaveURL(/\/register$/);
  const form = page.locator('form');
  await form.locator('#userName').fill(userName);
  await form.locator('#userPwd').fill(password);
  await form.locator('#confirmPwd').fill(password);
  await form.locator('#email').fill('researcher@example.com');
  const src = await page.getByTestId('captcha-image').getAttribute('src');
  const rand = /rand=([^&]+)/.exec(src ?? '')?.[1];
  expect(rand).toBeTruthy();
  // The picture must have loaded before its answer exists.
  await expect.poll(async () => captchaAnswer(`rand:${rand}`).catch(() => '')).not.toBe('');
  await form.locator('#code').fill(await captchaAnswer(`rand:${rand}`));
  await page.getByRole('button', { name: x.submitRegister }).click();
  await expect(page.getByText(x.registered)).toBeVisible();
};

for (const x of [en, zh]) {
  test(`register, approval, sign-in, password change and logout (${x.locale})`, async ({ browser }) => {
    const userName = `res_${x.locale.slice(0, 2)}_${Date.now().toString(36)}`;
    const password = 'First_pass1';
    const newPassword = 'Second_pass2';
    const userCtx = await browser.newContext({ locale: x.locale, viewport: { width: 1600, height: 900 } });
    const page = await userCtx.newPage();

    await register(page, x, userName, password);
    await signIn(page, userName, password);
    await expect(page.getByTestId('login-error')).toContainText(x.pendingError);

    const adminCtx = await browser.newContext({ locale: x.locale, viewport: { width: 1600, height: 900 } });
    const admin = await adminCtx.newPage();
    await signInAsAdmin(admin);
    await admin.getByRole('menuitem', { name: x.account }).click();
    await admin.getByRole('menuitem', { name: x.pendingUsers }).click();
    const row = admin.getByRole('row', { name: new RegExp(userName) });
    await row.getByRole('button', { name: x.approve }).click();
    await (await openDialog(admin)).getByRole('button', { name: x.approve }).click();
    await expect(admin.getByText(x.approved)).toBeVisible();
    await expect(admin.getByRole('row', { name: new RegExp(userName) })).toHaveCount(0);

    await signIn(page, userName, password);
    await expect(page).toHaveURL(/\/overview$/);
    await page.getByRole('menuitem', { name: x.account }).click();
    await expect(page.getByRole('menuitem', { name: x.personalCenter })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: x.pendingUsers })).toHaveCount(0);
    // The admin pages are not in the user's route set at all.
    await page.goto(`${baseURL()}/account/pending-users`);
    await expect(page).toHaveURL(/\/404$/);
    await page.goto(`${baseURL()}/account/personal`);

    await openUserMenu(page);
    const userMenu = page.locator('.ant-dropdown');
    await expect(userMenu.getByRole('menuitem', { name: x.personalCenter })).toBeVisible();
    await expect(userMenu.getByRole('menuitem', { name: x.systemConfig })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: x.changePasswordTab }).click();
    await page.getByLabel(x.oldPassword).fill(password);
    await page.getByLabel(x.newPassword).fill(newPassword);
    await page.getByLabel(x.confirmPassword).fill(newPassword);
    await page.getByRole('button', { name: x.changePassword }).click();
    await expect(page.getByText(x.passwordChanged)).toBeVisible();

    await openUserMenu(page);
    await page.locator('.ant-dropdown').getByRole('menuitem', { name: x.logout }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('gv.is_login'))).toBeNull();
    // The server session is gone too: a console page sends us back to sign-in.
    await page.goto(`${baseURL()}/overview`);
    await expect(page).toHaveURL(/\/login/);

    await signIn(page, userName, password);
    await expect(page.getByTestId('login-error')).toBeVisible();
    await signIn(page, userName, newPassword);
    await expect(page).toHaveURL(/\/overview$/);
    await userCtx.close();
    await adminCtx.close();
  });
}
