import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DesktopSession } from '@portal/shared';
import { forget, ok, refused, renderPage, rowOf, serve, USER, type Call } from '../../test/fake-server';
import { account, desktop, queue } from '../../test/fixtures';

const queues = [queue('compute', { isDefault: true }), queue('gpu', { allowAccounts: ['other'] })];
const accounts = [account('proj', { isDefault: true }), account('other', { accountId: 2 })];

/** Opens the start dialog and chooses a compute node; answers the dialog once the default queue is in. */
const openJobDialog = async () => {
  // The empty list offers Start too: the page's own button comes first.
  fireEvent.click((await screen.findAllByRole('button', { name: 'Start desktop' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Start a desktop' });
  fireEvent.click(within(dialog).getByLabelText('Compute node (job)'));
  await within(dialog).findByText('compute (default)');
  await within(dialog).findByText('Time limit in this queue: at most 1.5 hours');
  return within(dialog);
};

describe('starting a desktop as a job', () => {
  afterEach(forget);

  it('sends the queue, cores, hours and account, and lists the desktop as queued with its job', { timeout: 90_000 }, async () => {
    const list: DesktopSession[] = [];
    const calls = serve({
      list,
      queues,
      accounts,
      other: (c) => {
        if (c.method !== 'POST' || !c.path.endsWith('/vncsession')) return ok({});
        const started = desktop({
          sessionId: 'job-desk-07',
          sessionName: 'Desktop 7',
          sessionType: 'job',
          jobId: '42',
          queue: 'compute',
          state: 'starting',
          nodes: '',
          shareUsers: [],
          connected: [],
        });
        list.push(started);
        return ok(started);
      },
    });
    renderPage();
    const dialog = await openJobDialog();
    // Two accounts: a choice, the default one first; a queue limited to the other account is not offered.
    expect(dialog.getByTestId('desktop-account')).toBeTruthy();
    expect(dialog.queryByText('gpu')).toBeNull();
    fireEvent.change(dialog.getByTestId('desktop-hours'), { target: { value: '1.5' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Start' }));

    expect(await screen.findByText(/Desktop 7 was submitted as job 42/)).toBeTruthy();
    const sent = calls.find((c): c is Call => c.path.endsWith('/vncsession'));
    expect(sent?.body).toEqual({
      resolution: '1280x800',
      sessionType: 'job',
      queue: 'compute',
      cores: 1,
      hours: 1.5,
      account: 'proj',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = within(await waitFor(() => rowOf('Desktop 7')));
    expect(row.getByText('Starting (queued)')).toBeTruthy();
    expect(row.getByRole('link', { name: '42' })).toBeTruthy();
  });

  it("says why the job was refused in the page's language, at the field it concerns", { timeout: 90_000 }, async () => {
    const answers = [
      refused(400, 'no balance', { reason: 'noBalance', account: 'proj', balanceCents: 0, currency: 'CNY' }),
      refused(400, 'quota', {
        reason: 'quotaExceeded',
        account: 'proj',
        quota: 'coreHours',
        usedHours: 10,
        limitHours: 10,
        jobHours: 1,
      }),
      refused(400, 'Set the time to exceed the maximum running time of the queue', {
        reason: 'exceedQueueMax',
        issues: [{ path: 'timeLimit', message: 'exceeds', code: 'timeLimitOverMax', params: { max: 5400 } }],
      }),
    ];
    serve({ queues, accounts: [accounts[0]!], other: (c) => (c.method === 'POST' ? (answers.shift() ?? ok({})) : ok({})) });
    renderPage();
    const dialog = await openJobDialog();
    // One account: nothing to choose, the server charges the default one.
    expect(dialog.queryByTestId('desktop-account')).toBeNull();

    fireEvent.click(dialog.getByRole('button', { name: 'Start' }));
    expect(
      await dialog.findByText('Account proj has no balance left (0.00 CNY): ask its owner or an administrator to add funds'),
    ).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Start' }));
    expect(await dialog.findByText(/The core-hour quota of account proj is reached/)).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Apply for more hours' }).getAttribute('href')).toBe(
      '/account/applications?apply=coreHours&account=proj',
    );

    fireEvent.click(dialog.getByRole('button', { name: 'Start' }));
    expect(await dialog.findByText('Set the time to exceed the maximum running time of the queue')).toBeTruthy();
    expect(await dialog.findByText('This queue allows at most 1.5 hours')).toBeTruthy();
  });

  it('keeps the job choice from a role that may not submit jobs, with the reason', { timeout: 90_000 }, async () => {
    serve({ permissions: USER.filter((p) => p !== 'jobs:submit') });
    renderPage();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Start desktop' }))[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Start a desktop' }));
    expect(dialog.getByLabelText('Compute node (job)').hasAttribute('disabled')).toBe(true);
    expect(dialog.getByLabelText<HTMLInputElement>('Login node').checked).toBe(true);
  });
});
