import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { apiSession } from '../support/api';
import { E2E_ADMIN } from '../support/constants';
import { baseURL, openDialog, signIn } from '../support/portal';

/*
 * Screenshots of the aggregate alarm rules (issue 16) at 1440 × 900: four rules in scan order, one
 * of them disabled (docs/images/screens/aggregation-rules-1440-<lang>.png), and the dialog
 * changing the first (aggregation-rule-form-1440-en.png).
 */

const OUT = resolve(import.meta.dirname, '../../../../docs/images/screens');
const Assets = z.object({ list: z.array(z.object({ id: z.number(), name: z.string() })) });
const PATH = '/am_ma/api/aggregationalarm/aggregationalarmrule';

test('screenshots of the aggregate rules', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  const nodes = Assets.parse(await admin.ok('GET', '/resource/api/assets?type=SERVER')).list.map((a) => a.id);
  await admin.ok('POST', PATH, {
    name: 'Hot GPUs',
    description: 'GPU temperature across a node',
    metrics: ['gpu.temperature', 'hardware.temperature'],
    resourceType: 'SERVER',
    resources: nodes,
    groupBy: 'resource',
    minAlarms: 2,
    minSeverity: 'major',
  });
  await admin.ok('POST', PATH, {
    name: 'CPU storm',
    description: 'Many busy CPUs in a cluster at once',
    metrics: ['cpu.usage', 'cpu.load5'],
    groupBy: 'cluster',
    minAlarms: 5,
    minSeverity: 'minor',
  });
  await admin.ok('POST', PATH, {
    name: 'Fabric down',
    metrics: ['switch.portsUp'],
    resourceType: 'SWITCH',
    groupBy: 'none',
    minAlarms: 3,
    suppress: false,
  });
  await admin.ok('POST', PATH, {
    name: 'Memory pressure',
    description: 'Off until the thresholds are tuned',
    metrics: ['memory.usage'],
    groupBy: 'resource',
    minAlarms: 2,
    enabled: false,
  });
  await admin.dispose();

  for (const locale of ['en-US', 'zh-CN']) {
    const lang = locale.slice(0, 2);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
    const page = await context.newPage();
    await signIn(page, E2E_ADMIN.user, E2E_ADMIN.password);
    await page.goto(`${baseURL()}/manage/alarmManage/aggregation-rules`);
    await expect(page.getByRole('row', { name: /Memory pressure/ })).toBeVisible();
    await page.screenshot({ path: `${OUT}/aggregation-rules-1440-${lang}.png`, animations: 'disabled' });
    if (lang === 'en') {
      await page
        .getByRole('row', { name: /Hot GPUs/ })
        .getByRole('button', { name: 'Modify' })
        .click();
      const dialog = await openDialog(page);
      await expect(dialog.getByText('2 resources chosen')).toBeVisible();
      await page.screenshot({ path: `${OUT}/aggregation-rule-form-1440-en.png`, animations: 'disabled' });
    }
    await context.close();
  }
});
