import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { apiSession } from '../support/api';
import { E2E_ADMIN } from '../support/constants';
import { baseURL, signIn } from '../support/portal';
import { dropdownOption } from '../support/select';

/*
 * Screenshots of the metric backtrack (issue 15) at 1440 px: this host's CPU, memory, load and
 * network for today, as the embedded collector has sampled them since the portal started
 * (docs/images/screens/metric-backtrack-1440-<lang>.png).
 */

const OUT = resolve(import.meta.dirname, '../../../../docs/images/screens');
const WIDTH = 1440;
const Catalogue = z.object({ resources: z.array(z.string()) });
const History = z.object({ list: z.array(z.object({ points: z.array(z.object({ value: z.number().nullable() })) })) });
const METRICS = ['cpu.usage', 'memory.usage', 'cpu.load1', 'network.receive'];

const LANGS = [
  {
    lang: 'en',
    locale: 'en-US',
    metrics: ['CPU usage', 'Memory usage', 'Load (1 minute)', 'Network received'],
    query: 'Query',
    caption: /one point every/,
  },
  {
    lang: 'zh',
    locale: 'zh-CN',
    metrics: ['CPU 使用率', '内存使用率', '负载（1 分钟）', '网络接收速率'],
    query: /^查\s?询$/,
    caption: /一个点/,
  },
] as const;

test('screenshots of the metric backtrack', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  const host = Catalogue.parse(await admin.ok('GET', '/resource/api/metrics/catalogue')).resources[0] ?? '';
  expect(host, 'the collector reads this host').not.toBe('');
  // Rates (CPU, network) need two of the collector's rounds: wait until every chart has a value.
  await expect
    .poll(
      async () => {
        const answer = History.parse(
          await admin.ok('POST', '/monitor/getHisMetricByTimeInterval.action', {
            resources: host,
            metrics: METRICS,
            startTime: new Date(Date.now() - 3_600_000).toISOString(),
            endTime: new Date().toISOString(),
          }),
        );
        return answer.list.filter((s) => s.points.some((p) => p.value !== null)).length;
      },
      { timeout: 120_000 },
    )
    .toBe(METRICS.length);
  await admin.dispose();

  for (const { lang, locale, metrics, query, caption } of LANGS) {
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 900 }, locale });
    const page = await context.newPage();
    await signIn(page, E2E_ADMIN.user, E2E_ADMIN.password);
    await page.goto(`${baseURL()}/manage/resourceManage/metric-backtrack`);
    // The local-mode notice is closed, as a user does once read: the page itself shows.
    const notice = page.getByRole('button', { name: /^(Hide this notice|隐藏此提示)$/ });
    await expect(page.getByRole('button', { name: query })).toBeVisible();
    if (await notice.isVisible()) await notice.click();
    await page.getByLabel(/^(Add a collected resource|添加已采集的资源)$/).click();
    await dropdownOption(page, host).click();
    const select = page.getByLabel(/^(Metrics|指标)$/);
    for (const m of metrics) {
      await select.fill(m);
      await dropdownOption(page, m).click();
    }
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: query }).click();
    await expect(page.getByTestId('metric-caption')).toHaveText(caption, { timeout: 60_000 });
    await expect(page.locator('[data-testid^="metric-chart-"] canvas')).toHaveCount(4, { timeout: 30_000 });
    await expect(page.locator('.ant-spin-spinning, .ant-message-notice')).toHaveCount(0, { timeout: 30_000 });
    await page.mouse.move(0, 0);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${OUT}/metric-backtrack-${WIDTH}-${lang}.png`, animations: 'disabled', fullPage: true });
    await context.close();
  }
});
