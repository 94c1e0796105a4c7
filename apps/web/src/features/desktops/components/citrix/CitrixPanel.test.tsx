import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentDisposition, type CitrixResource, type CitrixSessionState } from '@portal/shared';
import { CitrixPanel } from './CitrixPanel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { errCode: 0, errMsg: '', data });
const refused = (status: number, errCode: number, errMsg: string, reason: string) =>
  json(status, { errCode, errMsg, data: { reason } });

const desktop: CitrixResource = {
  id: 'Q29udHJvbGxlci5EZXNrdG9w',
  name: 'Engineering desktop',
  type: 'desktop',
  description: 'Windows with the CAD tools',
  folder: '',
  disabled: false,
};
const notepad: CitrixResource = {
  ...desktop,
  id: 'X83heiDGddg1ldasf87asdfg--',
  name: 'Notepad',
  type: 'application',
  description: '',
};
const word: CitrixResource = { ...notepad, id: 'Q29udHJvbGxlci4hJF4kJV4-', name: 'Word', folder: 'Office Apps', disabled: true };

type Call = { method: string; path: string; search: string; body: unknown };

/** The portal's Citrix endpoints as a test wants them to answer. */
const serve = (answers: {
  status: CitrixSessionState;
  list?: () => Response;
  signIn?: () => Response;
  launch?: () => Response;
}) => {
  const calls: Call[] = [];
  let state = answers.status;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://portal');
      const call = {
        method: init?.method ?? 'GET',
        path: u.pathname,
        search: u.search,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (call.path === '/desktopandapp/api/citrixdesktops/session' && call.method === 'GET') return ok(state);
      if (call.path === '/desktopandapp/api/citrixdesktops/session' && call.method === 'POST') {
        const res = answers.signIn?.() ?? ok({ ...state, signedIn: true });
        if (res.ok) state = { ...state, signedIn: true };
        return res;
      }
      if (call.path === '/desktopandapp/api/citrixdesktops') return answers.list?.() ?? ok({ list: [desktop, notepad, word] });
      if (call.path === '/desktopandapp/api/citrixdesktops/actions/launch')
        return (
          answers.launch?.() ??
          new Response('[Encoding]\r\nInputEncoding=UTF8\r\n', {
            status: 200,
            headers: {
              'content-type': 'application/x-ica',
              'content-disposition': contentDisposition('attachment', 'Notepad.ica'),
            },
          })
        );
      return json(404, { errCode: 10004, errMsg: 'not found', data: { reason: 'notFound' } });
    }),
  );
  return calls;
};

const renderPanel = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <CitrixPanel />
      </App>
    </QueryClientProvider>,
  );

const signedOut: CitrixSessionState = { enabled: true, signedIn: false, userName: 'EXAMPLE\\alice' };

describe('the Citrix panel', () => {
  beforeEach(() => {
    // The ICA download: jsdom has no object URLs and does not navigate.
    Object.assign(URL, { createObjectURL: () => 'blob:ica', revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is not shown when Citrix is off', async () => {
    const calls = serve({ status: { enabled: false, signedIn: false, userName: 'alice' } });
    const { container } = renderPanel();
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('[data-testid="citrix-panel"]')).toBeNull());
  });

  it('asks for the Citrix password, then lists desktops and applications and launches one', async () => {
    const calls = serve({ status: signedOut });
    renderPanel();
    await screen.findByText(/Give the Citrix \(domain\) password of EXAMPLE\\alice/);
    fireEvent.change(screen.getByLabelText('Citrix password'), { target: { value: 'S3cret!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const row = within(await screen.findByTestId(`citrix-${desktop.id}`));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ password: 'S3cret!' });
    expect(row.getByText('Engineering desktop')).toBeTruthy();
    expect(row.getByText('Desktop')).toBeTruthy();
    expect(within(screen.getByTestId(`citrix-${notepad.id}`)).getByText('Application')).toBeTruthy();
    expect(screen.getByText('Office Apps')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Launch Word' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Signed in to Citrix as EXAMPLE\\alice')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Launch Notepad' }));
    await screen.findByText(/Notepad\.ica downloaded: open it with Citrix Workspace app/);
    const launch = calls.find((c) => c.path.endsWith('/actions/launch'));
    expect(new URLSearchParams(launch?.search).get('id')).toBe(notepad.id);
  });

  it('says why a password was refused, in the user language', async () => {
    serve({ status: signedOut, signIn: () => refused(401, 10004, 'Citrix authentication failed', 'citrixAuthFailed') });
    renderPanel();
    fireEvent.change(await screen.findByLabelText('Citrix password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Citrix authentication failed: StoreFront refused the password. Check it and try again.',
    );
  });

  it('asks for the password again when the Citrix session has ended', async () => {
    serve({
      status: { ...signedOut, signedIn: true },
      list: () => refused(409, 10004, 'session does not exist', 'citrixSessionMissing'),
    });
    renderPanel();
    expect(await screen.findByLabelText('Citrix password')).toBeTruthy();
  });

  it('says so when nothing is published, and shows other failures by their reason', async () => {
    serve({ status: { ...signedOut, signedIn: true }, list: () => ok({ list: [] }) });
    renderPanel();
    await screen.findByText('No Citrix desktops or applications are published for you.');
    cleanup();
    serve({
      status: { ...signedOut, signedIn: true },
      list: () => refused(502, 10012, 'Citrix server exception', 'citrixServerError'),
    });
    renderPanel();
    await screen.findByText(/Citrix server exception: the Citrix StoreFront server reported an error/);
  });
});
