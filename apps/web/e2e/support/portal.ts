import { z } from 'zod';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { E2E_ADMIN } from './constants';

export const baseURL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through the Playwright config');
  return url;
};

/** Where a portal under test answers and keeps its data; the shared one of global-setup by default. */
export interface PortalRef {
  baseURL: string;
  dataDir: string;
  dbUrl: string;
  dbSchema: string;
}

export const sharedPortal = (): PortalRef => ({
  baseURL: baseURL(),
  dataDir: process.env.E2E_DATA_DIR ?? '',
  dbUrl: process.env.E2E_DB_URL ?? '',
  dbSchema: process.env.E2E_DB_SCHEMA ?? '',
});

/** The answer to a captcha, read from the portal's database (the test's stand-in for a human). */
export const captchaAnswer = async (key: string, portal: PortalRef = sharedPortal()): Promise<string> => {
  const dbUrl = portal.dbUrl;
  if (dbUrl) {
    const client = new pg.Client({ connectionString: dbUrl, options: `-c search_path=${portal.dbSchema}` });
    await client.connect();
    try {
      const res = await client.query<{ answer: string }>('select answer from captchas where id = $1', [key]);
      if (!res.rows[0]) throw new Error(`no captcha ${key}`);
      return res.rows[0].answer;
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(join(portal.dataDir, 'portal.db'), { readonly: true });
  try {
    const row: unknown = db.prepare('select answer from captchas where id = ?').get(key);
    const found = z.object({ answer: z.string() }).safeParse(row);
    if (!found.success) throw new Error(`no captcha ${key}`);
    return found.data.answer;
  } finally {
    db.close();
  }
};

/** Signs in through the sign-in page. */
export const signIn = async (page: Page, user: string, password: string, base = baseURL()) => {
  await page.goto(`${base}/login`);
  await page.getByLabel(/^(User name|用户名)$/).fill(user);
  await page.getByLabel(/^(Password|密码)$/).fill(password);
  // Wait for the server's answer: a page.goto right after the click would cancel the sign-in.
  const answered = page.waitForResponse((r) => r.url().includes('/login/loginAuth.action'));
  await page.getByRole('button', { name: /^(Sign in|登 ?录)$/ }).click();
  const answer = await answered;
  // Accepted: wait until the console has taken over from the sign-in page, so a page.goto that
  // follows carries the session (a goto racing the answer's cookie landed on /login again).
  if (answer.ok() && (await answer.json()).errCode === 0) {
    await expect(page).not.toHaveURL(/\/login(\?|$)/, { timeout: 60_000 });
  }
};

export const signInAsAdmin = async (page: Page) => {
  await signIn(page, E2E_ADMIN.user, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/overview$/);
};

/** Registers a user through the API (captcha read from the database) and approves it with a role. */
export const registeredUser = async (
  request: APIRequestContext,
  userName: string,
  password: string,
  roleId: number,
  portal: PortalRef = sharedPortal(),
) => {
  const base = portal.baseURL;
  const rand = `e2e${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  await request.get(`${base}/login/authCode.action?rand=${rand}`);
  const code = await captchaAnswer(`rand:${rand}`, portal);
  await expect((await request.post(`${base}/login/checkCodeRegister.action`, { data: { rand, code } })).ok()).toBe(true);
  const reg = await request.post(`${base}/sys_gvuserma/gvuserma/registerUser.action`, {
    data: { rand, userName, userPwd: password, email: 'e2e@example.com' },
  });
  expect((await reg.json()).errCode).toBe(0);
  const admin = await request.post(`${base}/login/loginAuth.action`, {
    data: { strUserName: E2E_ADMIN.user, strPassword: E2E_ADMIN.password },
  });
  const { csrfToken } = (await admin.json()).data;
  const approve = await request.post(`${base}/sys_gvuserma/gvuserma/approveUser.action`, {
    data: { userNames: [userName], roleId },
    headers: { 'x-xsrf-token': csrfToken },
  });
  expect((await approve.json()).errCode).toBe(0);
  await request.post(`${base}/pageframe/main/logout.action`);
};

/**
 * Opens the header's user menu and waits for its opening animation to end: a submenu hovered while
 * the menu still slides in does not open.
 */
export const openUserMenu = async (page: Page) => {
  await page.getByTestId('user-menu').click();
  await expect(page.locator('.ant-dropdown:visible').first()).toBeVisible();
  await expect(page.locator('.ant-dropdown[class*="slide-up-appear"], .ant-dropdown[class*="slide-up-enter"]')).toHaveCount(0);
};

/**
 * Waits until a dropdown's submenu has finished opening: while it still zooms in, its entries move
 * under the pointer, and a pointer that lands outside it (on the page behind) closes it. With the
 * submenu's `title`: also until the submenu stands beside it. It is first drawn at the top of the
 * page and aligned a few frames later, so a click measured before lands on the header (seen at
 * 1280×720: no page opened).
 */
export const submenuOpened = async (page: Page, title?: Locator) => {
  if (title)
    await expect
      .poll(async () => {
        const [t, popup] = await Promise.all([
          // First: once open, the submenu's entries may match the title's name too (Tools, Download tools).
          title.first().boundingBox(),
          page.locator('.ant-dropdown-menu-submenu-popup:visible').last().boundingBox(),
        ]);
        return t && popup ? Math.abs(popup.y - t.y) : Number.POSITIVE_INFINITY;
      })
      .toBeLessThan(40);
  await expect(
    page.locator(
      '.ant-dropdown-menu-submenu-popup[class*="zoom-big-appear"], .ant-dropdown-menu-submenu-popup[class*="zoom-big-enter"]',
    ),
  ).toHaveCount(0);
};

/**
 * Chooses an entry of a top-menu group (File Transfer → E-File) once its submenu has slid into
 * place: a click while the submenu still moves can miss the entry, and no window opens.
 */
export const chooseMenuEntry = async (page: Page, group: string, entry: string) => {
  await page.getByRole('menuitem', { name: group }).hover();
  const item = page.getByRole('menuitem', { name: entry });
  await expect(item).toBeVisible();
  await expect(page.locator('.ant-menu-submenu-popup[class*="-appear"], .ant-menu-submenu-popup[class*="-enter"]')).toHaveCount(
    0,
  );
  await item.hover();
  await item.click();
};

/** Chooses an entry of the user menu's Tools submenu, once that has opened. */
export const chooseTool = async (page: Page, entry: string | RegExp, tools = 'Tools') => {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: tools }).hover();
  const item = page.getByRole('menuitem', { name: entry });
  await expect(item).toBeVisible();
  await submenuOpened(page);
  await item.hover();
  await item.click();
};

/**
 * Chooses a language in the header's switch once its menu has slid into place: the menu is
 * fetched on the first click and opens at once, and a click while it still moves can land on the
 * button behind it and close it.
 */
export const chooseLanguage = async (page: Page, name: 'English' | '简体中文') => {
  await page.getByRole('button', { name: 'Language' }).click();
  await expect(page.getByRole('menuitem', { name })).toBeVisible();
  await expect(page.locator('.ant-dropdown[class*="slide-up-appear"], .ant-dropdown[class*="slide-up-enter"]')).toHaveCount(0);
  await page.getByRole('menuitem', { name }).click();
};

/** The open dialog once its opening animation is over (a click during the zoom can be lost). */
export const openDialog = async (page: Page) => {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.locator('.ant-modal[class*="zoom-appear"], .ant-modal[class*="zoom-enter"]')).toHaveCount(0);
  return dialog;
};
