import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NoticeRecord, Permission } from '@portal/shared';
import { i18n } from '../../../lib/i18n';
import { SessionProvider } from '../../../lib/session';
import NotificationRecordsPage from './NotificationRecordsPage';
import { testIndexData } from '../../../test/index-data';

/* The page against a fake server (fetch stubbed, the real client): the two tabs, their filters and the text of a record. */

const indexData = (permissions: Permission[]) =>
  testIndexData(permissions, { roleId: 10005, roleName: 'opt', currentUser: 'olga' });

const record = (id: number, name: string, over: Partial<NoticeRecord> = {}): NoticeRecord => ({
  id,
  ruleId: 1,
  ruleName: 'cpu mail',
  alarmId: 40 + id,
  name,
  status: 'success',
  contacts: ['ops@example.com'],
  attempts: 1,
  lastError: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  sendTime: '2026-03-01T08:00:05.000Z',
  updateTime: '2026-03-01T08:00:05.000Z',
  ...over,
});

const MAILS = [
  record(1, 'CPU alarm on node1'),
  record(2, 'CPU alarm on node2', { status: 'failure', attempts: 3, lastError: 'SMTP refused', sendTime: null }),
];
const SMS = [
  {
    ...record(7, 'GPU hot on node3', { contacts: ['13800000000'], status: 'waiting', sendTime: null }),
    content: 'GPU hot on node3\nat 08:00',
  },
];

const answer = (data: unknown) =>
  new Response(JSON.stringify({ errCode: 0, errMsg: '', data }), { headers: { 'content-type': 'application/json' } });

interface Call {
  path: string;
  query: URLSearchParams;
}

const serve = (permissions: Permission[]) => {
  const calls: Call[] = [];
  localStorage.setItem('gv.is_login', '1');
  sessionStorage.setItem('gv.index_data', JSON.stringify(indexData(permissions)));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://x');
      calls.push({ path: u.pathname, query: u.searchParams });
      if (u.pathname.includes('getIndexData')) return answer(indexData(permissions));
      if (u.pathname.endsWith('/messagerecord/email/content'))
        return answer({ id: Number(u.searchParams.get('id')), subject: 'CPU alarm on node2', content: 'node2 CPU usage is 97%' });
      if (u.pathname.endsWith('/messagerecord/email')) {
        const status = u.searchParams.get('status');
        const list = MAILS.filter((m) => !status || m.status === status);
        return answer({ list, total: list.length });
      }
      if (u.pathname.endsWith('/messagerecord/sms')) return answer({ list: SMS, total: SMS.length });
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
            <NotificationRecordsPage />
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

describe('the notification records page', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('lists the mails with their state, and filters them by state', { timeout: 60_000 }, async () => {
    const calls = serve(['alarms:read']);
    renderPage();
    const sent = await rowOf('CPU alarm on node1');
    expect(within(sent).getByText('Sent')).toBeTruthy();
    const failed = await rowOf('CPU alarm on node2');
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('SMTP refused')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(await screen.findByTitle('Failed'));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/email') && c.query.get('status') === 'failure')).toBe(true));
    await waitFor(() => expect(screen.queryByText('CPU alarm on node1')).toBeNull());
    expect(screen.getByText('CPU alarm on node2')).toBeTruthy();
  });

  it("opens a mail's text, read from the server", { timeout: 60_000 }, async () => {
    const calls = serve(['alarms:read']);
    renderPage();
    await rowOf('CPU alarm on node2');
    fireEvent.click(screen.getByLabelText('Content of CPU alarm on node2'));
    expect(await screen.findByText('node2 CPU usage is 97%')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/email/content'))?.query.get('id')).toBe('2');
  });

  it('lists the text messages in their tab, with their text at hand', { timeout: 60_000 }, async () => {
    const calls = serve(['alarms:read']);
    renderPage();
    await rowOf('CPU alarm on node1');
    fireEvent.click(screen.getByRole('tab', { name: 'SMS' }));
    const row = await rowOf('GPU hot on node3');
    expect(within(row).getByText('Waiting')).toBeTruthy();
    expect(within(row).getByText('13800000000')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by recipient or text' }), { target: { value: '1380' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search by recipient or text' }), {
      key: 'Enter',
      code: 'Enter',
      keyCode: 13,
    });
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/sms') && c.query.get('keyword') === '1380')).toBe(true));
    fireEvent.click(screen.getByLabelText('Content of GPU hot on node3'));
    expect(await screen.findByText(/at 08:00/)).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/content'))).toBe(false);
  });
});
