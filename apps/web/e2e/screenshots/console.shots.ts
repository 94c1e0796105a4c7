import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { baseURL, registeredUser, signInAsAdmin } from '../support/portal';

/*
 * Screenshots of the console as a new user sees it, for docs/images/screens/<page>-<width>-<lang>.png.
 * A few users and jobs are made first so the lists are not empty.
 */

const OUT = resolve(import.meta.dirname, '../../../../docs/images/screens');
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
];
const LANGS = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'zh', locale: 'zh-CN' },
] as const;

/** Below this width the console shows its drawer menu instead of the header menu. */
const PHONE = 768;

test.beforeAll(async ({ request }) => {
  mkdirSync(OUT, { recursive: true });
  const stamp = Date.now().toString(36).slice(-4);
  for (const [name, role] of [
    [`alice_${stamp}`, 10002],
    [`bob_${stamp}`, 10002],
    [`viewer_${stamp}`, 10006],
  ] as const)
    await registeredUser(request, name, 'Shots_pass1', role);
});

/** Submits a few jobs as the administrator so that the job list has rows. */
const submitJobs = async (page: Page) => {
  const csrf = await page.evaluate(() => /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
  for (const [name, script] of [
    ['md_sim', '#!/bin/bash\necho "step 1 of 40"\nsleep 600\n'],
    ['post_process', '#!/bin/bash\necho done\n'],
    ['train_small', '#!/bin/bash\nsleep 600\n'],
  ]) {
    const res = await page.request.post(`${baseURL()}/jm_jobmanagement/api/jobs`, {
      data: { name, nodes: 1, cores: 1, timeLimit: '00:30:00', script },
      headers: { 'x-xsrf-token': decodeURIComponent(csrf) },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
};

/**
 * Waits until the page shows its data (`ready`, so that a check made before the page has drawn
 * anything does not pass) and nothing is loading: no spinner and no skeleton.
 */
const settled = async (page: Page, ready: Locator) => {
  await expect(ready.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
};

const shoot = async (page: Page, ready: Locator, name: string, width: number, lang: string) => {
  await settled(page, ready);
  // Finished transitions: a spinner's fading veil would otherwise dim the rows.
  await page.screenshot({ path: `${OUT}/${name}-${width}-${lang}.png`, animations: 'disabled' });
};

const pageOf = async (browser: Browser, width: number, height: number, locale: string) => {
  const context = await browser.newContext({ viewport: { width, height }, locale });
  return context.newPage();
};

test('screenshots of the main pages', async ({ browser }) => {
  test.setTimeout(600_000);
  let jobsMade = false;
  for (const { lang, locale } of LANGS)
    for (const { width, height } of SIZES) {
      const page = await pageOf(browser, width, height, locale);
      await page.goto(`${baseURL()}/login`);
      await shoot(page, page.getByRole('button', { name: /^(Sign in|登 ?录)$/ }), 'sign-in', width, lang);

      await signInAsAdmin(page);
      if (!jobsMade) {
        await submitJobs(page);
        jobsMade = true;
        // The overview was drawn before the jobs existed.
        await page.reload();
      }
      const rows = page.locator('.ant-table-row');
      await shoot(page, page.getByTestId('overview-latest-jobs').locator('.ant-table-row'), 'overview', width, lang);
      for (const [name, path, ready] of [
        ['current-jobs', 'my-job/current-job', rows],
        ['users', 'account/users', rows.filter({ hasText: 'viewer_' })],
        ['system-config', 'config/systemconfig', page.getByRole('spinbutton')],
      ] as const) {
        await page.goto(`${baseURL()}/${path}`);
        await shoot(page, ready, name, width, lang);
      }

      const popup = page.waitForEvent('popup');
      if (width < PHONE) await page.getByRole('button', { name: /^(Open the menu|打开菜单)$/ }).click();
      await page.getByRole('menuitem', { name: /^(File Transfer|文件传输)$/ }).click();
      // One child opens at once; with Across Center on, File Transfer is a group to open first.
      const item = page.getByRole('menuitem', { name: 'E-File' });
      if ((await Promise.race([popup.then(() => 'popup'), item.waitFor().then(() => 'item')])) === 'item') await item.click();
      const efile = await popup;
      await efile.setViewportSize({ width, height });
      await expect(efile.getByRole('heading', { name: 'E-File' })).toBeVisible();
      await shoot(efile, efile.locator('[data-testid^="row-"]'), 'efile', width, lang);
      await page.context().close();
    }
});
