import { Alert, Card, Empty, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { extendableSeconds, mayActOnJobs, type JobListItem } from '@portal/shared';
import { FilteredEmpty } from '../../../components/FilteredEmpty';
import { Pager } from '../../../components/pager/Pager';
import { isSchedulerError, useErrorText } from '../../../lib/errors';
import { useCan, useSession } from '../../../lib/session';
import { useJobs } from '../api/list-jobs';
import { useQueues } from '../api/list-queues';
import { BatchActionBar } from '../components/actions/BatchActionBar';
import { JobActionButtons } from '../components/actions/JobActionButtons';
import { rowActions, type Viewer } from '../components/actions/job-abilities';
import { useJobActions } from '../components/actions/use-job-actions';
import { currentDetailsPath } from '../../../lib/job-links';
import { currentJobColumns } from '../components/list/current-columns';
import { JobFilters } from '../components/list/JobFilters';
import { ListToolbar } from '../components/list/ListToolbar';
import { SchedulerErrorAlert } from '../components/list/SchedulerErrorAlert';
import { useLastDefined, useListState } from '../components/list/use-list-state';

/**
 * Jobs that have not finished, re-read at the session's refresh interval. When the scheduler does
 * not answer, the last list stays on screen, greyed, with every state undetermined.
 */
const CurrentJobsPage = () => {
  const { t } = useTranslation('jobs');
  const errorText = useErrorText();
  const { refreshMs, indexData } = useSession();
  const can = useCan();
  const viewer: Viewer = { userName: indexData?.currentUser, can };
  const state = useListState();
  const jobs = useJobs({ scope: 'current', ...state.query }, refreshMs);
  const queues = useQueues();
  const actions = useJobActions();
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);

  const schedulerDown = jobs.isError && isSchedulerError(jobs.error);
  const last = useLastDefined(jobs.data);
  const page = jobs.data ?? (schedulerDown ? last : undefined);
  const selected = page?.list.filter((j) => selectedKeys.includes(j.jobId)) ?? [];
  const mayAct = mayActOnJobs(viewer);
  const extendable = (job: JobListItem) =>
    extendableSeconds(job.timeLimit, queues.data?.find((q) => q.name === job.queue)?.maxTime);

  const columns = currentJobColumns(t, {
    showUser: can('jobs:readAll'),
    sortOrder: state.sortOrder,
    linkTo: currentDetailsPath,
    undetermined: schedulerDown,
    actions: mayAct
      ? (job) => (
          <JobActionButtons
            actions={rowActions(job, viewer)}
            extendable={extendable(job)}
            disabled={schedulerDown}
            onRun={(a) => actions.run(job, a, extendable(job))}
          />
        )
      : undefined,
  });

  return (
    <Card
      title={t('current.title')}
      extra={<ListToolbar snapshotAt={page?.snapshotAt} fetching={jobs.isFetching} onRefresh={() => void jobs.refetch()} />}
    >
      {schedulerDown && (
        <SchedulerErrorAlert error={jobs.error} hint={t(page ? 'schedulerError.hint' : 'schedulerError.generic')} />
      )}
      {jobs.isError && !schedulerDown && jobs.data && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('refreshFailed', { error: errorText(jobs.error) })}
        />
      )}
      <JobFilters
        key={state.filtersKey}
        mode="current"
        queues={queues.data ?? []}
        showUser={can('jobs:readAll')}
        onSearch={state.search}
      />
      {mayAct && (
        <BatchActionBar selected={selected} viewer={viewer} disabled={schedulerDown} onDone={() => setSelectedKeys([])} />
      )}
      <div style={schedulerDown ? { opacity: 0.5, filter: 'grayscale(1)' } : undefined} aria-disabled={schedulerDown}>
        <Table<JobListItem>
          rowKey="jobId"
          size="small"
          columns={columns}
          dataSource={page?.list}
          loading={jobs.isPending || (jobs.isFetching && jobs.isPlaceholderData)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onChange={state.onTableChange}
          rowSelection={
            mayAct
              ? {
                  selectedRowKeys: selectedKeys,
                  onChange: (keys) => setSelectedKeys(keys as string[]),
                  getCheckboxProps: (job) => ({
                    disabled: schedulerDown || rowActions(job, viewer).length === 0,
                    'aria-label': t('selectJob', { id: job.jobId }),
                  }),
                }
              : undefined
          }
          locale={{
            emptyText:
              jobs.isError && !schedulerDown ? (
                errorText(jobs.error)
              ) : schedulerDown ? (
                <Empty description={t('undeterminedList')} />
              ) : (
                <FilteredEmpty filtered={state.filtered} emptyText={t('current.empty')} onClear={state.clearFilters} />
              ),
          }}
        />
      </div>
      <Pager
        paging={state.paging}
        total={page?.total ?? 0}
        loading={jobs.isFetching && jobs.isPlaceholderData}
        onChange={state.setPaging}
      />
      {actions.dialogs}
    </Card>
  );
};

export default CurrentJobsPage;
