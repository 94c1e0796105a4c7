import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../support/constants';
import { baseURL, signIn } from '../support/portal';

/*
 * Screenshots of parallel storage (issue 15) at 1440 × 900: the e2e portal's `scratch` on this
 * host's root file system, `archive` with a server away, and the storage servers
 * (docs/images/screens/storage-1440-<lang>.png).
 */

const OUT = resolve(import.meta.dirname, '../../../../docs/images/screens');
const WIDTH = 1440;

test('screenshots of parallel storage', async ({ browser }) => {
  test.setTimeout(180_000);
  mkdirSync(OUT, { recursive: true });
  for (const [lang, locale] of [
    ['en', 'en-US'],
    ['zh', 'zh-CN'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 900 }, locale });
    const page = await context.newPage();
    await signIn(page, E2E_ADMIN.user, E2E_ADMIN.password);
    // A minute of rounds, so the charts have lines to draw.
    await page.waitForTimeout(lang === 'en' ? 60_000 : 0);
    await page.goto(`${baseURL()}/manage/resourceManage/parastor`);
    const notice = page.getByRole('button', { name: /^(Hide this notice|隐藏此提示)$/ });
    if (await notice.isVisible()) await notice.click();
    await expect(page.getByTestId('storage-scratch').getByRole('img').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${OUT}/storage-${WIDTH}-${lang}.png`, animations: 'disabled', fullPage: true });
    await context.close();
  }
});
