import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { startTestBmc } from '../../../server/src/test/ipmi-sim';
import { apiSession } from '../support/api';
import { E2E_ADMIN } from '../support/constants';
import { baseURL, signIn } from '../support/portal';

/*
 * Screenshots of resources (issue 15) at 1440 × 900: the node state view with a running job and a
 * node powered off through its simulated BMC, and the power confirmation
 * (docs/images/screens/node-view-1440-<lang>.png, node-power-1440-en.png), and the assets with a
 * room, a rack and a switch (assets-1440-<lang>.png), and the detail of a server with its last day
 * of metrics (asset-detail-1440-<lang>.png).
 */

const Created = z.object({ id: z.number() });
const Catalogue = z.object({ resources: z.array(z.string()) });
const History = z.object({ list: z.array(z.object({ points: z.array(z.object({ value: z.number().nullable() })) })) });
const Servers = z.object({ list: z.array(z.object({ id: z.number(), name: z.string(), clusterId: z.string().nullable() })) });

const OUT = resolve(import.meta.dirname, '../../../../docs/images/screens');

test('screenshots of resources', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  const bmc = await startTestBmc();
  try {
    const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
    const room = Created.parse(
      await admin.ok('POST', '/resource/api/assets', { name: 'room-b2', type: 'ROOM', location: 'Building 2, floor 1' }),
    );
    const rack = Created.parse(
      await admin.ok('POST', '/resource/api/assets', {
        name: 'rack-a01',
        type: 'RACK',
        room: 'room-b2',
        height: 42,
        parentId: room.id,
      }),
    );
    await admin.ok('POST', '/resource/api/assets', {
      name: 'ib-sw01',
      type: 'SWITCH',
      model: 'QM8700',
      manageIp: '10.0.0.2',
      room: 'room-b2',
      rack: 'rack-a01',
      position: 40,
      height: 1,
      parentId: rack.id,
    });
    // A server named as this host, which the collector reads: its detail has a last day of metrics.
    const host = Catalogue.parse(await admin.ok('GET', '/resource/api/metrics/catalogue')).resources[0] ?? '';
    expect(host, 'the collector reads this host').not.toBe('');
    await admin.ok('POST', '/resource/api/assets', {
      name: host,
      type: 'SERVER',
      model: 'R5300 G5',
      serialNumber: '210235A3RQH203000123',
      manageIp: '127.0.0.1',
      room: 'room-b2',
      rack: 'rack-a01',
      position: 20,
      height: 2,
      parentId: rack.id,
    });
    // CPU usage is a rate: it needs two scrapes (15 s apart) before the detail can average it.
    await expect
      .poll(
        async () =>
          History.parse(
            await admin.ok('POST', '/monitor/getHisMetricByTimeInterval.action', {
              resources: host,
              metrics: ['cpu.usage'],
              startTime: new Date(Date.now() - 3_600_000).toISOString(),
              endTime: new Date().toISOString(),
            }),
          ).list[0]?.points.some((p) => p.value !== null) ?? false,
        { timeout: 90_000 },
      )
      .toBe(true);
    const nodes = Servers.parse(await admin.ok('GET', '/resource/api/assets?type=SERVER'));
    for (const n of nodes.list.filter((x) => x.name !== host)) {
      await admin.ok('PUT', `/resource/api/assets/${n.id}`, {
        name: n.name,
        type: 'SERVER',
        clusterId: n.clusterId,
        model: 'R5300 G5',
        room: 'room-b2',
        rack: 'rack-a01',
        position: n.name === 'node01' ? 10 : 12,
        height: 2,
        manageIp: n.name === 'node01' ? '10.0.1.1' : '10.0.1.2',
        ...(n.name === 'node01'
          ? { ipmiIp: '127.0.0.1', ipmiPort: bmc.port, ipmiUser: bmc.user, ipmiPassword: bmc.password }
          : {}),
      });
    }
    await admin.ok('POST', '/jm_jobmanagement/api/jobs', {
      name: 'md_sim',
      nodes: 1,
      cores: 2,
      timeLimit: '00:30:00',
      script: '#!/bin/bash\nsleep 600\n',
    });
    await admin.dispose();

    for (const locale of ['en-US', 'zh-CN']) {
      const lang = locale.slice(0, 2);
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
      const page = await context.newPage();
      await signIn(page, E2E_ADMIN.user, E2E_ADMIN.password);
      await page.goto(`${baseURL()}/job-resource/node-manage/node-view`);
      await expect(page.getByTestId('node-node01')).toBeVisible();
      await page.getByTestId('node-node01').getByRole('checkbox').check();
      if (lang === 'en') {
        await page.getByRole('button', { name: 'Power off' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.screenshot({ path: `${OUT}/node-power-1440-en.png`, animations: 'disabled' });
        await page.getByRole('dialog').getByRole('button', { name: 'Power off' }).click();
        await expect(page.getByTestId('node-node01').getByText('Off', { exact: true })).toBeVisible();
      }
      await page.screenshot({ path: `${OUT}/node-view-1440-${lang}.png`, animations: 'disabled' });
      await page.goto(`${baseURL()}/manage/resourceManage/assets`);
      await expect(page.getByRole('row', { name: /ib-sw01/ })).toBeVisible();
      await page.screenshot({ path: `${OUT}/assets-1440-${lang}.png`, animations: 'disabled' });
      await page.getByRole('button', { name: host, exact: true }).click();
      await expect(page.getByRole('dialog').getByTestId('metric-chart-memory.usage')).toBeVisible();
      await page.screenshot({ path: `${OUT}/asset-detail-1440-${lang}.png`, animations: 'disabled' });
      await page.goto(`${baseURL()}/manage/resourceManage/racks`);
      await expect(page.getByTestId('rack-item-ib-sw01')).toBeVisible();
      await page.screenshot({ path: `${OUT}/racks-1440-${lang}.png`, animations: 'disabled' });
      await context.close();
    }
  } finally {
    await bmc.stop();
  }
});
