import { defineConfig } from '@playwright/test';

/*
 * Browser flows in Debian's Chromium against the real built server (apps/server/dist) and the
 * built console (apps/web/dist). global-setup starts the server on a free port with a fresh data
 * folder, on SQLite or, when DATABASE_URL is set, on a fresh PostgreSQL schema.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
