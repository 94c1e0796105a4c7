import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillDetail, BillLine } from '@portal/shared';
import { SessionProvider } from '../../../lib/session';
import BillDetailPage from './BillDetailPage';

const line = (jobId: string, extra: Partial<BillLine>): BillLine => ({
  jobId,
  clusterId: 'local',
  jobName: `job_${jobId}`,
  user: 'alice',
  account: 'proj',
  queue: 'compute',
  endedAt: '2026-11-20T10:00:00.000Z',
  cores: 4,
  cards: 0,
  seconds: 3725,
  coreSeconds: 14900,
  cardSeconds: 0,
  coreHourPrice: '0.0500',
  cardHourPrice: '1.0000',
  priceId: 1,
  amountCents: 21,
  ...extra,
});

/** Two lines of 0.2069 each: shown as 0.21 and 0.21, the exact total 0.4139 rounds once to 0.41. */
const detail: BillDetail = {
  list: [line('101', {}), line('102', { seconds: 90061, coreSeconds: 14900, priceId: null, amountCents: 0 })],
  total: 2,
  currency: 'CNY',
  timeZone: 'Asia/Shanghai',
  from: '2026-11-01',
  to: '2026-11-26',
  totals: { jobs: 2, coreSeconds: 29800, cardSeconds: 0, amountCents: 41 },
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the filter bar asks for: one cluster, no account, no queue. */
const choices = (url: string): unknown => {
  const path = new URL(url, 'http://x').pathname;
  if (path.includes('listCluster'))
    return [{ id: 'local', name: 'local', JobManagerType: 'LOCAL', JobManagerAddr: '', JobManagerPort: '' }];
  if (path.includes('/accounts')) return { list: [], total: 0 };
  if (path.includes('/queues')) return [];
  return undefined;
};

/** The table row a cell's element sits in. */
const rowOf = (el: HTMLElement): HTMLElement => {
  const row = el.closest('tr');
  if (!row) throw new Error('not in a table row');
  return row;
};

const renderPage = (qc: QueryClient) =>
  render(
    <QueryClientProvider client={qc}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/my-report/my-bill-detail']}>
          <App>
            <BillDetailPage />
          </App>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );

describe('the bill detail page', () => {
  afterEach(() => vi.unstubAllGlobals());

  // Role queries over the page's antd controls take seconds in jsdom on a busy machine.
  it(
    'shows the lines, the totals in core-hours and money, the rounding note, and keeps them when a refetch fails',
    { timeout: 90_000 },
    async () => {
      const fetch = vi.fn(async (url: string) => answer(200, { errCode: 0, errMsg: '', data: choices(url) ?? detail }));
      vi.stubGlobal('fetch', fetch);
      const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      renderPage(qc);

      const first = await screen.findByRole('link', { name: '101' });
      expect(first.getAttribute('href')).toBe('/my-job/history-job/historyDetails?jobId=101&clusterId=local');
      const cells = within(rowOf(first));
      expect(cells.getByText('01:02:05')).toBeTruthy();
      expect(cells.getByText('4.14')).toBeTruthy();
      expect(cells.getByText('0.0500')).toBeTruthy();
      expect(cells.getByText('0.21')).toBeTruthy();
      // A run of a day and more; no price matched: no price shown.
      const second = rowOf(screen.getByRole('link', { name: '102' }));
      expect(within(second).getByText('1-01:01:01')).toBeTruthy();
      expect(within(second).getAllByText('-')).toHaveLength(2);

      expect(within(screen.getByTestId('bill-total-amount')).getByText('0.41 CNY')).toBeTruthy();
      expect(screen.getByTestId('bill-total-coreHours').textContent).toContain('8.28');
      expect(screen.getByText('Lines are rounded for display; the total is the exact sum rounded once.')).toBeTruthy();
      expect(screen.getByTestId('bill-range').textContent).toContain('time zone Asia/Shanghai');
      const call = fetch.mock.calls.find(([url]) => String(url).includes('/bills/detail'));
      const asked = new URL(String(call?.[0]), 'http://x');
      expect(asked.pathname).toBe('/jm_report/api/bills/detail');
      expect(asked.searchParams.get('scope')).toBe('mine');

      fetch.mockImplementation(async (url: string) => {
        const data = choices(url);
        return data ? answer(200, { errCode: 0, errMsg: '', data }) : answer(503, { errCode: 10001, errMsg: 'busy', data: {} });
      });
      await act(async () => {
        await qc.refetchQueries({ queryKey: ['bills'] });
      });
      await waitFor(() => expect(screen.getByRole('link', { name: '101' })).toBeTruthy());
      expect(screen.queryByTestId('bills-error')).toBeNull();
    },
  );

  it('says why when the first load fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const data = choices(url);
        return data
          ? answer(200, { errCode: 0, errMsg: '', data })
          : answer(400, { errCode: 10002, errMsg: 'not a day', data: {} });
      }),
    );
    renderPage(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    expect(await screen.findByTestId('bills-error')).toBeTruthy();
  });
});
