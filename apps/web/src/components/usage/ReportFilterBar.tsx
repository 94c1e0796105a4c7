import { Button, Form, Select } from 'antd';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportScope } from '@portal/shared';
import { useAccountChoices, useClusterChoices, useQueueChoices } from './filter-choices';
import { hasFilters, NO_FILTERS, type ReportFilters } from './report-filters';
import { UserFilter } from './UserFilter';

interface Props {
  filters: ReportFilters;
  scope: ReportScope;
  /** Offer the user filter (not under "Mine", whose jobs have one user). */
  userFilter: boolean;
  onChange: (filters: ReportFilters) => void;
}

const WIDTH = 170;
const asOptions = (names: string[]) => names.map((n) => ({ value: n, label: n }));

/** Cluster, account, queue and (beyond one's own jobs) user: each narrows every figure of the page. */
export const ReportFilterBar = ({ filters, scope, userFilter, onChange }: Props) => {
  const { t } = useTranslation('reports');
  const id = useId();
  const [accountSearch, setAccountSearch] = useState('');
  const clusters = useClusterChoices();
  const accounts = useAccountChoices(scope, useDeferredValue(accountSearch));
  const clusterIds = filters.clusterId ? [filters.clusterId] : (clusters.data ?? []).map((c) => c.id);
  const queues = useQueueChoices(clusterIds);
  const set = (change: Partial<ReportFilters>) => onChange({ ...filters, ...change });
  // A value from the address stays shown even when the list does not hold it (a queue since removed).
  const withCurrent = (names: string[], current: string) => (current && !names.includes(current) ? [current, ...names] : names);
  const common = { allowClear: true, showSearch: true, style: { width: WIDTH }, popupMatchSelectWidth: false } as const;
  return (
    <Form layout="inline" style={{ rowGap: 8 }} aria-label={t('filter.label')} role="group">
      <Form.Item label={t('filter.cluster')} htmlFor={`${id}-cluster`}>
        <Select
          {...common}
          id={`${id}-cluster`}
          aria-label={t('filter.cluster')}
          placeholder={t('filter.anyCluster')}
          value={filters.clusterId || undefined}
          loading={clusters.isPending}
          optionFilterProp="label"
          options={withCurrent(
            (clusters.data ?? []).map((c) => c.id),
            filters.clusterId,
          ).map((cid) => ({
            value: cid,
            label: clusters.data?.find((c) => c.id === cid)?.name ?? cid,
          }))}
          // Another cluster has other queues: a queue chosen for the first one would match nothing.
          onChange={(v?: string) => set({ clusterId: v ?? '', queue: '' })}
        />
      </Form.Item>
      <Form.Item label={t('filter.account')} htmlFor={`${id}-account`}>
        <Select
          {...common}
          id={`${id}-account`}
          aria-label={t('filter.account')}
          placeholder={t('filter.anyAccount')}
          value={filters.account || undefined}
          loading={accounts.isFetching}
          // Everyone's accounts are searched on the server; one's own are few and filtered here.
          filterOption={scope === 'all' ? false : undefined}
          onSearch={scope === 'all' ? setAccountSearch : undefined}
          onOpenChange={(open) => !open && setAccountSearch('')}
          notFoundContent={accounts.isFetching ? undefined : t('filter.noChoice')}
          options={asOptions(withCurrent(accounts.data ?? [], filters.account))}
          onChange={(v?: string) => set({ account: v ?? '' })}
        />
      </Form.Item>
      <Form.Item label={t('filter.queue')} htmlFor={`${id}-queue`}>
        <Select
          {...common}
          id={`${id}-queue`}
          aria-label={t('filter.queue')}
          placeholder={t('filter.anyQueue')}
          value={filters.queue || undefined}
          notFoundContent={t('filter.noChoice')}
          options={asOptions(withCurrent(queues, filters.queue))}
          onChange={(v?: string) => set({ queue: v ?? '' })}
        />
      </Form.Item>
      {userFilter && <UserFilter id={`${id}-user`} value={filters.user} width={WIDTH} onApply={(user) => set({ user })} />}
      <Form.Item>
        <Button disabled={!hasFilters(filters)} onClick={() => onChange(NO_FILTERS)}>
          {t('filter.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
};
