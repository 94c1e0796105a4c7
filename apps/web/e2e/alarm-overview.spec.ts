import { expect, test, type Page } from '@playwright/test';
import { Role } from '@portal/shared';
import { z } from 'zod';
import { apiSession } from './support/api';
import { seriousViolations } from './support/axe';
import { E2E_ADMIN } from './support/constants';
import { baseURL, registeredUser, signIn } from './support/portal';
import { dropdownOption } from './support/select';

/*
 * The alarm overview (issue 16) against the real server. As in alarm-list.spec.ts, a threshold
 * template on the server named as this host with "CPU cores >= 1" (always hit) raises a real
 * warning alarm on the next round of the collector (every 5 s: global-setup). A viewer (who reads
 * alarms) finds it in the last day's counts, the per-hour chart, the indicators and the top
 * resources, moves to the historical trend and to the alarm list with the keyboard, and fills the
 * screen; the page reads the same in Chinese; axe finds nothing serious in either language.
 */

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-6);
const VIEWER = { name: `ovw_${stamp}`, password: 'Viewer_pass12' };
const TEMPLATE = `ov-cores-${stamp}`;
const PAGE = '/manage/alarmManage/alarm-overview';
const ACTIVE = '/am_ma/api/aggregationalarmmanage/activealarmlist';
const TEMPLATES = '/am_ma/api/thresholdtempl/alarmthresholdtempls';

const Catalogue = z.object({ resources: z.array(z.string()) });
const Assets = z.object({ list: z.array(z.object({ id: z.number(), name: z.string() })) });
const Created = z.object({ id: z.number() });
const Alarms = z.object({ list: z.array(z.object({ thresholdTempName: z.string() })) });

let host = '';
let templateId = 0;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  await registeredUser(request, VIEWER.name, VIEWER.password, Role.viewer);
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  try {
    host = Catalogue.parse(await admin.ok('GET', '/resource/api/metrics/catalogue')).resources[0] ?? '';
    expect(host, 'the collector reads this host').not.toBe('');
    const find = async () =>
      Assets.parse(await admin.ok('GET', `/resource/api/assets?keyword=${encodeURIComponent(host)}&pageLimit=10`)).list.find(
        (a) => a.name === host,
      );
    const asset =
      (await find()) ??
      Created.parse(await admin.ok('POST', '/resource/api/assets', { name: host, type: 'SERVER', manageIp: '127.0.0.1' }));
    templateId = Created.parse(
      await admin.ok('POST', TEMPLATES, {
        name: TEMPLATE,
        kind: 'custom',
        resourceType: 'SERVER',
        resources: [asset.id],
        indicators: [
          { metric: 'cpu.count', alarmCount: 1, recoveryCount: 1, levels: [{ severity: 'warning', op: '>=', value: 1 }] },
        ],
      }),
    ).id;
    await expect
      .poll(
        async () =>
          Alarms.parse(await admin.ok('GET', `${ACTIVE}?keyword=${encodeURIComponent(host)}`)).list.some(
            (a) => a.thresholdTempName === TEMPLATE,
          ),
        { timeout: 120_000 },
      )
      .toBe(true);
  } finally {
    await admin.dispose();
  }
});

test.afterAll(async () => {
  if (!templateId) return;
  // Deleting the template ends its open alarm: the later specs see no alarm of this one.
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  await admin.ok('DELETE', `${TEMPLATES}?ids=${templateId}`);
  await admin.dispose();
});

const openOverview = async (page: Page) => {
  await signIn(page, VIEWER.name, VIEWER.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${baseURL()}${PAGE}`);
};

/** The link of this host in the top resources, by its accessible name. */
const hostLink = (page: Page, name: RegExp) => page.getByRole('link', { name });

test('a viewer sees the alarm in the last day, the trend and the top resources, and reaches the list by keyboard', async ({
  page,
}) => {
  await openOverview(page);
  await expect(page.getByText('Alarm overview', { exact: true }).first()).toBeVisible();
  // The server's time, in the zone its days are counted in.
  await expect(page.getByTestId('overview-as-of')).toHaveText(/^As of \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(server time, .+\)$/);
  await expect(page.getByTestId('overview-period')).toHaveText(/^Alarms raised from .+ to .+, per hour$/);

  // The last day: this warning is counted, and it is open now.
  await expect(page.getByTestId('overview-count-warning')).toHaveText(/^Warning[1-9]\d*Open now: [1-9]\d*$/);
  await expect(page.getByTestId('overview-count-total')).toHaveText(/^All levels[1-9]\d*Open now: [1-9]\d*, unconfirmed: \d+$/);
  await expect(page.getByTestId('overview-empty')).toHaveCount(0);
  await expect(page.getByText('Last-day backtrack: alarms per hour')).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Stacked bar chart of the alarms raised per hour by level, [1-9]\d* in all$/ }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /^Pie chart of the alarms by indicator: .*CPU cores [1-9]/ })).toBeVisible();
  await expect(
    page.getByRole('img', { name: new RegExp(`^Bar chart of the resources with the most alarms: .*${host} [1-9]`) }),
  ).toBeVisible();
  const link = hostLink(page, new RegExp(`^${host}: [1-9]\\d* alarms?$`));
  await expect(link).toBeVisible();
  expect(await seriousViolations(page, 'alarm overview', '#portal-content')).toEqual([]);

  // The historical trend, chosen with the keyboard: the radios move with the arrow keys.
  await page.getByRole('radio', { name: 'Last 24 hours' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Historical trend' })).toBeChecked();
  await page.getByLabel('Time range').click();
  await dropdownOption(page, 'Last three months').click();
  await expect(page.getByText('Historical trend: alarms per day')).toBeVisible();
  await expect(page.getByTestId('overview-period')).toHaveText(/^Alarms raised from .+ to .+, per day from midnight \(.+\)$/);
  await expect(
    page.getByRole('img', { name: /^Stacked bar chart of the alarms raised per day by level, [1-9]\d* in all$/ }),
  ).toBeVisible();
  await expect(page.getByTestId('overview-count-warning')).toHaveText(/^Warning[1-9]\d*Open now: [1-9]\d*$/);
  // Future days cannot be picked (spec section 5).
  await page.getByPlaceholder('Last day').click();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await expect(page.locator(`.ant-picker-dropdown td[title="${day}"]`).first()).toHaveClass(/ant-picker-cell-disabled/);
  await page.keyboard.press('Escape');

  // Full screen, and back (spec section 2: allowed on alarmBacktrack).
  await page.getByRole('button', { name: 'Full screen' }).click();
  await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(true);
  await page.getByRole('button', { name: 'Leave full screen' }).click();
  await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(false);

  // The top resource is reached with Tab from the refresh button, and Enter opens the alarm list.
  await page.getByRole('button', { name: 'Refresh' }).focus();
  const top = hostLink(page, new RegExp(`^${host}: `));
  await expect
    .poll(
      async () => {
        await page.keyboard.press('Tab');
        return top.evaluate((el) => el === document.activeElement);
      },
      { timeout: 30_000, intervals: [0] },
    )
    .toBe(true);
  await page.keyboard.press('Enter');
  // The list opens on that resource: its name is the filter.
  await expect(page).toHaveURL(/\/manage\/alarmManage\/alarm-list\?keyword=/);
  await expect(page.getByLabel('Resource name')).toHaveValue(host);
  await expect(page.getByRole('row').filter({ hasText: TEMPLATE })).toBeVisible();
});

test('the overview reads the same in Chinese, without serious accessibility violations', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await openOverview(page);
  await expect(page.getByText('告警概览', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('overview-as-of')).toHaveText(/^截至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}（服务器时间，.+）$/);
  await expect(page.getByText('期间产生的告警（按级别）')).toBeVisible();
  await expect(page.getByTestId('overview-count-warning')).toHaveText(/^提示[1-9]\d*当前未恢复：[1-9]\d*$/);
  await expect(page.getByText('最近一天回溯：每小时告警数')).toBeVisible();
  await expect(page.getByRole('img', { name: /^按级别堆叠的每小时告警数柱状图，共 [1-9]\d* 条$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^按指标统计告警的饼图：.*CPU 核数 [1-9]/ })).toBeVisible();
  await expect(hostLink(page, new RegExp(`^${host}：[1-9]\\d* 条告警$`))).toBeVisible();
  expect(await seriousViolations(page, 'alarm overview (zh)', '#portal-content')).toEqual([]);
  await context.close();
});
