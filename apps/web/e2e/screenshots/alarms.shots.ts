import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { apiSession } from '../support/api';
import { E2E_ADMIN } from '../support/constants';
import { baseURL, openDialog, signIn } from '../support/portal';

/*
 * Screenshots of the alarm threshold templates (issue 16) at 1440 × 900: the list with a custom
 * template of the scheduler's nodes, one of switches, a disabled one and a silent one
 * (docs/images/screens/threshold-templates-1440-<lang>.png), and the dialog changing the first
 * (threshold-template-form-1440-en.png).
 */

const OUT = resolve(import.meta.dirname, '../../../../docs/images/screens');
const Created = z.object({ id: z.number() });
const Assets = z.object({ list: z.array(z.object({ id: z.number(), name: z.string() })) });
const PATH = '/am_ma/api/thresholdtempl/alarmthresholdtempls';

test('screenshots of the threshold templates', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  const nodes = Assets.parse(await admin.ok('GET', '/resource/api/assets?type=SERVER')).list.map((a) => a.id);
  const switches = [];
  for (const name of ['ib-sw01', 'ib-sw02', 'eth-sw01'])
    switches.push(Created.parse(await admin.ok('POST', '/resource/api/assets', { name, type: 'SWITCH' })).id);
  const maintenance = Created.parse(await admin.ok('POST', '/resource/api/assets', { name: 'gpu-test01', type: 'SERVER' })).id;
  const spare = Created.parse(await admin.ok('POST', '/resource/api/assets', { name: 'login01', type: 'SERVER' })).id;
  await admin.ok('POST', PATH, {
    name: 'Compute nodes',
    kind: 'custom',
    resourceType: 'SERVER',
    description: 'CPU, memory and temperature of the compute partition',
    resources: nodes,
    indicators: [
      {
        metric: 'cpu.usage',
        alarmCount: 3,
        recoveryCount: 2,
        levels: [
          { severity: 'critical', op: '>', value: 95 },
          { severity: 'major', op: '>', value: 85 },
        ],
      },
      { metric: 'memory.usage', alarmCount: 3, recoveryCount: 3, levels: [{ severity: 'major', op: '>=', value: 90 }] },
      {
        metric: 'hardware.temperature',
        alarmCount: 2,
        recoveryCount: 2,
        noDataCount: 10,
        levels: [
          { severity: 'critical', op: 'out', low: 5, high: 85 },
          { severity: 'warning', op: '>', value: 70 },
        ],
      },
    ],
  });
  await admin.ok('POST', PATH, {
    name: 'Fabric switches',
    kind: 'custom',
    resourceType: 'SWITCH',
    resources: switches,
    indicators: [
      { metric: 'switch.portsUp', alarmCount: 1, recoveryCount: 1, levels: [{ severity: 'minor', op: '<', value: 48 }] },
    ],
  });
  await admin.ok('POST', PATH, {
    name: 'Login nodes',
    kind: 'custom',
    resourceType: 'SERVER',
    description: 'Off until the login nodes are in service',
    enabled: false,
    resources: [spare],
    indicators: [
      { metric: 'cpu.load5', alarmCount: 5, recoveryCount: 5, levels: [{ severity: 'warning', op: '>=', value: 32 }] },
    ],
  });
  await admin.ok('POST', PATH, {
    name: 'Maintenance',
    kind: 'silent',
    resourceType: 'SERVER',
    description: 'Nodes under repair: their alarms are muted',
    resources: [maintenance],
  });
  await admin.dispose();

  for (const locale of ['en-US', 'zh-CN']) {
    const lang = locale.slice(0, 2);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
    const page = await context.newPage();
    await signIn(page, E2E_ADMIN.user, E2E_ADMIN.password);
    await page.goto(`${baseURL()}/manage/alarmManage/threshold-templates`);
    await expect(page.getByRole('row', { name: /Maintenance/ })).toBeVisible();
    await page.screenshot({ path: `${OUT}/threshold-templates-1440-${lang}.png`, animations: 'disabled' });
    if (lang === 'en') {
      await page
        .getByRole('row', { name: /Compute nodes/ })
        .getByRole('button', { name: 'Modify' })
        .click();
      const dialog = await openDialog(page);
      await expect(dialog.getByText('This template').first()).toBeVisible();
      await page.screenshot({ path: `${OUT}/threshold-template-form-1440-en.png`, animations: 'disabled' });
    }
    await context.close();
  }
});
