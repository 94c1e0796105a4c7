import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatCoreHours, type JobListItem } from '@portal/shared';
import {
  jobIdColumn,
  nameColumn,
  queueColumn,
  resourceColumns,
  runTimeColumn,
  timeColumn,
  userColumns,
  type ColumnOptions,
} from './column-parts';
import { JobStateTag } from './JobStateTag';

/** Core-hours of a finished job for display, from the core-seconds accounting keeps. */
export const coreHoursOf = (job: Pick<JobListItem, 'coreSeconds'>): number => job.coreSeconds / 3600;

/** Columns of the history job list. */
export const historyJobColumns = (t: TFunction<'jobs'>, o: ColumnOptions): TableColumnsType<JobListItem> => [
  jobIdColumn(t, o),
  nameColumn(t, o),
  ...userColumns(t, o),
  queueColumn(t, o),
  {
    // How the job ended, in the words of the current list and the details ("Failed · exit 1").
    key: 'jobStatus',
    title: t('col.state'),
    dataIndex: 'exitStatus',
    render: (_, job) => <JobStateTag job={job} />,
  },
  ...resourceColumns(t, o),
  timeColumn(t, o, 'submitTime'),
  timeColumn(t, o, 'endTime'),
  runTimeColumn(t, o),
  {
    key: 'coreHours',
    title: t('col.coreHours'),
    align: 'right',
    render: (_, job) => formatCoreHours(coreHoursOf(job), { billion: t('unit.billion'), million: t('unit.million') }),
  },
];
