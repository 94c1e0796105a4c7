import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { apiSession, type ApiSession } from '../support/api';
import { E2E_ADMIN } from '../support/constants';
import { baseURL, signIn } from '../support/portal';

/*
 * Screenshots of the alarm list (issue 16) at 1440 × 900: real alarms of this host (the collector
 * reads it as the catalogue's first resource) at every level, one of them confirmed, and one
 * ended earlier (docs/images/screens/alarm-list-1440-<lang>.png), and the details of the critical
 * one with its snapshot and the resource's earlier alarm (alarm-detail-1440-<lang>.png).
 */

const OUT = resolve(import.meta.dirname, '../../../../docs/images/screens');
const TEMPLATES = '/am_ma/api/thresholdtempl/alarmthresholdtempls';
const ACTIVE = '/am_ma/api/aggregationalarmmanage/activealarmlist';
const Catalogue = z.object({ resources: z.array(z.string()) });
const Created = z.object({ id: z.number() });
const Alarms = z.object({ total: z.number(), list: z.array(z.object({ id: z.number(), severity: z.string() })) });

const openAlarms = async (admin: ApiSession) => Alarms.parse(await admin.ok('GET', `${ACTIVE}?pageLimit=50`));

test('screenshots of the alarm list', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  const host = Catalogue.parse(await admin.ok('GET', '/resource/api/metrics/catalogue')).resources[0] ?? '';
  expect(host, 'the collector reads this host').not.toBe('');
  const asset = Created.parse(
    await admin.ok('POST', '/resource/api/assets', {
      name: host,
      type: 'SERVER',
      model: 'R5300 G5',
      manageIp: '127.0.0.1',
    }),
  );
  // An earlier alarm, ended when its template went: the history has it, the details list it.
  const first = Created.parse(
    await admin.ok('POST', TEMPLATES, {
      name: 'Cores check',
      kind: 'custom',
      resourceType: 'SERVER',
      resources: [asset.id],
      indicators: [{ metric: 'cpu.count', alarmCount: 1, recoveryCount: 1, levels: [{ severity: 'minor', op: '>=', value: 1 }] }],
    }),
  );
  await expect.poll(async () => (await openAlarms(admin)).total, { timeout: 90_000 }).toBeGreaterThan(0);
  await admin.ok('DELETE', `${TEMPLATES}?ids=${first.id}`);
  // Alarms at every level, all of them hit on any working host.
  await admin.ok('POST', TEMPLATES, {
    name: 'Compute hosts',
    kind: 'custom',
    resourceType: 'SERVER',
    description: 'Thresholds low enough to fire on this host, for the screenshot',
    resources: [asset.id],
    indicators: [
      { metric: 'memory.usage', alarmCount: 1, recoveryCount: 2, levels: [{ severity: 'critical', op: '>', value: 1 }] },
      { metric: 'memory.total', alarmCount: 1, recoveryCount: 2, levels: [{ severity: 'major', op: '>=', value: 1024 ** 2 }] },
      { metric: 'cpu.load1', alarmCount: 1, recoveryCount: 2, levels: [{ severity: 'minor', op: '>=', value: 0 }] },
      { metric: 'cpu.count', alarmCount: 1, recoveryCount: 2, levels: [{ severity: 'warning', op: '>=', value: 1 }] },
    ],
  });
  await expect.poll(async () => (await openAlarms(admin)).total, { timeout: 90_000 }).toBe(4);
  const alarms = (await openAlarms(admin)).list;
  const major = alarms.find((a) => a.severity === 'major');
  if (major)
    await admin.ok('POST', '/am_ma/api/aggregationalarmmanage/batchaddconfirminfo', {
      ids: [major.id],
      remark: 'Expected: the threshold is a test one',
    });
  await admin.dispose();

  for (const locale of ['en-US', 'zh-CN']) {
    const lang = locale.slice(0, 2);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
    const page = await context.newPage();
    await signIn(page, E2E_ADMIN.user, E2E_ADMIN.password);
    await page.goto(`${baseURL()}/manage/alarmManage/alarm-list`);
    await expect(page.getByRole('row').filter({ hasText: 'Compute hosts' })).toHaveCount(4);
    await page.screenshot({ path: `${OUT}/alarm-list-1440-${lang}.png`, animations: 'disabled' });
    await page
      .getByRole('row')
      .filter({ hasText: lang === 'en' ? 'Critical' : '紧急' })
      .getByRole('button')
      .first()
      .click();
    await expect(page.getByRole('dialog').getByTestId('alarm-snapshot')).toBeVisible();
    // The resource's earlier alarms (the one ended with its template among them).
    await expect(page.getByRole('dialog').getByTestId('alarm-recent').locator('.ant-table-row').first()).toBeVisible();
    // The drawer scrolled to the snapshot: the fields above it, the log and the earlier alarms below.
    await page.getByRole('dialog').getByTestId('alarm-snapshot').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/alarm-detail-1440-${lang}.png`, animations: 'disabled' });
    await context.close();
  }
});
