import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NoticeRule, Permission } from '@portal/shared';
import { i18n } from '../../../lib/i18n';
import { SessionProvider } from '../../../lib/session';
import NotificationRulesPage from './NotificationRulesPage';
import { testIndexData } from '../../../test/index-data';

/* The page against a fake server (fetch stubbed, the real client): who may change what, adding, refusals, the switch, deleting. */

const indexData = (permissions: Permission[]) =>
  testIndexData(permissions, { roleId: 10005, roleName: 'opt', currentUser: 'olga' });

const rule = (id: number, name: string, over: Partial<NoticeRule> = {}): NoticeRule => ({
  id,
  name,
  type: 'indicatorAlarm',
  content: '',
  interval: 120,
  active: true,
  weight: 50,
  scope: {},
  emails: ['ops@example.com'],
  phones: [],
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  updatedBy: 'olga',
  ...over,
});

const RULES = [
  rule(1, 'cpu mail', { emails: ['ops@example.com', 'lead@example.com', 'boss@example.com'], phones: ['13800000000'] }),
  rule(2, 'old servers', { type: 'assetType', scope: { assetTypes: ['SERVER'] }, active: false, interval: 240, weight: 80 }),
];

const answer = (data: unknown, errCode = 0, errMsg = '', status = 200) =>
  new Response(JSON.stringify({ errCode, errMsg, data }), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

const serve = (permissions: Permission[], { nameTaken = false } = {}) => {
  const calls: Call[] = [];
  localStorage.setItem('gv.is_login', '1');
  sessionStorage.setItem('gv.index_data', JSON.stringify(indexData(permissions)));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      const call = {
        method: init?.method ?? 'GET',
        path: u.pathname,
        query: u.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (call.path.includes('getIndexData')) return answer(indexData(permissions));
      if (call.path.endsWith('/noticeConfig/userName'))
        return answer({ list: [{ userName: 'lena', email: 'lena@example.com', phone: '13900000000' }], total: 1 });
      if (call.path.endsWith('/noticeConfig') && call.method === 'GET') return answer({ list: RULES, total: RULES.length });
      if (call.path.endsWith('/noticeConfig') && call.method === 'POST') {
        if (nameTaken) return answer({ reason: 'noticeRuleNameExists', name: 'x' }, 10002, 'Rule name already exists', 409);
        return answer(rule(3, 'disk mail'));
      }
      if (call.path.endsWith('/noticeConfig') && call.method === 'PUT') return answer({ ...RULES[1], active: true });
      if (call.path.endsWith('/noticeConfig') && call.method === 'DELETE') return answer({ ok: true });
      return answer({});
    }),
  );
  return calls;
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter>
          <App>
            <NotificationRulesPage />
          </App>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );

const rowOf = async (name: string) => {
  const row = (await screen.findByText(name)).closest('tr');
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

const dialogOf = (el: HTMLElement) => {
  const dialog = el.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('no dialog');
  return dialog;
};

const openAddDialog = async () => {
  fireEvent.click(await screen.findByText('Add rule'));
  return dialogOf(await screen.findByText('Add notification rule'));
};

describe('the notification rules page', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows a reader the rules with their contacts, and nothing to change them with', async () => {
    serve(['alarms:read']);
    renderPage();
    const first = await rowOf('cpu mail');
    expect(within(first).getByText('Indicator alarm')).toBeTruthy();
    expect(within(first).getByText('Emails: 3 · Phones: 1')).toBeTruthy();
    expect(within(first).getByText('120 minutes')).toBeTruthy();
    const second = await rowOf('old servers');
    expect(within(second).getByText('Inactive')).toBeTruthy();
    expect(within(second).getByText('Server')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add rule' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modify' })).toBeNull();
  });

  it('adds a rule with the body of the contract, contacts picked from the users', { timeout: 60_000 }, async () => {
    const calls = serve(['alarms:read', 'alarms:manage']);
    renderPage();
    const dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText('Rule name'), { target: { value: ' disk mail ' } });
    fireEvent.change(within(dialog).getByLabelText('Email addresses'), { target: { value: 'ops@example.com' } });
    fireEvent.click(within(dialog).getByText('Pick from users'));
    const picker = dialogOf(await screen.findByText('Pick contacts from users'));
    fireEvent.click(await within(picker).findByLabelText('Select lena'));
    fireEvent.click(within(picker).getByText('Add 1 as contact'));
    await waitFor(() =>
      expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Email addresses').value).toBe(
        'ops@example.com,lena@example.com',
      ),
    );
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Mobile phone numbers').value).toBe('13900000000');
    fireEvent.click(within(dialog).getByText('OK'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'disk mail',
      type: 'indicatorAlarm',
      content: '',
      interval: 120,
      weight: 50,
      active: true,
      scope: {},
      emails: 'ops@example.com,lena@example.com',
      phones: '13900000000',
    });
    expect(await screen.findByText('disk mail saved')).toBeTruthy();
  });

  it(
    'refuses a rule without contacts, and says a short interval is not advised without refusing it',
    { timeout: 60_000 },
    async () => {
      const calls = serve(['alarms:read', 'alarms:manage']);
      renderPage();
      const dialog = await openAddDialog();
      fireEvent.change(within(dialog).getByLabelText('Rule name'), { target: { value: 'fast' } });
      fireEvent.change(within(dialog).getByLabelText('Notification interval'), { target: { value: '30' } });
      expect(await within(dialog).findByText(/Under an hour: the contacts may get many messages/)).toBeTruthy();
      fireEvent.click(within(dialog).getByText('OK'));
      expect(await within(dialog).findByText('Add at least one email address or phone number')).toBeTruthy();
      fireEvent.change(within(dialog).getByLabelText('Email addresses'), { target: { value: 'a@example.com，b@example.com' } });
      expect(await within(dialog).findByText('Separate with the English comma')).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
      fireEvent.change(within(dialog).getByLabelText('Email addresses'), { target: { value: 'a@example.com' } });
      fireEvent.click(within(dialog).getByText('OK'));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'fast', interval: 30, emails: 'a@example.com' });
    },
  );

  it("shows the server's refusal at its field and keeps what was typed", { timeout: 60_000 }, async () => {
    serve(['alarms:read', 'alarms:manage'], { nameTaken: true });
    renderPage();
    const dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText('Rule name'), { target: { value: 'cpu mail' } });
    fireEvent.change(within(dialog).getByLabelText('Email addresses'), { target: { value: 'ops@example.com' } });
    fireEvent.click(within(dialog).getByText('OK'));
    expect((await screen.findAllByText('Rule name already exists')).length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Rule name already exists')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Rule name').value).toBe('cpu mail');
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Email addresses').value).toBe('ops@example.com');
  });

  it('enables a rule after a confirmation, sending the whole rule', { timeout: 60_000 }, async () => {
    const calls = serve(['alarms:read', 'alarms:manage']);
    renderPage();
    fireEvent.click(await screen.findByLabelText('Active: old servers'));
    const confirm = dialogOf((await screen.findAllByText('Enable the rule old servers?'))[0] ?? document.body);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(confirm).getByText('Enable'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      id: 2,
      name: 'old servers',
      type: 'assetType',
      content: '',
      interval: 240,
      weight: 80,
      active: true,
      scope: { assetTypes: ['SERVER'] },
      emails: 'ops@example.com',
      phones: '',
    });
    expect(await screen.findByText('old servers enabled')).toBeTruthy();
  });

  it('deletes the rules chosen after a confirmation, their ids comma-separated', { timeout: 60_000 }, async () => {
    const calls = serve(['alarms:read', 'alarms:manage']);
    renderPage();
    // Nothing chosen yet: the button says no number.
    await screen.findByLabelText('Select cpu mail');
    expect(screen.getByText('Delete selected')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Select cpu mail'));
    fireEvent.click(screen.getByLabelText('Select old servers'));
    fireEvent.click(screen.getByText('Delete 2 selected'));
    const confirm = dialogOf((await screen.findAllByText('Delete 2 rules?'))[0] ?? document.body);
    expect(within(confirm).getByText(/the records of what was sent stay/)).toBeTruthy();
    fireEvent.click(within(confirm).getByText('Delete'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.query.get('ids')).toBe('1,2');
    expect(await screen.findByText('2 rules deleted')).toBeTruthy();
  });
});
