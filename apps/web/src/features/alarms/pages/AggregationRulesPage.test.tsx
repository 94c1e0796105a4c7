import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { AggregateRule, Permission } from '@portal/shared';
import { i18n } from '../../../lib/i18n';
import { SessionProvider } from '../../../lib/session';
import AggregationRulesPage from './AggregationRulesPage';
import { testIndexData } from '../../../test/index-data';

/* The page against a fake server (fetch stubbed, the real client): who may change what, the scan order and the switch. */

const indexData = (permissions: Permission[]) =>
  testIndexData(permissions, { roleId: 10005, roleName: 'opt', currentUser: 'olga' });

const rule = (id: number, name: string, over: Partial<AggregateRule> = {}): AggregateRule => ({
  id,
  name,
  metrics: ['cpu.usage'],
  resourceType: null,
  resources: [],
  groupBy: 'resource',
  minAlarms: 2,
  minSeverity: null,
  suppress: true,
  enabled: true,
  description: '',
  sortOrder: id,
  openAlarms: 0,
  updatedAt: '2026-03-01T08:00:00.000Z',
  updatedBy: 'olga',
  ...over,
});

const RULES = [
  rule(1, 'cpu storm', { minSeverity: 'major', openAlarms: 3 }),
  rule(2, 'gpu heat', { metrics: ['gpu.temperature'], resourceType: 'SERVER', resources: [4, 5], groupBy: 'cluster' }),
];

const answer = (data: unknown, errCode = 0, errMsg = '') =>
  new Response(JSON.stringify({ errCode, errMsg, data }), { headers: { 'content-type': 'application/json' } });

const SortBody = z.object({ ids: z.array(z.number()) });

/** The server's order of the rules: a new order is kept, as the real server does. */
let stored: AggregateRule[] = [];

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

const serve = (permissions: Permission[], { sortFails = false } = {}) => {
  const calls: Call[] = [];
  stored = [...RULES];
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
      if (call.path.endsWith('/aggregationalarmrule') && call.method === 'GET') return answer({ list: stored });
      if (call.path.endsWith('/aggregationalarmrule') && call.method === 'PUT') return answer({ ...RULES[0], enabled: false });
      if (call.path.endsWith('/aggregationalarmrule/sort')) {
        if (sortFails) return answer({ reason: 'aggregateOrderInvalid' }, 10003, 'The scan order must name every rule once');
        const { ids } = SortBody.parse(call.body);
        stored = ids.flatMap((id) => stored.filter((r) => r.id === id));
        return answer({ ok: true });
      }
      if (call.path.endsWith('/deletecheck')) return answer({ openAlarms: 3 });
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
            <AggregationRulesPage />
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

const names = () =>
  screen
    .getAllByRole('row')
    .map((r) => r.getAttribute('data-row-key'))
    .filter(Boolean);

describe('the aggregate rules page', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows a reader the rules in scan order, and nothing to change them with', async () => {
    serve(['alarms:read']);
    renderPage();
    const first = await rowOf('cpu storm');
    expect(within(first).getByText('CPU usage')).toBeTruthy();
    expect(within(first).getByText('Major and up')).toBeTruthy();
    expect(within(first).getByText('Any asset')).toBeTruthy();
    expect(within(first).getByText('Per resource')).toBeTruthy();
    const second = await rowOf('gpu heat');
    expect(within(second).getByText('2 assets')).toBeTruthy();
    expect(within(second).getByText('Per cluster')).toBeTruthy();
    expect(names()).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Add rule' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Drag / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modify' })).toBeNull();
  });

  it('moves a rule down with its button, sending every id in the new order', { timeout: 30_000 }, async () => {
    const calls = serve(['alarms:read', 'alarms:manage']);
    renderPage();
    await rowOf('cpu storm');
    expect(screen.getByRole('button', { name: 'Move cpu storm up' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move cpu storm down' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/sort'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/sort'))?.body).toEqual({ ids: [2, 1] });
    expect(names()).toEqual(['2', '1']);
    expect(await screen.findByText('Scan order saved')).toBeTruthy();
  });

  it('goes back to the old order when the server refuses the new one', { timeout: 30_000 }, async () => {
    serve(['alarms:read', 'alarms:manage'], { sortFails: true });
    renderPage();
    await rowOf('gpu heat');
    fireEvent.click(screen.getByRole('button', { name: 'Move gpu heat up' }));
    expect(await screen.findByText('The scan order must name every rule once; reload the rules and sort again')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['1', '2']));
  });

  it('disables a rule after a confirmation that says how many aggregated alarms go', { timeout: 30_000 }, async () => {
    const calls = serve(['alarms:read', 'alarms:manage']);
    renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Enabled: cpu storm' }));
    const [title] = await screen.findAllByText('Disable the rule cpu storm?');
    const confirm = title?.closest<HTMLElement>('[role="dialog"]');
    if (!confirm) throw new Error('no confirmation');
    expect(within(confirm).getByText(/Its 3 real-time aggregated alarms are removed/)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/deletecheck'))?.query.get('ids')).toBe('1');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      id: 1,
      name: 'cpu storm',
      description: '',
      metrics: ['cpu.usage'],
      groupBy: 'resource',
      minAlarms: 2,
      minSeverity: 'major',
      resourceType: null,
      resources: [],
      suppress: true,
      enabled: false,
    });
    expect(await screen.findByText('cpu storm disabled')).toBeTruthy();
  });
});
