import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cluster } from '@portal/shared';
import { useClusterChoice } from './use-cluster-choice';

const cluster = (id: string, name: string): Cluster => ({
  id,
  name,
  JobManagerType: 'LOCAL',
  JobManagerAddr: '',
  JobManagerPort: '',
});

/** The hook in a window opened at `address`, with the cluster list already read. */
const choiceAt = (address: string) => {
  window.history.replaceState(null, '', address);
  const qc = new QueryClient();
  qc.setQueryData(['clusters'], [cluster('east', 'East'), cluster('west', 'West')]);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  return renderHook(() => useClusterChoice(), { wrapper }).result;
};

describe('useClusterChoice', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('shows the cluster the address names, else the first', () => {
    expect(choiceAt('/efile?lang=en&cluster=west').current).toMatchObject({ clusterId: 'west', ready: true });
    expect(choiceAt('/efile?lang=en').current.cluster?.name).toBe('East');
    expect(choiceAt('/efile?cluster=gone').current.cluster?.name).toBe('East');
  });

  it('keeps the choice in the address, with its other parameters, without a history entry', () => {
    const result = choiceAt('/efile?lang=zh&title=HPC&view=transfers');
    const entries = window.history.length;
    act(() => result.current.choose('west'));
    expect(result.current.clusterId).toBe('west');
    expect(window.location.pathname).toBe('/efile');
    expect(window.location.search).toBe('?lang=zh&title=HPC&view=transfers&cluster=west');
    expect(window.history.length).toBe(entries);
  });
});
