import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JobListItem } from '@portal/shared';
import { FilteredEmpty } from '../../../components/FilteredEmpty';
import { Pager } from '../../../components/pager/Pager';
import { useErrorText } from '../../../lib/errors';
import { useCan } from '../../../lib/session';
import { useJobs } from '../api/list-jobs';
import { useQueues } from '../api/list-queues';
import { historyDetailsPath } from '../../../lib/job-links';
import { historyJobColumns } from '../components/list/history-columns';
import { JobFilters } from '../components/list/JobFilters';
import { ListToolbar } from '../components/list/ListToolbar';
import { useListState } from '../components/list/use-list-state';

/** Finished jobs from accounting, filtered by end time, newest first. */
const HistoryJobsPage = () => {
  const { t } = useTranslation('jobs');
  const errorText = useErrorText();
  const can = useCan();
  const state = useListState({ sort: 'endTime', order: 'desc' });
  const jobs = useJobs({ scope: 'history', ...state.query });
  const queues = useQueues();
  const columns = historyJobColumns(t, { showUser: can('jobs:readAll'), sortOrder: state.sortOrder, linkTo: historyDetailsPath });

  return (
    <Card title={t('history.title')} extra={<ListToolbar fetching={jobs.isFetching} onRefresh={() => void jobs.refetch()} />}>
      <JobFilters
        key={state.filtersKey}
        mode="history"
        queues={queues.data ?? []}
        showUser={can('jobs:readAll')}
        onSearch={state.search}
      />
      <Table<JobListItem>
        rowKey="jobId"
        size="small"
        columns={columns}
        dataSource={jobs.data?.list}
        loading={jobs.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onChange={state.onTableChange}
        locale={{
          emptyText: jobs.isError ? (
            errorText(jobs.error)
          ) : (
            <FilteredEmpty filtered={state.filtered} emptyText={t('history.empty')} onClear={state.clearFilters} />
          ),
        }}
      />
      <Pager paging={state.paging} total={jobs.data?.total ?? 0} loading={jobs.isFetching} onChange={state.setPaging} />
    </Card>
  );
};

export default HistoryJobsPage;
