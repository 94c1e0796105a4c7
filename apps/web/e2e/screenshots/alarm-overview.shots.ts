import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { apiSession, type ApiSession } from '../support/api';
import { E2E_ADMIN } from '../support/constants';
import { baseURL, signIn } from '../support/portal';

/*
 * Screenshots of the alarm overview (issue 16) at 1440 × 900 (docs/images/screens/
 * alarm-overview-1440-<lang>.png): the last day of this host (the collector reads it as the
 * catalogue's first resource) with real alarms at every level on four indicators, one raised and
 * ended earlier, so the counts, the stacked chart, the indicators and the top resources have
 * something to show.
 */

const OUT = resolve(import.meta.dirname, '../../../../docs/images/screens');
const TEMPLATES = '/am_ma/api/thresholdtempl/alarmthresholdtempls';
const ACTIVE = '/am_ma/api/aggregationalarmmanage/activealarmlist';
const Catalogue = z.object({ resources: z.array(z.string()) });
const Assets = z.object({ list: z.array(z.object({ id: z.number(), name: z.string() })) });
const Created = z.object({ id: z.number() });
const Alarms = z.object({ total: z.number() });

const openAlarms = async (admin: ApiSession) => Alarms.parse(await admin.ok('GET', `${ACTIVE}?pageLimit=50`)).total;

test('screenshots of the alarm overview', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  const host = Catalogue.parse(await admin.ok('GET', '/resource/api/metrics/catalogue')).resources[0] ?? '';
  expect(host, 'the collector reads this host').not.toBe('');
  const existing = Assets.parse(
    await admin.ok('GET', `/resource/api/assets?keyword=${encodeURIComponent(host)}&pageLimit=10`),
  ).list.find((a) => a.name === host);
  const asset =
    existing ??
    Created.parse(
      await admin.ok('POST', '/resource/api/assets', { name: host, type: 'SERVER', model: 'R5300 G5', manageIp: '127.0.0.1' }),
    );
  // An earlier alarm, ended when its template went: counted among the day's alarms, not open now.
  const first = Created.parse(
    await admin.ok('POST', TEMPLATES, {
      name: 'Cores check',
      kind: 'custom',
      resourceType: 'SERVER',
      resources: [asset.id],
      indicators: [{ metric: 'cpu.count', alarmCount: 1, recoveryCount: 1, levels: [{ severity: 'minor', op: '>=', value: 1 }] }],
    }),
  );
  await expect.poll(() => openAlarms(admin), { timeout: 90_000 }).toBeGreaterThan(0);
  await admin.ok('DELETE', `${TEMPLATES}?ids=${first.id}`);
  await expect.poll(() => openAlarms(admin), { timeout: 90_000 }).toBe(0);
  // Alarms at every level, all of them hit on any working host.
  await admin.ok('POST', TEMPLATES, {
    name: 'Compute hosts',
    kind: 'custom',
    resourceType: 'SERVER',
    resources: [asset.id],
    indicators: [
      { metric: 'memory.usage', alarmCount: 1, recoveryCount: 2, levels: [{ severity: 'critical', op: '>', value: 1 }] },
      { metric: 'memory.total', alarmCount: 1, recoveryCount: 2, levels: [{ severity: 'major', op: '>=', value: 1024 ** 2 }] },
      { metric: 'cpu.load1', alarmCount: 1, recoveryCount: 2, levels: [{ severity: 'minor', op: '>=', value: 0 }] },
      { metric: 'cpu.count', alarmCount: 1, recoveryCount: 2, levels: [{ severity: 'warning', op: '>=', value: 1 }] },
    ],
  });
  await expect.poll(() => openAlarms(admin), { timeout: 90_000 }).toBe(4);
  await admin.dispose();

  for (const locale of ['en-US', 'zh-CN']) {
    const lang = locale.slice(0, 2);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
    const page = await context.newPage();
    await signIn(page, E2E_ADMIN.user, E2E_ADMIN.password);
    await page.goto(`${baseURL()}/manage/alarmManage/alarm-overview`);
    await expect(page.getByTestId('overview-count-total')).toContainText(/5/);
    await expect(page.getByTestId('overview-as-of')).toContainText(/\d{4}-\d{2}-\d{2}/);
    await expect(page.getByTestId('overview-top').getByRole('link').first()).toBeVisible();
    await page.screenshot({ path: `${OUT}/alarm-overview-1440-${lang}.png`, animations: 'disabled', fullPage: true });
    await context.close();
  }
});
