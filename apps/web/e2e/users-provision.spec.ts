import { expect, test } from '@playwright/test';
import { baseURL, registeredUser, signInAsAdmin } from './support/portal';

/*
 * An administrator installs a user on the clusters again (after a provisioning failure the audit
 * log shows): the action sits in the user's row, asks first and says how it went.
 */

test.use({ viewport: { width: 1600, height: 900 } });

const USER_ROLE = 10002;

test('an administrator installs an active user on every cluster again', async ({ page, request }) => {
  await registeredUser(request, 'e2e_prov', 'Prov_pass1', USER_ROLE);
  await signInAsAdmin(page);
  await page.goto(`${baseURL()}/account/users`);
  await page.getByPlaceholder('Search by user name').fill('e2e_prov');
  await page.getByPlaceholder('Search by user name').press('Enter');
  const row = page.getByRole('row', { name: /e2e_prov/ });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Install on clusters' }).click();
  await expect(page.getByText("Install e2e_prov's account and public keys on every cluster again?")).toBeVisible();
  const answer = page.waitForResponse((r) => r.url().includes('/provisionUser.action'));
  await page.getByRole('button', { name: 'OK' }).click();
  expect(await (await answer).json()).toMatchObject({ errCode: 0, data: { failedClusters: [] } });
  await expect(page.getByText('e2e_prov is installed on every cluster')).toBeVisible();
});
