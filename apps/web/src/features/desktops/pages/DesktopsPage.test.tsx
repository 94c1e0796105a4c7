import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, forget, ok, renderPage, rowOf, serve } from '../test/fake-server';
import { desktop } from '../test/fixtures';

const own = desktop({});
const sharedWithMe = desktop({
  sessionId: 'carols-desktop',
  sessionName: 'Carol desk',
  owner: 'carol',
  sharer: 'carol',
  shareUsers: [],
  viewMode: 'observation',
  connected: [],
});
const ended = desktop({
  sessionId: 'own-ended-01',
  sessionName: 'Old desk',
  sessionNumber: null,
  shareUsers: [],
  connected: [],
  state: 'ended',
  endReason: 'startFailed',
  endedTime: '2026-03-01T08:01:00.000Z',
});

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob | undefined) =>
  new Promise<unknown>((resolve) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result);
    if (blob) r.readAsText(blob);
  });

describe('My desktops', () => {
  afterEach(forget);

  it(
    "lists every field, offers sharing and deleting only on the caller's own, and connects in a new window",
    { timeout: 90_000 },
    async () => {
      serve({ list: [own, sharedWithMe, ended] });
      const open = vi.fn();
      vi.stubGlobal('open', open);
      renderPage();

      await screen.findByText('Desktop 1');
      const mine = within(rowOf('Desktop 1'));
      expect(mine.getByText(':3')).toBeTruthy();
      expect(mine.getByText('Login node')).toBeTruthy();
      expect(mine.getByText('bob · Observation')).toBeTruthy();
      expect(mine.getByText('Running')).toBeTruthy();
      expect(mine.getByRole('button', { name: 'Share Desktop 1' })).toBeTruthy();
      expect(mine.getByRole('button', { name: 'Delete Desktop 1' })).toBeTruthy();

      const theirs = within(rowOf('Carol desk'));
      expect(theirs.getAllByText('carol')).toHaveLength(2);
      expect(theirs.queryByRole('button', { name: 'Share Carol desk' })).toBeNull();
      expect(theirs.queryByRole('button', { name: 'Delete Carol desk' })).toBeNull();

      const old = within(rowOf('Old desk'));
      expect(old.getByText('Failed to start')).toBeTruthy();
      expect(old.getByRole('button', { name: 'Connect to Old desk' }).hasAttribute('disabled')).toBe(true);
      expect(old.queryByRole('button', { name: 'Delete Old desk' })).toBeNull();

      fireEvent.click(mine.getByRole('button', { name: 'Connect to Desktop 1' }));
      expect(open).toHaveBeenCalledWith('/desktop/own-running-1', '_blank', 'noopener');
    },
  );

  it(
    'offers Start on an empty list, and says why a start failed with the log lines the server sent',
    { timeout: 90_000 },
    async () => {
      const calls = serve({
        other: (c) =>
          c.method === 'POST'
            ? answer(500, {
                errCode: 10001,
                errMsg: 'desktop webService exception',
                data: { reason: 'desktopStartFailed', detail: 'Xvnc: cannot open display' },
              })
            : ok({}),
      });
      renderPage();
      const empty = await screen.findByText(/You have no desktops yet/);
      fireEvent.click(within(empty.closest('.ant-empty') ?? document.body).getByRole('button', { name: 'Start desktop' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Lab' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));

      expect(
        await within(dialog).findByText('The desktop service failed to start the desktop (desktop webService exception)'),
      ).toBeTruthy();
      expect(within(dialog).getByText('Xvnc: cannot open display')).toBeTruthy();
      expect(calls.find((c) => c.path.endsWith('/vncsession'))).toMatchObject({
        method: 'POST',
        path: '/desktopandapp/api/vncs/vncsession',
        body: { name: 'Lab', resolution: '1280x800', sessionType: 'login' },
      });
    },
  );

  it('deletes a desktop after the confirmation', { timeout: 90_000 }, async () => {
    const calls = serve({ list: [own] });
    renderPage();
    await screen.findByText('Desktop 1');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Desktop 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/desktopandapp/api/vncs/own-running-1');
    expect(await screen.findByText('Desktop 1 was deleted')).toBeTruthy();
  });

  it('shows the tunnel, the viewer file and the password for a native viewer, or why not', { timeout: 90_000 }, async () => {
    const native = {
      sshArgs: ['ssh', '-N', '-L', '5903:/home/alice/.portal/desktops/own-running-1/socket', '-p', '22', 'alice@login'],
      sshCommand: 'ssh -N -L 5903:/home/alice/.portal/desktops/own-running-1/socket -p 22 alice@login',
      localPort: 5903,
      password: 's3cretpw',
      configFileName: 'Desktop-1.tigervnc',
      configFile: 'TigerVNC Configuration file Version 1.0\n\nServerName=localhost::5903\nShared=1\n',
    };
    let available = true;
    serve({
      list: [own, sharedWithMe],
      other: (c) =>
        c.path === '/desktopandapp/api/vncs/own-running-1/native'
          ? available
            ? ok(native)
            : answer(409, { errCode: 10004, errMsg: 'no ssh', data: { reason: 'nativeViewerUnavailable' } })
          : answer(404, {}),
    });
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = (b: Blob) => (saved.push(b), 'blob:x');
        static override revokeObjectURL = () => {};
      },
    );
    renderPage();
    await screen.findByText('Desktop 1');
    expect(within(rowOf('Carol desk')).queryByRole('button', { name: 'Open Carol desk in a native VNC viewer' })).toBeNull();

    fireEvent.click(within(rowOf('Desktop 1')).getByRole('button', { name: 'Open Desktop 1 in a native VNC viewer' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('native-ssh')).textContent).toContain(native.sshCommand);
    // The password is not shown, only copied.
    expect(within(dialog).queryByText('s3cretpw')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /Download Desktop-1\.tigervnc/ }));
    expect(saved).toHaveLength(1);
    expect(await textOf(saved[0])).toBe(native.configFile);
    // The footer's Close (the corner's × is named Close too).
    const footerClose = within(dialog).getAllByRole('button', { name: 'Close' }).at(-1);
    if (footerClose) fireEvent.click(footerClose);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    available = false;
    fireEvent.click(within(rowOf('Desktop 1')).getByRole('button', { name: 'Open Desktop 1 in a native VNC viewer' }));
    expect(
      await screen.findByText('This cluster offers no SSH address for a native viewer: use the desktop in the browser'),
    ).toBeTruthy();
  });

  it(
    'shows a job desktop as queued with its job linked, an ended one by why it ended, and an application by its name',
    { timeout: 90_000 },
    async () => {
      serve({
        list: [
          desktop({
            sessionId: 'job-desk-01',
            sessionName: 'On compute',
            sessionType: 'job',
            jobId: '42',
            queue: 'compute',
            state: 'starting',
            nodes: '',
          }),
          desktop({
            sessionId: 'job-desk-02',
            sessionName: 'Timed out',
            sessionType: 'job',
            jobId: '41',
            queue: 'compute',
            state: 'ended',
            endReason: 'timeLimit',
            appName: 'FLUENT',
          }),
        ],
        apps: [
          {
            id: 'FLUENT',
            name: { en: 'ANSYS Fluent', zh: 'ANSYS Fluent 流体' },
            description: { en: '', zh: '' },
            modes: ['desktop'],
            jobTemplate: null,
            enabled: true,
            command: 'fluent',
          },
        ],
      });
      renderPage();
      await screen.findByText('On compute');
      const queued = within(rowOf('On compute'));
      expect(queued.getByText('Compute node (job)')).toBeTruthy();
      expect(queued.getByText('Starting (queued)')).toBeTruthy();
      expect(queued.getByRole('link', { name: '42' }).getAttribute('href')).toBe(
        '/my-job/current-job/jobDetails/?jobId=42&clusterId=local',
      );
      const timedOut = within(rowOf('Timed out'));
      expect(timedOut.getByText('The job reached its time limit')).toBeTruthy();
      expect(await timedOut.findByText('ANSYS Fluent')).toBeTruthy();
    },
  );
});
