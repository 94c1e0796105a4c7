import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { baseURL, registeredUser, signIn, openUserMenu } from './support/portal';

/*
 * The web shell in Chromium against the real server and a real pty: opened from the user menu in
 * a window of its own, typed into, and kept across a dropped WebSocket and a reload of the window.
 */

// Wide enough for the full user menu (spec section 2: below 1450 px in English it is the compact one).
test.use({ viewport: { width: 1600, height: 900 } });

const USER_ROLE = 10002;
const VIEWER_ROLE = 10006;

/** What the terminal shows, read from xterm's rows in the page. */
const screen = (shell: Page) => shell.locator('.xterm-rows');

const typeLine = async (shell: Page, line: string) => {
  await shell.keyboard.type(line);
  await shell.keyboard.press('Enter');
};

test('the WebShell opens from the user menu, runs a command and survives a dropped connection and a reload', async ({
  page,
  context,
  request,
}) => {
  await registeredUser(request, 'e2e_shell', 'Shell_pass1', USER_ROLE);

  // Every shell WebSocket passes through the test, so it can fail one like a network does.
  const sockets: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
  let offline = false;
  await context.routeWebSocket(/\/eshell\/api\/sessions\/[^/]+\/ws/, (ws) => {
    if (offline) {
      void ws.close({ code: 1001, reason: 'offline' });
      return;
    }
    sockets.push({ page: ws, server: ws.connectToServer() });
  });

  await signIn(page, 'e2e_shell', 'Shell_pass1');
  await expect(page).toHaveURL(/\/overview$/);
  await openUserMenu(page);
  const popup = page.waitForEvent('popup');
  // The user menu's command (the top menu has an entry of the same name).
  await page.locator('.ant-dropdown').getByRole('menuitem', { name: 'WebShell' }).click();
  const shell = await popup;

  await expect(shell).toHaveURL(/\/eshell$/);
  await expect(shell).toHaveTitle('e2e_shell@Local cluster');
  await expect(shell.getByRole('status')).toHaveCount(0);
  await shell.locator('.xterm').click();
  await typeLine(shell, 'echo hello-$((6*7)); export MARK=kept-$((2+3))');
  await expect(screen(shell)).toContainText('hello-42');

  // The network fails: the page says so and keeps trying while the test refuses connections.
  offline = true;
  const first = sockets[0]!;
  await first.server.close();
  await first.page.close({ code: 1001, reason: 'network down' });
  await expect(shell.getByRole('status')).toContainText('Reconnecting');

  offline = false;
  await expect(shell.getByRole('status')).toHaveCount(0, { timeout: 60_000 });
  expect(sockets.length).toBeGreaterThanOrEqual(2);
  await typeLine(shell, 'echo still-$MARK');
  // The same shell (its variable is still set), and nothing shown twice after re-attaching.
  await expect(screen(shell)).toContainText('still-kept-5');
  expect(((await screen(shell).textContent()) ?? '').match(/hello-42/g)).toHaveLength(1);

  // A reload of the window attaches to the same shell again: its recent output is shown once more
  // and its variable is still set.
  await shell.reload();
  await expect(screen(shell)).toContainText('hello-42');
  await expect(shell.getByRole('status')).toHaveCount(0);
  await shell.locator('.xterm').click();
  await typeLine(shell, 'echo reloaded-$MARK');
  await expect(screen(shell)).toContainText('reloaded-kept-5');

  await typeLine(shell, 'exit');
  await expect(shell.getByText('The shell has ended')).toBeVisible();
  await expect(shell.getByText('The shell exited with code 0.')).toBeVisible();
  await shell.getByRole('button', { name: 'New shell' }).click();
  await expect(shell.getByText('The shell has ended')).toHaveCount(0);
  await shell.locator('.xterm').click();
  await typeLine(shell, 'echo fresh-${MARK:-unset}');
  await expect(screen(shell)).toContainText('fresh-unset');
  await shell.close();
});

test('the WebShell entry of the top menu opens a shell window too', async ({ page, request }) => {
  await registeredUser(request, 'e2e_shell_menu', 'Shell_pass1', USER_ROLE);
  await signIn(page, 'e2e_shell_menu', 'Shell_pass1');
  await expect(page).toHaveURL(/\/overview$/);
  const popup = page.waitForEvent('popup');
  await page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name: 'WebShell' }).click();
  const shell = await popup;
  await expect(shell).toHaveURL(/\/eshell$/);
  await shell.locator('.xterm').click();
  await typeLine(shell, 'echo menu-$((40+2))');
  await expect(screen(shell)).toContainText('menu-42');
  await shell.close();
});

test('a viewer has no WebShell', async ({ page, request }) => {
  await registeredUser(request, 'e2e_shell_viewer', 'Viewer_pass1', VIEWER_ROLE);
  await signIn(page, 'e2e_shell_viewer', 'Viewer_pass1');
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('menuitem', { name: 'WebShell' })).toHaveCount(0);
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Personal center' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'WebShell' })).toHaveCount(0);
  // Typing the address does not help either.
  await page.goto(`${baseURL()}/eshell`);
  await expect(page.getByText('Permission Denied')).toBeVisible();
  await expect(page.locator('.xterm')).toHaveCount(0);
});
