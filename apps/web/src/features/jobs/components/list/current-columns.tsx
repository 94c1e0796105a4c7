import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { JobListItem } from '@portal/shared';
import {
  jobIdColumn,
  nameColumn,
  queueColumn,
  resourceColumns,
  runTimeColumn,
  timeColumn,
  timeLimitColumn,
  userColumns,
  type ColumnOptions,
} from './column-parts';
import { JobStateTag } from './JobStateTag';

interface Options extends ColumnOptions {
  /** The scheduler did not answer: states are shown as undetermined. */
  undetermined: boolean;
  /** The actions of a row; no column for those who may not act on any job. */
  actions?: (job: JobListItem) => ReactNode;
}

/** Columns of the current job list. */
export const currentJobColumns = (t: TFunction<'jobs'>, o: Options): TableColumnsType<JobListItem> => [
  jobIdColumn(t, o),
  nameColumn(t, o),
  ...userColumns(t, o),
  queueColumn(t, o),
  {
    key: 'jobStatus',
    title: t('col.state'),
    dataIndex: 'jobStatus',
    sorter: true,
    sortOrder: o.sortOrder('jobStatus'),
    render: (_, job) => <JobStateTag job={job} undetermined={o.undetermined} />,
  },
  ...resourceColumns(t, o),
  timeColumn(t, o, 'submitTime'),
  runTimeColumn(t, o),
  timeLimitColumn(t),
  ...(o.actions ? [actionsColumn(t, o.actions)] : []),
];

const actionsColumn = (t: TFunction<'jobs'>, render: (job: JobListItem) => ReactNode): TableColumnsType<JobListItem>[number] => ({
  key: 'actions',
  title: t('col.actions'),
  fixed: 'right',
  render: (_, job) => render(job),
});
