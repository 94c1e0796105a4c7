import { expect, type Locator, type Page } from '@playwright/test';

/** The list's own refresh button (every job list has one in its toolbar), in either language. */
const refreshButton = (page: Page) => page.getByRole('button', { name: /^(Refresh|刷 ?新)$/ });

/** Waits, up to `timeout`, until the page has rendered and no list is loading. */
const settled = async (page: Page, timeout: number) => {
  await expect(refreshButton(page)).toBeVisible({ timeout });
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0, { timeout });
};

/**
 * Waits until `expected` shows on a list that changes on the server's side (a job reaching a
 * state, a finished job reaching the history). Opens `url` once, then presses the list's refresh
 * button until it shows. Each round waits for the list to finish loading for as long as the whole
 * wait has left, and only then looks, so a slow machine costs rounds, never a false failure.
 */
export const refreshUntilVisible = async (page: Page, url: string, expected: Locator, timeout = 120_000) => {
  const deadline = Date.now() + timeout;
  const left = () => Math.max(deadline - Date.now(), 1);
  await page.goto(url);
  await settled(page, left());
  while (!(await expected.isVisible()) && Date.now() < deadline) {
    await page.waitForTimeout(Math.min(2_000, left())); // between rounds, not a wait for the answer
    await refreshButton(page).click();
    await settled(page, left());
  }
  await expect(expected).toBeVisible({ timeout: 1 });
};
