import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiSession } from '../support/api';
import { E2E_ADMIN } from '../support/constants';
import { baseURL, registeredUser, signIn } from '../support/portal';

/*
 * Screenshots of remote desktops (issue 14) at 1440 × 900: My desktops with a running desktop in
 * English and Chinese (docs/images/screens/desktops-1440-<lang>.png), its applications
 * (applications-…), and the viewer with openbox and an xterm (docs/images/desktop-viewer.png).
 */

const OUT = resolve(import.meta.dirname, '../../../../docs/images');
const USER = `lee_${Date.now().toString(36).slice(-4)}`;
const PASSWORD = 'Shots_pass1';

test('screenshots of desktops', async ({ browser, request }) => {
  test.setTimeout(300_000);
  mkdirSync(`${OUT}/screens`, { recursive: true });
  await registeredUser(request, USER, PASSWORD, 10002);
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  for (const appId of ['FLUENT', 'MATLAB', 'GROMACS', 'VASP'])
    await admin.ok('PUT', `/desktopandapp/api/apptemplates/${appId}`, { enabled: true });
  await admin.dispose();
  const user = await apiSession(USER, PASSWORD);
  await user.ok('POST', '/desktopandapp/api/vncs/vncsession', { name: 'Analysis', resolution: '1280x800' });
  await user.ok('POST', '/desktopandapp/api/vncs/vncsession', { name: 'Post-processing', sessionType: 'job', hours: 2 });
  await user.dispose();

  for (const locale of ['en-US', 'zh-CN']) {
    const lang = locale.slice(0, 2);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
    const page = await context.newPage();
    await signIn(page, USER, PASSWORD);
    await page.goto(`${baseURL()}/ac-my-app`);
    await expect(page.locator('[data-testid="desktop-state"][data-state="running"]')).toHaveCount(2, { timeout: 60_000 });
    await page.screenshot({ path: `${OUT}/screens/desktops-1440-${lang}.png`, animations: 'disabled' });
    await page.goto(`${baseURL()}/ac-my-app?tab=apps`);
    await expect(page.getByTestId('app-FLUENT')).toBeVisible();
    await page.screenshot({ path: `${OUT}/screens/desktop-apps-1440-${lang}.png`, animations: 'disabled' });
    if (lang === 'en') {
      await page.goto(`${baseURL()}/ac-my-app`);
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Connect to Analysis' }).click();
      const viewer = await popup;
      await expect(viewer.getByTestId('desktop-status')).toHaveAttribute('data-state', 'connected');
      // The first full frame.
      await viewer.waitForTimeout(1500);
      await viewer.screenshot({ path: `${OUT}/desktop-viewer.png`, animations: 'disabled' });
    }
    await context.close();
  }
});
