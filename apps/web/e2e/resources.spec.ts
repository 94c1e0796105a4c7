import { expect, test, type Page } from '@playwright/test';
import { Role } from '@portal/shared';
import { startTestBmc, type TestBmc } from '../../server/src/test/ipmi-sim';
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
