import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { Role } from '@portal/shared';
import { apiSession } from './support/api';
import { chooseTool, openDialog, registeredUser, signIn } from './support/portal';

/*
 * Job-end notices (docs/alarms.md "Job-end notices"): a signed-in user's job that fails tells its
 * owner by a toast, linking to the job, without any page of jobs open; the user sets what they
 * are told of in the user menu's Job notices.
 */

const stamp = Date.now().toString(36);
const USER = { name: `jn_${stamp}`, password: 'Passw0rd!x' };
const Submitted = z.object({ jobId: z.string() });

test('a failed job is toasted to its owner, with a link to it', async ({ page, request }) => {
  test.setTimeout(240_000);
  await registeredUser(request, USER.name, USER.password, Role.user);
  await signIn(page, USER.name, USER.password);

  // What the user is told of: the defaults (toasts of failures and time-outs), then completions too.
  // In the user menu's More at this width (the spec's compact menu); beside Tools at full width.
  await chooseTool(page, 'Job notices', 'More');
  const dialog = await openDialog(page);
  await expect(dialog).toHaveAccessibleName('Job notices');
  await expect(dialog.getByRole('switch', { name: 'In the console' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'By mail' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'fails' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'completes' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Job notices saved')).toBeVisible();
  await expect(dialog).toBeHidden();

  const api = await apiSession(USER.name, USER.password);
  const name = `fails_${stamp}`;
  const { jobId } = Submitted.parse(
    await api.ok('POST', '/jm_jobmanagement/api/jobs', {
      name,
      queue: 'compute',
      nodes: 1,
      cores: 1,
      timeLimit: '00:05:00',
      workDir: 'portal-e2e',
      script: '#!/bin/bash\nexit 1\n',
    }),
  );
  await api.dispose();

  // The console reads its job ends once per refresh interval: the toast comes within one or two.
  const toast = page.locator('.ant-notification-notice').filter({ hasText: `Job ${jobId} ${name} failed (exit 1)` });
  await expect(toast).toBeVisible({ timeout: 180_000 });
  await toast.getByRole('link', { name: 'View the job' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-job/history-job/historyDetails\\?jobId=${jobId}`));
  await expect(page.getByText(name).first()).toBeVisible();
});
