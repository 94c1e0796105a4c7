import { defineConfig } from '@playwright/test';

/*
 * Browser flows in Debian's Chromium against the real built server (apps/server/dist) and the
 * built console (apps/web/dist). global-setup starts the server on a free port with a fresh data
 * folder, on SQLite or, when DATABASE_URL is set, on a fresh PostgreSQL schema.
 */
/*
 * Specs whose pages read nothing the database dialect changes (layout, navigation, first load, the
 * file manager and shell on the cluster's files, cross-site checks): the PostgreSQL round of
 * scripts/test-all.sh leaves them out (PORTAL_E2E_DATABASE_ROUND=1); the SQLite round runs them.
 */
const DATABASE_INDEPENDENT = [
  'responsive.spec.ts',
  'layout.spec.ts',
  'navigation.spec.ts',
  'first-load.spec.ts',
  'big-folder.spec.ts',
  'files.spec.ts',
  'shell.spec.ts',
  'cross-site.spec.ts',
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  testIgnore: process.env.PORTAL_E2E_DATABASE_ROUND === '1' ? DATABASE_INDEPENDENT : [],
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Sized for a 2-core machine whose cores are busy with something else: a waiting assertion
  // returns as soon as it holds, so a quiet machine pays nothing for the margin.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
});
