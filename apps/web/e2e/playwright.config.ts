import { defineConfig } from '@playwright/test';

/*
 * Browser flows in Debian's Chromium against the real built server (apps/server/dist) and the
 * built console (apps/web/dist). global-setup starts the server on a free port with a fresh data
 * folder, on SQLite or, when DATABASE_URL is set, on a fresh PostgreSQL schema.
 */
/*
 * The PostgreSQL round of scripts/test-all.sh (PORTAL_E2E_DATABASE_ROUND=1) runs only the specs
 * whose pages read what each database dialect computes its own way: sums and rollups (reports,
 * bills, report files, quotas, wall time), accounts and queues with their members, and the job
 * history's filters. Every route also has server tests on PostgreSQL; the other specs (layout,
 * navigation, files, shell, accessibility, …) read nothing the dialect changes and run once, in
 * the SQLite round.
 */
const DATABASE_ROUND = [
  'accounts.spec.ts',
  'bills.spec.ts',
  'jobs.spec.ts',
  'queues.spec.ts',
  'quotas-applications.spec.ts',
  'report-files.spec.ts',
  'reports.spec.ts',
  'walltime-apply.spec.ts',
];

export default defineConfig({
  testDir: '.',
  testMatch: process.env.PORTAL_E2E_DATABASE_ROUND === '1' ? DATABASE_ROUND : '*.spec.ts',
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
    // A trace records every frame and DOM snapshot: a third of the suite's CPU time, on every
    // passing test too. Off by default (CI keeps only the log); PORTAL_E2E_TRACE=1 turns it on.
    trace: process.env.PORTAL_E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
});
