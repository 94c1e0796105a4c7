import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { Role } from '@portal/shared';
import { apiSession, type ApiSession } from './support/api';
import { E2E_ADMIN } from './support/constants';
import { baseURL, registeredUser, signIn } from './support/portal';

/*
 * Report files (issue 13) against the real server on the built-in scheduler: a member runs one
 * short job; once it has ended and been ingested, they export every job of this month as csv
 * from the usage reports page, watch the file reach Completed in the Report files drawer,
 * download it (the browser's download), find their job and the totals in it, see it marked
 * Downloaded, and delete it.
 */

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-6);
const ACCOUNT = `rfe_${stamp}`;
const MEMBER = { name: `rfme_${stamp}`, password: 'Mem_pass12' };

const Summary = z.object({ totals: z.object({ jobs: z.number(), coreSeconds: z.number() }) });
const Submitted = z.object({ jobId: z.union([z.string(), z.number()]) }).loose();

/** This month up to today, as the page's default range computes it (the browser's calendar). */
const thisMonth = () => {
  const now = new Date();
  const day = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { from: day(new Date(now.getFullYear(), now.getMonth(), 1)), to: day(now) };
};

let admin: ApiSession;
let jobId = '';
let coreSeconds = 0;

test.beforeAll(async ({ request }) => {
  test.setTimeout(420_000);
  await registeredUser(request, MEMBER.name, MEMBER.password, Role.user);
  admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  await admin.ok('POST', '/jm_accountmanagement/api/accounts', { accountName: ACCOUNT, ownerName: E2E_ADMIN.user });
  await admin.ok('POST', `/jm_accountmanagement/api/accounts/${ACCOUNT}/members`, { userName: MEMBER.name });

  const member = await apiSession(MEMBER.name, MEMBER.password);
  const submitted = Submitted.parse(
    await member.ok('POST', '/jm_jobmanagement/api/jobs', {
      name: `export_${stamp}`,
      nodes: 1,
      cores: 2,
      timeLimit: '00:10:00',
      script: '#!/bin/bash\nsleep 3\n',
      account: ACCOUNT,
    }),
  );
  jobId = String(submitted.jobId);
  // Wait until it has ended and been ingested: the report counts it.
  const { from, to } = thisMonth();
  const path = `/jm_report/api/usage?from=${from}&to=${to}&scope=mine&groupBy=account`;
  await expect
    .poll(async () => Summary.parse(await member.ok('GET', path)).totals.jobs, { timeout: 300_000, intervals: [2000] })
    .toBe(1);
  coreSeconds = Summary.parse(await member.ok('GET', path)).totals.coreSeconds;
  await member.dispose();
});

test.afterAll(async () => {
  await admin.dispose();
});

test('a member exports every job of this month as csv, waits for it, downloads it and deletes it', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, MEMBER.name, MEMBER.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${baseURL()}/my-report/usage`);

  // No files yet: the drawer's empty state.
  await page.getByRole('button', { name: 'Report files' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Report files' });
  await expect(drawer.getByText('No report files yet')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Every job as CSV' }).click();
  const { from, to } = thisMonth();
  const row = drawer.locator('[data-testid^="report-file-"]').first();
  await expect(row).toContainText(`usage-jobs-${from}_${to}.csv`);
  // Written in the background: the list is read again until it is done.
  await expect(row.getByTestId('report-file-state')).toHaveText('Completed', { timeout: 120_000 });
  await expect(row).toContainText('1 row');

  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`usage-jobs-${from}_${to}.csv`);
  const text = readFileSync((await file.path()) ?? '', 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines[0]).toMatch(
    /^End time \(.+\),Job ID,User,Account,Queue,Cluster,Cores,Cards,Seconds,Core-seconds,Card-seconds,Core-hours,Card-hours$/,
  );
  const cells = lines[1]!.split(',');
  expect(cells.slice(1, 4)).toEqual([jobId, MEMBER.name, ACCOUNT]);
  expect(cells[6]).toBe('2');
  expect(Number(cells[9])).toBe(coreSeconds);
  expect(lines[2]).toMatch(new RegExp(`^Total,,,,,,,,\\d+,${coreSeconds},0,\\d+\\.\\d\\d,0\\.00$`));
  expect(lines.slice(3)).toEqual(['']);
  await expect(row.getByTestId('report-file-state')).toHaveText('Downloaded', { timeout: 30_000 });

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(drawer.getByText('No report files yet')).toBeVisible();
  await context.close();
});
