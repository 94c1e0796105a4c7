import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { AccountItem, AppTemplate, DesktopSession, Permission, Queue } from '@portal/shared';
import { SessionProvider } from '../../../lib/session';
import DesktopsPage from '../pages/DesktopsPage';
import { testIndexData } from '../../../test/index-data';

/* A fake server and the page as a role sees it, for the page's tests (fetch stubbed, real client). */

const indexData = (permissions: Permission[]) => testIndexData(permissions);

export const USER: Permission[] = ['desktops:use', 'jobs:read', 'jobs:submit', 'accounts:read'];
export const ADMIN: Permission[] = [...USER, 'system:config'];

export const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const ok = (data: unknown) => answer(200, { errCode: 0, errMsg: '', data });
export const refused = (status: number, errMsg: string, data: Record<string, unknown>) =>
  answer(status, { errCode: 10004, errMsg, data });

export type Call = { method: string; path: string; query: string; body: unknown };

export interface World {
  list?: DesktopSession[];
  apps?: AppTemplate[];
  queues?: Queue[];
  accounts?: AccountItem[];
  permissions?: Permission[];
  /** Answers whatever the lists above do not. */
  other?: (c: Call) => Response;
  /** Answers before anything else when it answers at all (a failing list). */
  first?: (c: Call) => Response | undefined;
}

/** A fake server: the session, one cluster, the lists of `world`, and `other` for the rest. */
export const serve = (world: World) => {
  const calls: Call[] = [];
  const permissions = world.permissions ?? USER;
  // Signed in (the tab's saved index data, as after a sign-in): the page can ask for abilities.
  localStorage.setItem('gv.is_login', '1');
  sessionStorage.setItem('gv.index_data', JSON.stringify(indexData(permissions)));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      const call = {
        method: init?.method ?? 'GET',
        path: u.pathname,
        query: u.search,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const early = world.first?.(call);
      if (early) return early;
      if (call.path.includes('getIndexData')) return ok(indexData(permissions));
      if (call.path.includes('getMenus')) return ok([]);
      if (call.path.includes('listCluster')) return ok([{ id: 'local', name: 'local' }]);
      if (call.method === 'GET' && call.path === '/desktopandapp/api/vncs') return ok({ list: world.list ?? [] });
      if (call.method === 'GET' && call.path === '/desktopandapp/api/apptemplates') return ok({ list: world.apps ?? [] });
      if (call.path === '/jm_jobmanagement/api/queues') return ok(world.queues ?? []);
      if (call.path === '/jm_accountmanagement/api/accounts')
        return ok({ list: world.accounts ?? [], total: world.accounts?.length ?? 0 });
      return world.other?.(call) ?? ok({});
    }),
  );
  return calls;
};

/** Where the page navigated to (the submission page is not part of these tests). */
const Location = () => {
  const at = useLocation();
  return <div data-testid="location">{`${at.pathname}${at.search}`}</div>;
};

export const renderPage = (path = '/ac-my-app') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <App>
            <Routes>
              <Route path="/ac-my-app" element={<DesktopsPage />} />
              <Route path="*" element={<Location />} />
            </Routes>
          </App>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );

/** After each test: the page unmounted (no auto-cleanup without vitest globals), signed out, fetch restored. */
export const forget = () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
};

export const rowOf = (text: string): HTMLElement => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`${text} is not in a table row`);
  return row;
};
