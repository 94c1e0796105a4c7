import { expect, test, type Page } from '@playwright/test';
import { Role } from '@portal/shared';
import { z } from 'zod';
import { startTestBmc, type TestBmc } from '../../server/src/test/ipmi-sim';
import { apiSession } from './support/api';
import { baseURL, registeredUser, signIn } from './support/portal';

/*
 * Resources (issue 15) against the real server and a simulated BMC (OpenIPMI's ipmi_sim, driven
 * by the real ipmitool): an operator finds the scheduler's nodes in the inventory, gives node01
 * its BMC in the asset form, and powers it off and on from the state view after a confirmation
 * that names it.
 */

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-6);
const OPERATOR = { name: `rop_${stamp}`, password: 'Oper_pass12' };
let bmc: TestBmc;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  bmc = await startTestBmc();
  await registeredUser(request, OPERATOR.name, OPERATOR.password, Role.opt);
});
test.afterAll(async () => {
  await bmc?.stop();
});

const operatorPage = async (page: Page) => {
  await signIn(page, OPERATOR.name, OPERATOR.password);
  await expect(page).not.toHaveURL(/\/login/);
};

test('an operator gives a node its BMC in the inventory', async ({ page }) => {
  await operatorPage(page);
  await page.goto(`${baseURL()}/manage/resourceManage/server`);
  await expect(page.getByText('Assets: Server')).toBeVisible();
  const row = page.getByRole('row', { name: /node01/ });
  await expect(row.getByText('From the scheduler')).toBeVisible();
  await expect(page.getByRole('row', { name: /node02/ })).toBeVisible();
  await row.getByRole('button', { name: 'Modify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modify node01' });
  await expect(dialog.getByLabel('Name')).toBeDisabled();
  await dialog.getByLabel('IPMI address').fill('not an address!');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Not an address or host name')).toBeVisible();
  await dialog.getByLabel('IPMI address').fill('127.0.0.1');
  await dialog.getByLabel('IPMI port').fill(String(bmc.port));
  await dialog.getByLabel('BMC user').fill(bmc.user);
  await dialog.getByLabel('BMC password').fill(bmc.password);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('node01 saved')).toBeVisible();
  await expect(row.getByText(`127.0.0.1:${bmc.port}`)).toBeVisible();
});

const Assets = z.object({
  list: z.array(z.object({ id: z.number(), name: z.string(), ipmiAvailable: z.string(), manageAvailable: z.string() })),
});
const Catalogue = z.object({ resources: z.array(z.string()) });

test("the inventory shows whether node01's BMC answers, and a resource's detail its last day", async ({ page }) => {
  test.setTimeout(150_000);
  const api = await apiSession(OPERATOR.name, OPERATOR.password);
  // The checks run every 2 s here (global-setup): wait for the round after the BMC was set.
  await expect
    .poll(
      async () =>
        Assets.parse(await api.ok('GET', '/resource/api/assets?keyword=node01&pageLimit=10')).list.find(
          (a) => a.name === 'node01',
        )?.ipmiAvailable,
      { timeout: 60_000 },
    )
    .toBe('1');
  await operatorPage(page);
  await page.goto(`${baseURL()}/manage/resourceManage/server`);
  const row = page.getByRole('row', { name: /node01/ });
  await expect(row.getByLabel(`127.0.0.1:${bmc.port}: Available`)).toBeVisible();
  await row.getByRole('button', { name: 'node01' }).click();
  const drawer = page.getByRole('dialog', { name: 'Resource node01' });
  await expect(drawer.getByLabel(`127.0.0.1:${bmc.port}: Available`)).toBeVisible();
  // node01 is a node of the built-in scheduler, not a collector target: no series of its own.
  await expect(drawer.getByText('No metrics for this resource in the last day')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  // An asset named as this host, which the collector reads: its last day, with averages.
  const host = Catalogue.parse(await api.ok('GET', '/resource/api/metrics/catalogue')).resources[0] ?? '';
  expect(host, 'the collector reads this host').not.toBe('');
  const existing = Assets.parse(await api.ok('GET', `/resource/api/assets?keyword=${encodeURIComponent(host)}&pageLimit=10`));
  if (!existing.list.some((a) => a.name === host))
    await api.ok('POST', '/resource/api/assets', { name: host, type: 'SERVER', manageIp: '127.0.0.1' });
  await expect
    .poll(
      async () =>
        Assets.parse(await api.ok('GET', `/resource/api/assets?keyword=${encodeURIComponent(host)}&pageLimit=10`)).list.find(
          (a) => a.name === host,
        )?.manageAvailable,
      { timeout: 60_000 },
    )
    .toBe('1');
  await page.goto(`${baseURL()}/manage/resourceManage/server`);
  await page.getByRole('button', { name: host, exact: true }).click();
  const hostDrawer = page.getByRole('dialog', { name: `Resource ${host}` });
  await expect(hostDrawer.getByText('Last 24 hours')).toBeVisible();
  await expect(hostDrawer.getByText('Average CPU usage, last day')).toBeVisible();
  await expect(hostDrawer.getByTestId('metric-chart-memory.usage')).toBeVisible();
  await expect(hostDrawer.getByLabel('127.0.0.1: Available')).toBeVisible();
});

test('an operator imports assets from a CSV file, all rows or none', async ({ page }) => {
  await operatorPage(page);
  await page.goto(`${baseURL()}/manage/resourceManage/assets`);
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import assets from CSV' });
  const upload = (csv: string) =>
    dialog.locator('input[type=file]').setInputFiles({ name: 'assets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const rack = `rack-${stamp}`;
  await upload(`name,type,height,parent\n${rack},RACK,42,\nsw-${stamp},SWITCH,1,no-such-rack\n`);
  await expect(dialog.getByText('1 of 2 rows refused: nothing was imported')).toBeVisible();
  await expect(dialog.getByRole('row', { name: /no asset named no-such-rack/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  await upload(`name,type,height,parent\n${rack},RACK,42,\nsw-${stamp},SWITCH,1,${rack}\n`);
  await expect(dialog.getByText('Ready: 2 new, 0 changed')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported: 2 new, 0 changed')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`sw-${stamp}.*${rack}`) })).toBeVisible();
  // The rack view draws the new rack; the switch has no position, so it is listed under it.
  await page.goto(`${baseURL()}/manage/resourceManage/racks`);
  const drawing = page.getByTestId(`rack-${rack}`);
  await expect(drawing.getByRole('img', { name: `Rack ${rack} with 0 placed assets` })).toBeVisible();
  await expect(drawing.getByText(`In this rack without a position: sw-${stamp}`)).toBeVisible();
});

test('an operator powers node01 off and on from the state view', async ({ page }) => {
  await operatorPage(page);
  await page.goto(`${baseURL()}/job-resource/node-manage/node-view`);
  const tile = page.getByTestId('node-node01');
  // node01 may be running other specs' jobs (Mix, Busy): only that it is up matters here.
  await expect(tile).toBeVisible();
  await expect(tile.getByText('Down')).toHaveCount(0);
  await expect(page.getByTestId('node-node02').getByText('No BMC')).toBeVisible();
  await tile.getByRole('checkbox', { name: 'Select node01' }).check();
  await page.getByRole('button', { name: 'Power off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Power off 1 node?' });
  await expect(dialog).toContainText('Nodes: node01');
  await dialog.getByRole('button', { name: 'Power off' }).click();
  await expect(page.getByText('Done: 1 node')).toBeVisible();
  await expect(tile.getByText('Off', { exact: true })).toBeVisible();
  // A node its BMC says is off is down in the view.
  await expect(tile.getByText('Down')).toBeVisible();
  expect(bmc.power()).toBe('off');

  // The abnormal-nodes page lists it while it is off.
  await page.goto(`${baseURL()}/job-resource/node-manage/node-error`);
  await expect(page.getByRole('row', { name: /node01.*Down.*Off/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /node02/ })).toHaveCount(0);
  await page.goto(`${baseURL()}/job-resource/node-manage/node-view`);
  await tile.getByRole('checkbox', { name: 'Select node01' }).check();
  await page.getByRole('button', { name: 'Power on' }).click();
  await page.getByRole('dialog', { name: 'Power on 1 node?' }).getByRole('button', { name: 'Power on' }).click();
  await expect(tile.getByText('On', { exact: true })).toBeVisible();
  await expect(tile.getByText('Down')).toHaveCount(0);
  expect(bmc.power()).toBe('on');
  await page.goto(`${baseURL()}/job-resource/node-manage/node-error`);
  await expect(page.getByText('All 2 nodes are well')).toBeVisible();
});
