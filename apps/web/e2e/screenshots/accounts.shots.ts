import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import { Role } from '@portal/shared';
import { E2E_ADMIN } from '../support/constants';
import { baseURL, registeredUser, signIn } from '../support/portal';

/*
 * Screenshots of the account pages (issue 12) at 1440 px in English and Chinese, for
 * docs/images/screens/<page>-1440-<lang>.png: companies and departments, accounts, my accounts.
 * A small organisation with accounts in every status is made first through the API.
 */

const OUT = resolve(import.meta.dirname, '../../../../docs/images/screens');
const WIDTH = 1440;
const LANGS = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'zh', locale: 'zh-CN' },
] as const;
const stamp = Date.now().toString(36).slice(-4);
const PI = `alice_${stamp}`;
const MEMBER = `bob_${stamp}`;
const PASSWORD = 'Shots_pass1';

const Answer = z.object({ errCode: z.number(), data: z.object({ id: z.number().optional() }).passthrough().nullable() });

/** Calls the API as the signed-in page (its cookies and cross-site token) and answers the data. */
const call = async (page: Page, method: 'POST' | 'PUT', path: string, data: unknown) => {
  const csrf = await page.evaluate(() => /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
  const res = await page.request.fetch(`${baseURL()}${path}`, {
    method,
    data,
    headers: { 'x-xsrf-token': decodeURIComponent(csrf) },
  });
  const body = Answer.parse(await res.json());
  expect(body.errCode, `${method} ${path}: ${JSON.stringify(body)}`).toBe(0);
  return { id: body.data?.id };
};

const makeOrganisation = async (page: Page) => {
  const units = '/jm_accountmanagement/api/orgunits';
  const company = await call(page, 'POST', units, { name: `Northwind Research ${stamp}`, kind: 'company' });
  const physics = await call(page, 'POST', units, { name: 'Physics', kind: 'department', parentId: company.id });
  await call(page, 'POST', units, { name: 'Optics', kind: 'department', parentId: physics.id });
  const chemistry = await call(page, 'POST', units, { name: 'Chemistry', kind: 'department', parentId: company.id });
  await call(page, 'POST', units, { name: `Contoso Labs ${stamp}`, kind: 'company' });
  const accounts = '/jm_accountmanagement/api/accounts';
  await call(page, 'POST', accounts, {
    accountName: `phys_${stamp}`,
    ownerName: PI,
    orgUnitId: physics.id,
    description: 'Lattice simulations',
  });
  await call(page, 'POST', accounts, {
    accountName: `chem_${stamp}`,
    ownerName: MEMBER,
    orgUnitId: chemistry.id,
    status: 'Trial',
  });
  await call(page, 'POST', accounts, { accountName: `gpu_${stamp}`, ownerName: PI, orgUnitId: physics.id, status: 'Frozen' });
  await call(page, 'POST', accounts, {
    accountName: `old_${stamp}`,
    ownerName: MEMBER,
    orgUnitId: company.id,
    status: 'Disable',
  });
  await call(page, 'POST', `${accounts}/phys_${stamp}/members`, { userName: MEMBER });
  await call(page, 'POST', '/sys_gvuserma/gvuserma/modifyUser.action', { userName: PI, departmentId: physics.id });
};

const shoot = async (page: Page, ready: Locator, name: string, lang: string) => {
  await expect(ready.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${OUT}/${name}-${WIDTH}-${lang}.png`, animations: 'disabled' });
};

test('screenshots of the account pages', async ({ browser, request }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  await registeredUser(request, PI, PASSWORD, Role.user);
  await registeredUser(request, MEMBER, PASSWORD, Role.user);
  let made = false;
  for (const { lang, locale } of LANGS) {
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 900 }, locale });
    const admin = await context.newPage();
    await signIn(admin, E2E_ADMIN.user, E2E_ADMIN.password);
    await expect(admin).toHaveURL(/\/overview$/);
    if (!made) await makeOrganisation(admin);
    made = true;

    await admin.goto(`${baseURL()}/account/org-units`);
    await admin
      .getByRole('tree')
      .getByText(/^Physics/)
      .first()
      .click();
    await shoot(admin, admin.getByRole('heading', { name: 'Physics' }), 'org-units', lang);

    await admin.goto(`${baseURL()}/account/accounts`);
    await shoot(admin, admin.locator(`tr[data-row-key="phys_${stamp}"]`), 'accounts', lang);
    await context.close();

    const piContext = await browser.newContext({ viewport: { width: WIDTH, height: 900 }, locale });
    const pi = await piContext.newPage();
    await signIn(pi, PI, PASSWORD);
    await pi.goto(`${baseURL()}/account/my-accounts`);
    await shoot(pi, pi.locator(`tr[data-row-key="phys_${stamp}"]`), 'my-accounts', lang);
    await piContext.close();
  }
});
