import { Card, Col, Empty, Flex, Row, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDuration, type JobListItem, type Queue } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useActiveJobs, useClusterStates, useQueueStates } from '../api/overview-data';
import { currentJobPath, StateLabel } from './job-labels';

/** Counts as tags: `label: n`, biggest first, as the server sorted them. */
const Counts = ({
  items,
  loading,
  label,
  testId,
}: {
  items: { name: string; y: number }[];
  /** Not answered yet: a placeholder, not "nothing to show". */
  loading: boolean;
  label: (name: string) => string;
  testId: string;
}) => {
  const { t } = useTranslation('overview');
  if (loading) return <Skeleton active title={{ width: 160 }} paragraph={false} />;
  if (items.length === 0) return <Typography.Text type="secondary">{t('cluster.none')}</Typography.Text>;
  return (
    <Flex wrap gap={8} data-testid={testId}>
      {items.map((p) => (
        <Tag key={p.name} style={{ fontSize: 14, padding: '2px 8px' }}>
          {t('cluster.count', { label: label(p.name) })}
          <strong>{p.y}</strong>
        </Tag>
      ))}
    </Flex>
  );
};

/** An operator's or administrator's view: queues, node states, job states and the latest jobs of everyone. */
export const ClusterStatePanel = () => {
  const { t } = useTranslation('overview');
  const errorText = useErrorText();
  const queues = useQueueStates();
  const states = useClusterStates();
  const jobs = useActiveJobs();
  const queueColumns: TableColumnsType<Queue> = [
    {
      title: t('cluster.col.queue'),
      dataIndex: 'name',
      render: (n: string, q) => (
        <>
          {n} {q.isDefault && <Tag>{t('cluster.default')}</Tag>}
        </>
      ),
    },
    {
      title: t('cluster.col.state'),
      dataIndex: 'state',
      render: (s: string) => (
        <Tag color={/^up$/i.test(s) ? 'green' : 'red'}>{t(`cluster.queueState.${s.toLowerCase()}`, { defaultValue: s })}</Tag>
      ),
    },
    { title: t('cluster.col.nodes'), dataIndex: 'totalNodes' },
    { title: t('cluster.col.cores'), dataIndex: 'totalCores' },
    { title: t('cluster.col.gpus'), dataIndex: 'totalGpus' },
    {
      title: t('cluster.col.maxTime'),
      dataIndex: 'maxTime',
      render: (s: number | null) => (s === null ? t('jobs:unlimited') : formatDuration(s)),
    },
  ];
  const jobColumns: TableColumnsType<JobListItem> = [
    { title: t('jobs:col.jobId'), dataIndex: 'jobId', render: (id: string, j) => <Link to={currentJobPath(j)}>{id}</Link> },
    { title: t('jobs:col.user'), dataIndex: 'userName' },
    { title: t('jobs:col.queue'), dataIndex: 'queue' },
    { title: t('jobs:col.state'), dataIndex: 'jobStatus', render: (_: unknown, j) => <StateLabel state={j.jobStatus} /> },
    { title: t('jobs:col.cores'), dataIndex: 'coreNum' },
    { title: t('jobs:col.runtime'), dataIndex: 'runtime', render: (s: number) => formatDuration(s) },
  ];
  const failure = states.isError ? errorText(states.error) : null;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} xl={12}>
        <Card title={t('cluster.nodes')} extra={<Link to="/job/job-view">{t('cluster.heatMap')}</Link>}>
          {failure ?? (
            <Counts
              testId="overview-node-states"
              loading={states.isPending}
              items={states.data?.nodeStateList ?? []}
              label={(n) => t(`job-charts:nodeState.${n}`, { defaultValue: n })}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('cluster.jobs')} extra={<Link to="/my-job/current-job">{t('mine.allCurrent')}</Link>}>
          {jobs.isError ? (
            errorText(jobs.error)
          ) : (
            <Counts
              testId="overview-job-states"
              loading={jobs.isPending}
              items={(jobs.data?.statusSum ?? []).map((s) => ({ name: s.statusName, y: s.value }))}
              label={(n) => t(`jobs:status.${n}`, { defaultValue: n })}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('cluster.queues')} data-testid="overview-queues">
          <Table<Queue>
            rowKey="name"
            size="small"
            columns={queueColumns}
            dataSource={queues.data}
            loading={queues.isPending}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: queues.isError ? errorText(queues.error) : <Empty description={t('cluster.none')} /> }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('cluster.latestJobs')} data-testid="overview-latest-jobs">
          <Table<JobListItem>
            rowKey={(j) => `${j.clusterId}:${j.jobId}`}
            size="small"
            columns={jobColumns}
            dataSource={jobs.data?.jobList}
            loading={jobs.isPending}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: jobs.isError ? errorText(jobs.error) : <Empty description={t('cluster.noJobs')} /> }}
          />
        </Card>
      </Col>
    </Row>
  );
};
