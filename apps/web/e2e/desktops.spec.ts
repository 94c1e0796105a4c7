import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseURL, registeredUser, sharedPortal, signIn } from './support/portal';

/*
 * Remote desktops in Chromium against the real server and a real Xvnc (local access: each user's
 * own POSIX account when the server runs as root): started from My desktops, seen through noVNC
 * over the portal's proxy, typed into, refused to a stranger, watched by an observer who cannot type.
 */

test.use({ viewport: { width: 1400, height: 900 } });

const USER_ROLE = 10002;
const PASSWORD = 'Desk_pass1';

/** The user's folder on the built-in cluster (the server's data folder, local access). */
const homeOf = (user: string) => join(sharedPortal().dataDir, 'home', user);

/** Distinct colours in the viewer's canvas: a blank or black screen has one or two. */
const coloursOnScreen = (viewer: Page) =>
  viewer.locator('[data-testid="desktop-screen"] canvas').evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d');
    if (!ctx || canvas.width === 0) return 0;
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < data.length && seen.size < 50; i += 4 * 97)
      seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return seen.size;
  });

/** Clicks a point of the desktop (its own pixels), wherever the viewer scaled it to. */
const clickDesktop = async (viewer: Page, x: number, y: number) => {
  const canvas = viewer.locator('[data-testid="desktop-screen"] canvas');
  const box = await canvas.boundingBox();
  const width = await canvas.evaluate((el: HTMLCanvasElement) => el.width);
  if (!box || width === 0) throw new Error('the desktop is not shown');
  const scale = box.width / width;
  await viewer.mouse.click(box.x + x * scale, box.y + y * scale);
};

/** Types a command into the desktop's terminal (openbox focuses the window clicked). */
const typeCommand = async (viewer: Page, command: string) => {
  await clickDesktop(viewer, 200, 150);
  await viewer.keyboard.type(command, { delay: 20 });
  await viewer.keyboard.press('Enter');
};

const connected = (viewer: Page) => expect(viewer.getByTestId('desktop-status')).toHaveAttribute('data-state', 'connected');

test('a desktop starts, shows its screen, takes typing, and is shared for watching only', async ({ browser, page, request }) => {
  await registeredUser(request, 'e2e_desk_owner', PASSWORD, USER_ROLE);
  await registeredUser(request, 'e2e_desk_other', PASSWORD, USER_ROLE);
  await registeredUser(request, 'e2e_desk_watch', PASSWORD, USER_ROLE);

  await signIn(page, 'e2e_desk_owner', PASSWORD);
  await page.goto(`${baseURL()}/ac-my-app`);
  await page.getByRole('button', { name: 'Start desktop' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Start a desktop' });
  await dialog.getByLabel('Name').fill('E2E desktop');
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 60_000 });
  const row = page.getByRole('row').filter({ hasText: 'E2E desktop' });
  await expect(row.getByTestId('desktop-state')).toHaveAttribute('data-state', 'running');

  // Connect opens the viewer in a window of its own.
  const popup = page.waitForEvent('popup');
  await row.getByRole('button', { name: 'Connect to E2E desktop' }).click();
  const viewer = await popup;
  await expect(viewer).toHaveURL(/\/desktop\/[A-Za-z0-9_-]+$/);
  const sessionId = viewer.url().split('/').pop() ?? '';
  await connected(viewer);
  // The desktop is drawn: openbox's background and an xterm, not a blank canvas.
  await expect.poll(() => coloursOnScreen(viewer), { timeout: 30_000 }).toBeGreaterThan(2);
  await viewer.getByTestId('desktop-screen').screenshot({ path: test.info().outputPath('desktop.png') });

  // Keys reach the terminal on the desktop: the command it runs leaves a file in the user's folder.
  const typed = join(homeOf('e2e_desk_owner'), 'e2e-typed.txt');
  await expect
    .poll(
      async () => {
        if (!existsSync(typed)) await typeCommand(viewer, 'echo typed-$((6*7)) > ~/e2e-typed.txt');
        return existsSync(typed);
      },
      { timeout: 60_000, intervals: [3000] },
    )
    .toBe(true);

  // Another user cannot connect to it.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, 'e2e_desk_other', PASSWORD);
  await other.goto(`${baseURL()}/desktop/${sessionId}`);
  await expect(other.getByText('This desktop is not available')).toBeVisible();
  await expect(other.getByTestId('desktop-status')).toHaveCount(0);

  // Shared for observation: the observer sees the screen, and their keys never arrive.
  await row.getByRole('button', { name: 'Share E2E desktop' }).click();
  const share = page.getByRole('dialog', { name: 'Share E2E desktop' });
  await share.getByLabel('User name').fill('e2e_desk_watch');
  await share.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(share.getByText('e2e_desk_watch')).toBeVisible();
  await share.getByRole('button', { name: 'Close' }).first().click();

  const watchContext = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const watcher = await watchContext.newPage();
  await signIn(watcher, 'e2e_desk_watch', PASSWORD);
  await watcher.goto(`${baseURL()}/ac-my-app`);
  const sharedRow = watcher.getByRole('row').filter({ hasText: 'E2E desktop' });
  await expect(sharedRow).toContainText('e2e_desk_owner');
  await watcher.goto(`${baseURL()}/desktop/${sessionId}`);
  await connected(watcher);
  await expect(watcher.getByText('View only')).toBeVisible();
  await expect.poll(() => coloursOnScreen(watcher), { timeout: 30_000 }).toBeGreaterThan(2);
  await typeCommand(watcher, 'echo watched > ~/e2e-watched.txt');

  // The owner types after the observer: once the owner's command ran, the observer's would have.
  const marker = join(homeOf('e2e_desk_owner'), 'e2e-marker.txt');
  await expect
    .poll(
      async () => {
        if (!existsSync(marker)) await typeCommand(viewer, 'echo marker > ~/e2e-marker.txt');
        return existsSync(marker);
      },
      { timeout: 60_000, intervals: [3000] },
    )
    .toBe(true);
  expect(existsSync(join(homeOf('e2e_desk_owner'), 'e2e-watched.txt'))).toBe(false);
  // The owner's list names who is connected.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'E2E desktop' })).toContainText('e2e_desk_watch');

  // Deleted: both viewers say it ended.
  const ownerRow = page.getByRole('row').filter({ hasText: 'E2E desktop' });
  await ownerRow.getByRole('button', { name: 'Delete E2E desktop' }).click();
  await page
    .getByRole('button', { name: /^(OK|Delete)$/ })
    .last()
    .click();
  await expect(ownerRow.getByTestId('desktop-state')).toHaveAttribute('data-state', 'ended');
  await expect(viewer.getByText('This desktop has ended')).toBeVisible();
  await expect(watcher.getByText(/This desktop has ended|This desktop is not available/)).toBeVisible();
  await otherContext.close();
  await watchContext.close();
});

test('a desktop job shows its desktop and ends in the list at its time limit', async ({ page, request }) => {
  // A one-minute job, watched to its end.
  test.setTimeout(300_000);
  await registeredUser(request, 'e2e_desk_job', PASSWORD, USER_ROLE);
  await signIn(page, 'e2e_desk_job', PASSWORD);
  await page.goto(`${baseURL()}/ac-my-app`);
  await page.getByRole('button', { name: 'Start desktop' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Start a desktop' });
  await dialog.getByLabel('Name').fill('E2E job desktop');
  await dialog.getByTestId('desktop-session-type').getByText('Compute node (job)').click();
  // One minute, the least a scheduler takes: the time limit then ends it while the test watches.
  await dialog.getByTestId('desktop-hours').fill('0.02');
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 60_000 });

  const row = page.getByRole('row').filter({ hasText: 'E2E job desktop' });
  await expect(row.getByTestId('desktop-job')).toBeVisible();
  await expect(row.getByTestId('desktop-state')).toHaveAttribute('data-state', 'running', { timeout: 60_000 });
  const popup = page.waitForEvent('popup');
  await row.getByRole('button', { name: 'Connect to E2E job desktop' }).click();
  const viewer = await popup;
  await connected(viewer);
  await expect.poll(() => coloursOnScreen(viewer), { timeout: 30_000 }).toBeGreaterThan(2);

  // The list polls while nothing starts only on a reload: wait for the job's end by reloading.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page
          .getByRole('row')
          .filter({ hasText: 'E2E job desktop' })
          .getByTestId('desktop-state')
          .getAttribute('data-state');
      },
      { timeout: 110_000, intervals: [5000] },
    )
    .toBe('ended');
  await expect(page.getByRole('row').filter({ hasText: 'E2E job desktop' })).toContainText('The job reached its time limit');
  await expect(viewer.getByText('This desktop has ended')).toBeVisible();
});
