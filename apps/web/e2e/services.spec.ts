import { expect, test } from '@playwright/test';
import dayjs from 'dayjs';
import { z } from 'zod';
import { baseURL, signInAsAdmin } from './support/portal';

/*
 * Service status groups (issue 15) against the real server's checks: the portal's sign-in store
 * and the built-in scheduler run, no NTP server is configured, and the e2e portal's login node
 * (global-setup: 127.0.0.1:1) refuses the connection. "Check now" makes the server check again.
 */

const Answer = z.object({ data: z.object({ userAuthService: z.array(z.object({ checkedAt: z.string() })).min(1) }) });
const checkedAtOf = async (r: { json(): Promise<unknown> }) =>
  Answer.parse(await r.json()).data.userAuthService[0]?.checkedAt ?? '';
const isStatus = (url: string, refresh: boolean) =>
  url.includes('/monitor/jobservices/getServiceStatus.action') && url.includes('refresh=true') === refresh;

test('the state view shows the services, why a group is empty, and checks again on request', async ({ page }) => {
  await signInAsAdmin(page);
  const first = page.waitForResponse((r) => isStatus(r.url(), false));
  await page.goto(`${baseURL()}/job-resource/node-manage/node-view`);
  const before = await checkedAtOf(await first);
  const panel = page.getByTestId('services-panel');
  await expect(panel.getByText('Services', { exact: true })).toBeVisible();

  const auth = panel.getByTestId('service-userAuthService:portal');
  await expect(auth.getByText('Running').first()).toBeVisible();
  await expect(auth).toContainText('sign-in');
  await expect(auth).toContainText('database: answered in');
  const scheduler = panel.getByTestId('service-scheduleService:local');
  await expect(scheduler.getByText('Running').first()).toBeVisible();
  await expect(scheduler).toContainText('built-in scheduler');
  await expect(scheduler).toContainText('built-in scheduler: 2 nodes');
  await expect(panel.getByRole('region', { name: 'NTP' })).toContainText(
    'No NTP servers configured (clusters[].services.ntpServers)',
  );
  const login = panel.getByRole('region', { name: 'Login nodes' });
  await expect(login.getByText('1 stopped')).toBeVisible();
  await expect(login.getByTestId('service-loginService:127.0.0.1:1')).toContainText('sshd: connection refused');
  await expect(panel.getByTestId('services-checked-at')).toHaveText(/^Checked at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

  // The forced check is held back a moment, so the button can be seen busy while it runs.
  await page.route(
    (url) => isStatus(url.toString(), true),
    async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    },
  );
  const again = page.waitForResponse((r) => isStatus(r.url(), true));
  const button = panel.getByRole('button', { name: 'Check now' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveClass(/ant-btn-loading/);
  const answer = await again;
  expect(answer.ok()).toBe(true);
  const after = await checkedAtOf(answer);
  expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  await expect(button).not.toHaveClass(/ant-btn-loading/);
  await expect(panel.getByTestId('services-checked-at')).toHaveText(`Checked at ${dayjs(after).format('YYYY-MM-DD HH:mm:ss')}`);
});
