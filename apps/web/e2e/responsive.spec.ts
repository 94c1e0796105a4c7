import { expect, test, type Locator, type Page } from '@playwright/test';
import { refreshUntilVisible } from './support/lists';
import {
  baseURL,
  captchaAnswer,
  openDialog,
  openUserMenu,
  registeredUser,
  signIn,
  signInAsAdmin,
  submenuOpened,
} from './support/portal';

/*
 * Issue 11, items 3 to 5: every page reachable by clicking at 1280 and 1440 px, a drawer menu and
 * no sideways page scrolling at 390 px, table actions in view without scrolling.
 */

/** Every report filter set (the cluster id stays as the address gives it, known or not). */
const FILTERED = 'local&account=an_account_name&queue=a_queue_name&user=someone_with_a_long_name';
const WIDE = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];
const PHONE = { width: 390, height: 844 };

const topMenu = (page: Page) => page.getByRole('menu', { name: 'Main menu' });
const sideMenu = (page: Page) => page.getByRole('complementary', { name: 'Side menu' });
/** The drawer of a narrow screen, found by the navigation it holds. */
const drawerOf = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('navigation', { name: 'Navigation' }) });
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'You are here' });

/** Opens the user menu's "More" entry (the compact user menu of these widths) and chooses `path`. */
const fromMore = async (page: Page, ...path: string[]) => {
  // A menu closed just before may still be sliding away: the new one opens once it has gone.
  await expect(page.locator('.ant-dropdown[class*="-leave"]')).toHaveCount(0);
  await openUserMenu(page);
  const more = page.getByRole('menuitem', { name: 'More' });
  await more.hover();
  // While a submenu still zooms in or moves into place, a click lands behind it.
  await submenuOpened(page, more);
  for (const [i, name] of path.entries()) {
    // A submenu's title also names its arrow icon: only the last entry is matched exactly.
    if (i < path.length - 1) {
      const title = page.getByRole('menuitem', { name });
      await title.hover();
      await submenuOpened(page, title);
    }
    // The user menu's own entry: the main menu may hold one of the same name (WebShell).
    else await page.getByRole('menuitem', { name, exact: true }).and(page.locator('.ant-dropdown-menu-item')).click();
  }
  // Submenus close once the pointer leaves them; until then they could cover a dialog's buttons.
  await page.mouse.move(1, 400);
  await expect(page.locator('.ant-dropdown-menu-sub:visible')).toHaveCount(0);
};

for (const size of WIDE)
  test(`at ${size.width}×${size.height} an administrator reaches every page of the menus by clicking`, async ({ page }) => {
    // Seventeen pages and dialogs, one after the other.
    test.slow();
    await page.setViewportSize(size);
    await signInAsAdmin(page);

    const sidePages: [string, string, RegExp][] = [
      ['Job', 'Current jobs', /\/my-job\/current-job$/],
      ['Job', 'History jobs', /\/my-job\/history-job$/],
      ['Job', 'Submit job', /\/my-job\/submit$/],
      ['Job', 'Job charts', /\/job\/job-view$/],
      ['Resources', 'Queues', /\/job-resource\/queue-manage$/],
      ['Account', 'Pending users', /\/account\/pending-users$/],
      ['Account', 'Users', /\/account\/users$/],
      ['Account', 'Organisation', /\/account\/org-units$/],
      ['Account', 'Accounts', /\/account\/accounts$/],
      ['Account', 'My accounts', /\/account\/my-accounts$/],
      ['Account', 'Audit log', /\/account\/audit-log$/],
      ['Account', 'Personal center', /\/account\/personal$/],
      ['Cost', 'Usage reports', /\/my-report\/usage$/],
    ];
    for (const [top, entry, url] of sidePages) {
      await topMenu(page).getByRole('menuitem', { name: top }).click();
      await sideMenu(page).getByRole('menuitem', { name: entry, exact: true }).click();
      await expect(page, entry).toHaveURL(url);
      await expect(crumbs(page)).toContainText(entry);
    }
    await topMenu(page).getByRole('menuitem', { name: 'Overview' }).click();
    await expect(page).toHaveURL(/\/overview$/);

    // The compact user menu keeps the spec's entries and holds the rest under "More".
    await openUserMenu(page);
    for (const name of ['Personal center', 'About', 'Log out'])
      await expect(page.getByRole('menuitem', { name }), name).toBeVisible();
    await page.keyboard.press('Escape');

    await fromMore(page, 'System config');
    await expect(page).toHaveURL(/\/config\/systemconfig$/);
    await expect(page.getByText('System configuration')).toBeVisible();

    await fromMore(page, 'Tools', 'Download tools');
    await (await openDialog(page)).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await fromMore(page, 'Tools', 'Import public key');
    const importKey = await openDialog(page);
    await expect(importKey).toContainText('Key name');
    await importKey.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const shell = page.waitForEvent('popup');
    await fromMore(page, 'WebShell');
    expect((await shell).url()).toContain('/eshell');
    await (await shell).close();
  });

test('System config opened by its address says where it belongs: breadcrumb and the user menu entry', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await signInAsAdmin(page);
  await page.goto(`${baseURL()}/config/systemconfig`);
  await expect(crumbs(page)).toContainText('System config');
  await openUserMenu(page);
  await expect(page.locator('.ant-dropdown-menu-item-selected')).toHaveText('System config');
  // The breadcrumb's home leads to the default page.
  await page.keyboard.press('Escape');
  await crumbs(page).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  // A page of the menus names its menu entries.
  await page.goto(`${baseURL()}/account/audit-log`);
  await expect(crumbs(page)).toContainText('Account');
  await expect(crumbs(page)).toContainText('Audit log');
  await expect(sideMenu(page).locator('.ant-menu-item-selected')).toHaveText('Audit log');
});

test('the Permission Denied page leads back to the page the user came from, or to the home page', async ({ page, request }) => {
  const name = `viewer_r${Date.now().toString(36)}`;
  await registeredUser(request, name, 'Viewer_pass1', 10006);
  await signIn(page, name, 'Viewer_pass1');
  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name: 'Job' }).click();
  await expect(page).toHaveURL(/\/my-job\/current-job$/);
  // No menu or link of a viewer's leads to a denied page; an in-app move there is made the way
  // the router's own links do it (a history entry, then the router told), so that one lies behind.
  await page.evaluate(() => {
    window.history.pushState({ usr: null, key: 'denied', idx: window.history.state.idx + 1 }, '', '/config/systemconfig');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await expect(page.getByText('Permission Denied')).toBeVisible();
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/my-job\/current-job$/);
  await expect(crumbs(page)).toContainText('Current jobs');

  // Opened by its address, there is nothing to go back to: only the home page is offered.
  await page.goto(`${baseURL()}/config/systemconfig`);
  await expect(page.getByText('Permission Denied')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go back' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Home page' }).click();
  await expect(page).toHaveURL(/\/overview$/);
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: PHONE });

  test('the menus are in a drawer that opens and closes', async ({ page }) => {
    await signInAsAdmin(page);
    await expect(topMenu(page)).toHaveCount(0);
    await expect(sideMenu(page)).toHaveCount(0);
    const drawer = drawerOf(page);

    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open the menu' }).click();
    await drawer.getByRole('menuitem', { name: 'Account' }).click();
    await drawer.getByRole('menuitem', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(/\/account\/users$/);
    await expect(drawer).toBeHidden();

    // The entries the compact user menu leaves out are in the drawer too.
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await drawer.getByRole('menuitem', { name: 'System config' }).click();
    await expect(page).toHaveURL(/\/config\/systemconfig$/);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(drawer.getByRole('menuitem', { name: 'Tools' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('no main page scrolls sideways', async ({ page }) => {
    test.slow();
    await signInAsAdmin(page);
    for (const path of [
      'overview',
      'my-job/current-job',
      'my-job/history-job',
      'my-job/submit',
      'job/job-view',
      'account/pending-users',
      'account/users',
      'account/org-units',
      'account/accounts',
      'account/my-accounts',
      'account/applications',
      'account/audit-log',
      'account/personal',
      'job-resource/queue-manage',
      'job-resource/queue-manage/add/addQueue/account',
      'config/systemconfig',
      // The report and bill pages with every filter set: their filter bars wrap.
      `my-report/usage?scope=all&cluster=${FILTERED}`,
      `my-report/my-bill-detail?scope=all&cluster=${FILTERED}`,
      `my-report/my-bill-statistics?scope=all&cluster=${FILTERED}`,
    ]) {
      await page.goto(`${baseURL()}/${path}`);
      await expect(page.getByRole('navigation', { name: 'You are here' })).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${path} is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
    }
  });

  test('a user submits a job, finds it in the list and reads its details and output', async ({ page, request }) => {
    test.slow();
    const name = `phone_${Date.now().toString(36)}`;
    await registeredUser(request, name, 'Phone_pass1', 10002);
    await signIn(page, name, 'Phone_pass1');
    await expect(page).toHaveURL(/\/overview$/);

    await page.getByRole('button', { name: 'Open the menu' }).click();
    const drawer = drawerOf(page);
    await drawer.getByRole('menuitem', { name: 'Job', exact: true }).click();
    await drawer.getByRole('menuitem', { name: 'Submit job' }).click();
    await page.getByLabel('Job name').fill('phone_job');
    await page.getByLabel('Time limit').fill('00:20:00');
    await page.getByRole('textbox', { name: 'Job script' }).fill('#!/bin/bash\necho "hello phone"\nsleep 300\n');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const done = page
      .getByRole('alert')
      .filter({ hasText: /^Job \d+ submitted/ })
      .first();
    await expect(done).toBeVisible();
    const jobId = /Job (\d+) submitted/.exec((await done.textContent()) ?? '')?.[1] ?? '';

    const link = page.getByRole('link', { name: jobId, exact: true });
    await refreshUntilVisible(page, `${baseURL()}/my-job/current-job`, link);
    const noSideways = async () =>
      expect(await page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth)).toBeLessThanOrEqual(0);
    await noSideways();
    // Columns pinned on wide screens scroll with the rest here, each in its own place.
    const header = (text: string) =>
      page
        .locator('thead th')
        .filter({ hasText: new RegExp(`^${text}$`) })
        .boundingBox();
    const [idBox, nameBox] = [await header('Job ID'), await header('Name')];
    expect(idBox && nameBox && idBox.x + idBox.width <= nameBox.x + 1, 'the job ID column covers the name').toBe(true);
    await link.click();
    await expect(page).toHaveURL(/\/jobDetails\/\?jobId=/);
    await expect(page.getByRole('region', { name: 'Standard output' })).toContainText('hello phone', { timeout: 45_000 });
    await noSideways();
    await page.getByRole('region', { name: 'Standard output' }).scrollIntoViewIfNeeded();
    const box = await page.getByRole('region', { name: 'Standard output' }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  });
});

/** Registers a user through the API and leaves them waiting for approval. */
const pendingUser = async (page: Page, userName: string) => {
  const base = baseURL();
  const rand = `e2e${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  await page.request.get(`${base}/login/authCode.action?rand=${rand}`);
  const code = await captchaAnswer(`rand:${rand}`);
  await page.request.post(`${base}/login/checkCodeRegister.action`, { data: { rand, code } });
  const reg = await page.request.post(`${base}/sys_gvuserma/gvuserma/registerUser.action`, {
    data: { rand, userName, userPwd: 'Pending_pass1', email: 'e2e@example.com' },
  });
  expect((await reg.json()).errCode).toBe(0);
};

/** The button lies inside the viewport and is what a click there reaches (not under another column). */
const inView = async (page: Page, name: string, scope: Locator) => {
  const button = scope.getByRole('button', { name, exact: true });
  const box = await button.boundingBox();
  const view = page.viewportSize();
  expect(box, name).not.toBeNull();
  if (!box || !view) return;
  expect(box.x, name).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} ends at ${box.x + box.width} px`).toBeLessThanOrEqual(view.width);
  expect(box.y + box.height, name).toBeLessThanOrEqual(view.height);
  const hit = await button.evaluate((el, p) => el.contains(document.elementFromPoint(p.x, p.y)), {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(hit, `${name} is covered`).toBe(true);
};

for (const size of WIDE)
  test(`at ${size.width}×${size.height} the report and bill pages with every filter set do not scroll sideways`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInAsAdmin(page);
    for (const path of ['my-report/usage', 'my-report/my-bill-detail', 'my-report/my-bill-statistics']) {
      await page.goto(`${baseURL()}/${path}?scope=all&cluster=${FILTERED}`);
      await expect(page.getByRole('combobox', { name: 'Queue' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'User' })).toHaveValue('someone_with_a_long_name');
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${path} is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
    }
  });

for (const size of WIDE)
  test(`at ${size.width}×${size.height} the user tables' actions are in view without scrolling`, async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    await registeredUser(request, `act_${stamp}`, 'Act_pass1', 10002);
    await pendingUser(page, `wait_${stamp}`);
    await page.setViewportSize(size);
    await signInAsAdmin(page);

    await page.goto(`${baseURL()}/account/users`);
    await page.getByPlaceholder('Search by user name').fill(`act_${stamp}`);
    await page.getByPlaceholder('Search by user name').press('Enter');
    const row = page.getByRole('row').filter({ hasText: `act_${stamp}` });
    await expect(row).toHaveCount(1);
    for (const name of ['Edit', 'Freeze', 'Install on clusters']) await inView(page, name, row);

    await page.goto(`${baseURL()}/account/pending-users`);
    await page.getByPlaceholder('Search by user name').fill(`wait_${stamp}`);
    await page.getByPlaceholder('Search by user name').press('Enter');
    const waiting = page.getByRole('row').filter({ hasText: `wait_${stamp}` });
    await expect(waiting).toHaveCount(1);
    for (const name of ['Approve', 'Refuse']) await inView(page, name, waiting);
  });
