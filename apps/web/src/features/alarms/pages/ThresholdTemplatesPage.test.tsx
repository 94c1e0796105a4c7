import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Permission, Template, TemplateResource } from '@portal/shared';
import { i18n } from '../../../lib/i18n';
import { SessionProvider } from '../../../lib/session';
import ThresholdTemplatesPage from './ThresholdTemplatesPage';
import { testIndexData } from '../../../test/index-data';

/* The page against a fake server (fetch stubbed, the real client): who may change what, and the state switch. */

const indexData = (permissions: Permission[]) =>
  testIndexData(permissions, { roleId: 10005, roleName: 'opt', currentUser: 'olga' });

const TEMPLATE: Template = {
  id: 4,
  name: 'gpu nodes',
  kind: 'custom',
  resourceType: 'SERVER',
  description: '',
  enabled: true,
  resourceCount: 2,
  indicators: [
    {
      id: 9,
      metric: 'gpu.temperature',
      unit: 'celsius',
      alarmCount: 2,
      recoveryCount: 3,
      noDataCount: null,
      levels: [{ severity: 'critical', op: 'out', low: 5, high: 85 }],
    },
  ],
  updatedAt: '2026-03-01T08:00:00.000Z',
  updatedBy: 'olga',
};

const resource = (id: number): TemplateResource => ({
  id,
  name: `gpu${id}`,
  clusterId: 'local',
  type: 'SERVER',
  templateId: 4,
  templateName: 'gpu nodes',
});

const answer = (data: unknown) =>
  new Response(JSON.stringify({ errCode: 0, errMsg: '', data }), { headers: { 'content-type': 'application/json' } });

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

const serve = (permissions: Permission[]) => {
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
      if (call.path.endsWith('/alarmthresholdtempls') && call.method === 'GET') return answer({ total: 1, list: [TEMPLATE] });
      if (call.path.endsWith('/alarmthresholdtempls') && call.method === 'PUT') return answer({ ...TEMPLATE, enabled: false });
      if (call.path.endsWith('/alarmresource')) {
        // The template's resources, read before its state is sent back.
        const start = Number(call.query.get('pageStart'));
        const ids = start === 0 ? [1, 2] : [];
        return answer({ total: 2, list: ids.map(resource) });
      }
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
            <ThresholdTemplatesPage />
          </App>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );

describe('the threshold templates page', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows a reader the templates with their levels, and nothing to change them with', async () => {
    serve(['alarms:read']);
    renderPage();
    const row = (await screen.findByText('gpu nodes')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('GPU temperature')).toBeTruthy();
    expect(within(row).getByText('Critical outside 5 °C – 85 °C')).toBeTruthy();
    expect(within(row).getByText('2 resources')).toBeTruthy();
    expect(within(row).getByText('Enabled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add template/ })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modify' })).toBeNull();
  });

  it('disables a template after a confirmation, sending it back whole with its resources', { timeout: 30_000 }, async () => {
    const calls = serve(['alarms:read', 'alarms:manage']);
    renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Enabled: gpu nodes' }));
    const [title] = await screen.findAllByText('Disable the template gpu nodes?');
    const confirm = title?.closest<HTMLElement>('[role="dialog"]');
    if (!confirm) throw new Error('no confirmation');
    expect(within(confirm).getByText(/their open alarms end now/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      id: 4,
      name: 'gpu nodes',
      kind: 'custom',
      resourceType: 'SERVER',
      description: '',
      enabled: false,
      resources: [1, 2],
      indicators: [
        {
          metric: 'gpu.temperature',
          alarmCount: 2,
          recoveryCount: 3,
          noDataCount: null,
          levels: [{ severity: 'critical', op: 'out', low: 5, high: 85 }],
        },
      ],
    });
    expect(await screen.findByText('gpu nodes disabled')).toBeTruthy();
  });
});
