import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiSession } from '../support/api';
import { E2E_ADMIN } from '../support/constants';
import { baseURL, openDialog, signIn } from '../support/portal';

/*
 * Screenshots of the alarm notifications (issue 16) at 1440 × 900: four notification rules of
 * different types, one of them inactive (docs/images/screens/notification-rules-1440-<lang>.png),
 * the dialog changing one (notification-rule-form-1440-en.png) and the records page
 * (notification-records-1440-en.png).
 */

const OUT = resolve(import.meta.dirname, '../../../../docs/images/screens');
const PATH = '/am_ma/api/noticeConfigService/noticeConfig';

test('screenshots of the notification rules and records', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  const admin = await apiSession(E2E_ADMIN.user, E2E_ADMIN.password);
  await admin.ok('POST', PATH, {
    name: 'Critical to on-call',
    type: 'alarmLevel',
    interval: 120,
    weight: 100,
    scope: { severities: ['critical'] },
    emails: 'oncall@example.com,hpc-lead@example.com',
    phones: '13800000000,13900000000',
  });
  await admin.ok('POST', PATH, {
    name: 'Compute nodes',
    type: 'assetType',
    interval: 240,
    weight: 80,
    scope: { assetTypes: ['SERVER'], severities: ['critical', 'major'] },
    emails: 'sysadmin@example.com',
  });
  await admin.ok('POST', PATH, {
    name: 'Long majors',
    type: 'durationLevel',
    interval: 180,
    weight: 70,
    scope: { durationMinutes: 60, severity: 'major' },
    emails: 'ops@example.com',
    phones: '13700000000',
  });
  await admin.ok('POST', PATH, {
    name: 'Daily inspection',
    type: 'scheduledInspection',
    interval: 1440,
    weight: 50,
    active: false,
    content: 'Alarms of the day before: {event}',
    scope: { sendTime: '08:30', alarmMail: true, recoveryMail: true },
    emails: 'hpc-team@example.com,manager@example.com,ops@example.com',
  });
  await admin.dispose();

  for (const locale of ['en-US', 'zh-CN']) {
    const lang = locale.slice(0, 2);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
    const page = await context.newPage();
    await signIn(page, E2E_ADMIN.user, E2E_ADMIN.password);
    await page.goto(`${baseURL()}/manage/alarmManage/notification-rules`);
    await expect(page.getByRole('row', { name: /Daily inspection/ })).toBeVisible();
    await page.screenshot({ path: `${OUT}/notification-rules-1440-${lang}.png`, animations: 'disabled' });
    if (lang === 'en') {
      await page
        .getByRole('row', { name: /Critical to on-call/ })
        .getByRole('button', { name: 'Modify' })
        .click();
      const dialog = await openDialog(page);
      await expect(dialog.getByLabel('Email addresses')).toHaveValue('oncall@example.com,hpc-lead@example.com');
      await page.screenshot({ path: `${OUT}/notification-rule-form-1440-en.png`, animations: 'disabled' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await page.goto(`${baseURL()}/manage/alarmManage/notification-records`);
      await expect(page.getByRole('tab', { name: 'Email' })).toBeVisible();
      // Empty unless an alarm of the portal's own cluster met a rule in the meantime.
      await expect(page.getByText('No notification mails yet').or(page.locator('tbody tr[data-row-key]').first())).toBeVisible();
      await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
      await page.screenshot({ path: `${OUT}/notification-records-1440-en.png`, animations: 'disabled' });
    }
    await context.close();
  }
});
