import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../support/constants';
import { baseURL, signIn } from '../support/portal';

/*
 * Screenshots of the service status groups (issue 15) on the node state view at 1440 × 900: the
 * sign-in store and the built-in scheduler running, NTP and InfiniBand empty, and the e2e portal's
 * login node refusing (docs/images/screens/services-1440-<lang>.png).
 */

const OUT = resolve(import.meta.dirname, '../../../../docs/images/screens');
const WIDTH = 1440;

test('screenshots of the service status groups', async ({ browser }) => {
  test.setTimeout(180_000);
  mkdirSync(OUT, { recursive: true });
  for (const [lang, locale] of [
    ['en', 'en-US'],
    ['zh', 'zh-CN'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 900 }, locale });
    const page = await context.newPage();
    await signIn(page, E2E_ADMIN.user, E2E_ADMIN.password);
    await page.goto(`${baseURL()}/job-resource/node-manage/node-view`);
    await expect(page.getByTestId('service-userAuthService:portal')).toBeVisible();
    // The local-mode notice is closed, as a user does once read: the page itself shows.
    const notice = page.getByRole('button', { name: /^(Hide this notice|隐藏此提示)$/ });
    if (await notice.isVisible()) await notice.click();
    await expect(page.getByTestId('node-node02')).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${OUT}/services-${WIDTH}-${lang}.png`, animations: 'disabled' });
    await context.close();
  }
});
