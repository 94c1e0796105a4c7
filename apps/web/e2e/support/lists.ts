import { expect, type Locator, type Page } from '@playwright/test';

/** The list's own refresh button (every job list has one in its toolbar). */
const refreshButton = (page: Page) => page.getByRole('button', { name: 'Refresh', exact: true });

/** Waits, as long as a busy machine needs, until the page has rendered and no list is loading. */
const settled = async (page: Page) => {
  await expect(refreshButton(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
};

/**
 * Waits until `expected` shows on a list that changes on the server's side (a job reaching a
 * state, a finished job reaching the history). Opens `url` once, then presses the list's refresh
 * button until it shows: each round waits for the list to finish loading, however long that
 * takes, and only then looks, so a slow machine costs rounds, never a false failure.
 */
export const refreshUntilVisible = async (page: Page, url: string, expected: Locator, timeout = 120_000) => {
  await page.goto(url);
  await expect
    .poll(
      async () => {
        await settled(page);
        if (await expected.isVisible()) return true;
        await refreshButton(page).click();
        await settled(page);
        return expected.isVisible();
      },
      { timeout, intervals: [1_000, 2_000, 3_000] },
    )
    .toBe(true);
};
