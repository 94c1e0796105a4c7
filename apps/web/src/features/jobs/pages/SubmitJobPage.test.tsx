import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountItem, JobTemplate, Queue } from '@portal/shared';
import { myAccountsQuery } from '../api/list-my-accounts';
import { jobTemplatesQuery } from '../api/list-job-templates';
import { queuesQuery } from '../api/list-queues';
import SubmitJobPage from './SubmitJobPage';

const queue = (name: string, extra: Partial<Queue> = {}): Queue => ({
  name,
  isDefault: false,
  state: 'up',
  maxTime: 7200,
  defaultTime: 1800,
  maxNodes: null,
  maxCoresPerJob: null,
  allowAccounts: 'ALL',
  totalNodes: 2,
  totalCores: 8,
  totalGpus: 0,
  ...extra,
});

const base: JobTemplate = {
  id: 'BASE',
  name: { en: 'Base', zh: '基础' },
  description: { en: '', zh: '' },
  defaults: {},
  fields: [],
  script: '#!/bin/bash\n',
};

const account: AccountItem = {
  accountId: 1,
  accountName: 'proj',
  description: '',
  status: 'Normal',
  ownerName: 'alice',
  orgUnitId: null,
  company: '',
  department: '',
  memberCount: 1,
  isDefault: true,
  isOwner: true,
  isMember: true,
  createdAt: '2026-11-26 10:00:00',
};

/** The page with its data already read, as after the first load; refetches go to `fetch`. */
const renderLoaded = () => {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(jobTemplatesQuery().queryKey, [base]);
  qc.setQueryData(queuesQuery().queryKey, [queue('compute', { isDefault: true }), queue('gpu', { allowAccounts: ['proj'] })]);
  qc.setQueryData(myAccountsQuery.queryKey, [account]);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <App>
          <SubmitJobPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return qc;
};

describe('the submit page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps what the user typed when a background refetch fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ errCode: 10001, errMsg: 'busy', data: {} }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const qc = renderLoaded();
    const name = await screen.findByLabelText('Job name');
    fireEvent.change(name, { target: { value: 'kept_name' } });
    await act(async () => {
      await qc.refetchQueries({ queryKey: ['jobs'] });
      await qc.refetchQueries({ queryKey: ['accounts'] });
    });
    expect(qc.getQueryState(queuesQuery().queryKey)?.status).toBe('error');
    expect(qc.getQueryState(jobTemplatesQuery().queryKey)?.status).toBe('error');
    expect(vi.mocked(fetch)).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Job name').value).toBe('kept_name'));
    expect(screen.queryByText(/could not be loaded/i)).toBeNull();
  });
});
