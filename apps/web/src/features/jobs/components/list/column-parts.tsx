import { Typography, type TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDuration, type JobListItem, type QueryOf, type listJobs } from '@portal/shared';
import { formatDateTime } from '../../../../lib/format';

export type SortKey = NonNullable<QueryOf<typeof listJobs>['sort']>;
type Column = TableColumnType<JobListItem>;

export interface ColumnOptions {
  showUser: boolean;
  sortOrder: (key: SortKey) => 'ascend' | 'descend' | null;
  /** The details page of a job. */
  linkTo: (job: JobListItem) => string;
}

/** A column the server sorts by `key`. */
const sortable = (o: ColumnOptions, key: SortKey): Column => ({ key, sorter: true, sortOrder: o.sortOrder(key) });

export const jobIdColumn = (t: TFunction<'jobs'>, o: ColumnOptions): Column => ({
  ...sortable(o, 'jobId'),
  title: t('col.jobId'),
  dataIndex: 'jobId',
  fixed: 'left',
  render: (id: string, job) => <Link to={o.linkTo(job)}>{id}</Link>,
});

export const nameColumn = (t: TFunction<'jobs'>, o: ColumnOptions): Column => ({
  ...sortable(o, 'name'),
  title: t('col.name'),
  dataIndex: 'name',
  ellipsis: true,
  width: 110,
});

/** The owner: only for those who see everyone's jobs. */
export const userColumns = (t: TFunction<'jobs'>, o: ColumnOptions): Column[] =>
  o.showUser ? [{ ...sortable(o, 'userName'), title: t('col.user'), dataIndex: 'userName' }] : [];

export const queueColumn = (t: TFunction<'jobs'>, o: ColumnOptions): Column => ({
  ...sortable(o, 'queue'),
  title: t('col.queue'),
  dataIndex: 'queue',
});

/** Cores, GPUs, and nodes with the hosts they run on. */
export const resourceColumns = (t: TFunction<'jobs'>, o: ColumnOptions): Column[] => [
  { ...sortable(o, 'coreNum'), title: t('col.cores'), dataIndex: 'coreNum', align: 'right' },
  { title: t('col.gpus'), dataIndex: 'gpuNum', align: 'right' },
  {
    title: t('col.nodes'),
    dataIndex: 'nodeNum',
    width: 110,
    ellipsis: { showTitle: false },
    render: (n: number, job) => (
      <span title={job.nodeName || undefined}>
        {n}
        {job.nodeName && <Typography.Text type="secondary"> · {job.nodeName}</Typography.Text>}
      </span>
    ),
  },
];

export const timeColumn = (t: TFunction<'jobs'>, o: ColumnOptions, key: 'submitTime' | 'startTime' | 'endTime'): Column => ({
  ...sortable(o, key),
  title: t(`col.${key}`),
  dataIndex: key,
  render: formatDateTime,
});

export const runTimeColumn = (t: TFunction<'jobs'>, o: ColumnOptions): Column => ({
  ...sortable(o, 'runtime'),
  title: t('col.runtime'),
  dataIndex: 'runtime',
  align: 'right',
  render: (s: number) => <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDuration(s)}</Typography.Text>,
});

export const timeLimitColumn = (t: TFunction<'jobs'>): Column => ({
  title: t('col.timeLimit'),
  dataIndex: 'timeLimit',
  align: 'right',
  render: (s: number | null): ReactNode => (s === null ? t('unlimited') : formatDuration(s)),
});
