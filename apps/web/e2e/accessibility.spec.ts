import { expect, test, type Browser, type Page } from '@playwright/test';
import { Role } from '@portal/shared';
import { PUBLIC_PAGES, pagesOf, type CheckedPage } from './support/a11y-pages';
import { accessibilitySetup, runningJob, type AccessibilitySetup } from './support/a11y-setup';
import { seriousViolations } from './support/axe';
import { E2E_ADMIN } from './support/constants';
import { baseURL, openDialog, signIn } from './support/portal';

/*
 * axe-core on every page of every role, in English and Chinese, on a desktop and a phone: a
 * serious or critical violation fails the test, which lists each rule, element and page. How to
 * run it and what it checks: docs/accessibility.md.
 */

const PEOPLE = (stamp: string) => [
  { role: 'administrator', user: E2E_ADMIN.user, password: E2E_ADMIN.password, roleId: Role.admin },
  { role: 'user', user: `a11yu_${stamp}`, password: 'User_pass1', roleId: Role.user },
  { role: 'viewer', user: `a11yv_${stamp}`, password: 'Viewer_pass1', roleId: Role.viewer },
  { role: 'auditor', user: `a11ya_${stamp}`, password: 'Auditor_pass1', roleId: Role.auditor },
];
const ROLES = PEOPLE('').map((p) => p.role);
const LANGUAGES = [
  { name: 'English', locale: 'en-US' },
  { name: 'Chinese', locale: 'zh-CN' },
];
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

let setup: AccessibilitySetup;
let running: Awaited<ReturnType<typeof runningJob>> | undefined;
test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  setup = await accessibilitySetup(request, PEOPLE);
  running = await runningJob(setup);
});
test.afterAll(async () => {
  await running?.stop();
});

const CONSOLE = '#portal-content';

/**
 * Moves the console to another of its pages as its own links do (no reload: the bundle loads once
 * per pass). The router shows the old page until the new one is ready, so this waits until the
 * content area says it shows the new address.
 */
const navigateInApp = async (page: Page, url: string) => {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  const pathname = new URL(url, 'http://x').pathname;
  await expect(page.locator(CONSOLE)).toHaveAttribute('data-path', pathname);
};

/** Opens each page and collects what axe finds, with the page it was found on. */
const checkPages = async (page: Page, pages: CheckedPage[], label: string) => {
  const problems: string[] = [];
  for (const [i, { url, root }] of pages.entries()) {
    // Within the console, move as its links do; a window (E-File, E-Shell) is loaded as it opens.
    if (i > 0 && root === CONSOLE && pages[i - 1]?.root === CONSOLE) await navigateInApp(page, url);
    else await page.goto(`${baseURL()}${url}`);
    // The page itself must have opened: not a redirect to sign-in or /404, not "permission denied".
    await expect(page, `${label} ${url}`).toHaveURL((u) => `${u.pathname}${u.search}`.startsWith(url.split('?')[0] ?? url));
    await expect(page.locator('.ant-result-403'), `${label} ${url}`).toHaveCount(0);
    problems.push(...(await seriousViolations(page, `${label} ${url}`, root)));
  }
  return problems;
};

/** The header's menus and the About dialog, which a page alone does not show. */
const checkHeaderOverlays = async (page: Page, label: string) => {
  const problems: string[] = [];
  const userMenu = page.getByTestId('user-menu');
  if (!(await userMenu.isVisible())) return problems;
  await userMenu.click();
  const about = page.getByRole('menuitem', { name: /^(About|关于)/ });
  await expect(about).toBeVisible();
  problems.push(...(await seriousViolations(page, `${label} user menu`)));
  await about.click();
  await openDialog(page);
  problems.push(...(await seriousViolations(page, `${label} About dialog`)));
  return problems;
};

const newPage = async (browser: Browser, locale: string, viewport: { width: number; height: number }) =>
  (await browser.newContext({ locale, viewport, baseURL: baseURL() })).newPage();

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}×${viewport.height}`;
  for (const { name: language, locale } of LANGUAGES) {
    test(`sign-in, registration and the other public pages have no serious accessibility violation (${language}, ${size})`, async ({
      browser,
    }) => {
      test.setTimeout(300_000);
      const page = await newPage(browser, locale, viewport);
      const problems: string[] = [];
      for (const url of PUBLIC_PAGES) {
        await page.goto(`${baseURL()}${url}`);
        problems.push(...(await seriousViolations(page, `${language} ${size} ${url}`)));
      }
      await page.context().close();
      expect(problems.length, problems.join('\n')).toBe(0);
    });

    // The administrator opens every page in every language and size. The other roles open the same
    // components in fewer states: once each, in English at 1440×900, which keeps the run a third shorter.
    const roles = language === 'English' && viewport.width === 1440 ? ROLES : ROLES.filter((r) => r === 'administrator');
    for (const role of roles) {
      test(`every page of the ${role} has no serious accessibility violation (${language}, ${size})`, async ({ browser }) => {
        test.setTimeout(600_000);
        const person = setup.people.find((p) => p.role === role);
        if (!person) throw new Error(`no ${role} in the set-up`);
        const page = await newPage(browser, locale, viewport);
        await signIn(page, person.user, person.password);
        await expect(page).not.toHaveURL(/\/login/);
        const label = `${role} ${language} ${size}`;
        const pages = pagesOf(person.roleId, { ...setup.jobs, running: running?.jobId ?? '' });
        const problems = await checkPages(page, pages, label);
        await page.goto(`${baseURL()}${pages[0]?.url ?? '/'}`);
        problems.push(...(await checkHeaderOverlays(page, label)));
        await page.context().close();
        expect(problems.length, problems.join('\n')).toBe(0);
      });
    }
  }
}
