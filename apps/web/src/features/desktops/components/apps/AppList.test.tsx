import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppTemplate } from '@portal/shared';
import { ADMIN, answer, forget, ok, renderPage, serve } from '../../test/fake-server';
import { app, desktop } from '../../test/fixtures';

const apps: AppTemplate[] = [
  app('VNC', { name: { en: 'Desktop', zh: '桌面' } }),
  app('FLUENT', { modes: ['desktop', 'batch'], command: 'fluent' }),
  app('GROMACS', { modes: ['batch'], jobTemplate: 'GROMACS' }),
];

const card = (id: string) => within(screen.getByTestId(`app-${id}`));

describe('the applications', () => {
  afterEach(forget);

  it('start a desktop with the application, or open the job submission with its template', { timeout: 90_000 }, async () => {
    const calls = serve({
      apps,
      other: (c) => (c.path.endsWith('/vncsession') ? ok(desktop({ sessionName: 'FLUENT app', appName: 'FLUENT' })) : ok({})),
    });
    renderPage('/ac-my-app?tab=apps');
    await screen.findByTestId('app-FLUENT');
    expect(card('FLUENT').getByText('What FLUENT does')).toBeTruthy();
    expect(card('VNC').queryByRole('button', { name: 'Submit a job with Desktop' })).toBeNull();
    expect(card('GROMACS').queryByRole('button', { name: /Start a desktop/ })).toBeNull();
    // Users neither switch applications nor see their commands.
    expect(screen.queryByRole('switch')).toBeNull();

    fireEvent.click(card('FLUENT').getByRole('button', { name: 'Start a desktop with FLUENT app' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Start FLUENT app' }));
    expect(dialog.getByLabelText<HTMLInputElement>('Name').value).toBe('FLUENT app');
    expect(dialog.getByLabelText<HTMLInputElement>('Login node').checked).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Start' }));
    // Started: the desktops are shown again, where it appears.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Desktops' }).getAttribute('aria-selected')).toBe('true'));
    expect(calls.find((c) => c.path.endsWith('/vncsession'))?.body).toEqual({
      name: 'FLUENT app',
      resolution: '1280x800',
      sessionType: 'login',
      appId: 'FLUENT',
    });

    fireEvent.click(screen.getByRole('tab', { name: 'Applications' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit a job with GROMACS app' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/my-job/submit?template=GROMACS');
  });

  it(
    'let an administrator offer an application (asking before taking one away) and set its command',
    { timeout: 90_000 },
    async () => {
      const list = [...apps, app('MATLAB', { enabled: false })];
      const calls = serve({
        apps: list,
        permissions: ADMIN,
        other: (c) => {
          if (c.method !== 'PUT') return ok({});
          const id = c.path.split('/').pop() ?? '';
          const before = list.find((a) => a.id === id);
          const change = typeof c.body === 'object' && c.body !== null ? c.body : {};
          return before ? ok({ ...before, ...change }) : answer(404, { errCode: 10004, errMsg: 'none', data: {} });
        },
      });
      renderPage('/ac-my-app?tab=apps');
      await screen.findByTestId('app-MATLAB');
      expect(card('MATLAB').getByText('Not offered')).toBeTruthy();
      expect(card('MATLAB').getByRole('button', { name: 'Start a desktop with MATLAB app' }).hasAttribute('disabled')).toBe(true);

      fireEvent.click(screen.getByTestId('app-offered-FLUENT'));
      fireEvent.click(await screen.findByRole('button', { name: 'Stop offering' }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: '/desktopandapp/api/apptemplates/FLUENT',
        body: { enabled: false },
      });
      await waitFor(() => expect(screen.getByTestId('app-offered-FLUENT').getAttribute('aria-checked')).toBe('false'));

      const command = screen.getByTestId('app-command-VNC');
      fireEvent.change(command, { target: { value: 'xterm -geometry 120x40' } });
      fireEvent.submit(command.closest('form')!);
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
      expect(calls.filter((c) => c.method === 'PUT')[1]).toMatchObject({
        path: '/desktopandapp/api/apptemplates/VNC',
        body: { enabled: true, command: 'xterm -geometry 120x40' },
      });
      expect(await screen.findByText('The command of Desktop was saved')).toBeTruthy();
    },
  );

  it('say when none is offered, and when they could not be read', { timeout: 90_000 }, async () => {
    serve({ apps: [app('FLUENT', { enabled: false })] });
    renderPage('/ac-my-app?tab=apps');
    expect(await screen.findByText(/No application is offered yet/)).toBeTruthy();
    forget();

    serve({
      first: (c) => (c.path.endsWith('/apptemplates') ? answer(500, { errCode: 10001, errMsg: 'boom', data: {} }) : undefined),
    });
    renderPage('/ac-my-app?tab=apps');
    expect(await screen.findByText('The applications could not be read')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
