import { CodeOutlined, FolderOpenOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Row, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatCoreHours, formatDuration, type JobListItem } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useOpenFileManager } from '../../../lib/open-file-manager';
import { useCan } from '../../../lib/session';
import { shellPageUrl } from '../../../lib/shell-url';
import { useActiveJobs, useCoreTime, useRecentJobs } from '../api/overview-data';
import { currentJobPath, ExitLabel, finishedJobPath, StateLabel } from './job-labels';

/** A researcher's own work: jobs running and waiting, jobs just ended, core-hours, and where to start. */
export const MyWorkPanel = () => {
  const { t } = useTranslation('overview');
  const can = useCan();
  const errorText = useErrorText();
  const active = useActiveJobs();
  const recent = useRecentJobs();
  const usage = useCoreTime();
  const openFiles = useOpenFileManager();
  const navigate = useNavigate();
  const activeColumns: TableColumnsType<JobListItem> = [
    { title: t('jobs:col.jobId'), dataIndex: 'jobId', render: (id: string, j) => <Link to={currentJobPath(j)}>{id}</Link> },
    { title: t('jobs:col.name'), dataIndex: 'name', ellipsis: true },
    { title: t('jobs:col.queue'), dataIndex: 'queue' },
    { title: t('jobs:col.state'), dataIndex: 'jobStatus', render: (_: unknown, j) => <StateLabel state={j.jobStatus} /> },
    { title: t('jobs:col.cores'), dataIndex: 'coreNum' },
    { title: t('jobs:col.runtime'), dataIndex: 'runtime', render: (s: number) => formatDuration(s) },
  ];
  const recentColumns: TableColumnsType<JobListItem> = [
    { title: t('jobs:col.jobId'), dataIndex: 'jobId', render: (id: string, j) => <Link to={finishedJobPath(j)}>{id}</Link> },
    { title: t('jobs:col.name'), dataIndex: 'name', ellipsis: true },
    { title: t('jobs:col.exitStatus'), dataIndex: 'exitStatus', render: (_: unknown, j) => <ExitLabel status={j.exitStatus} /> },
    { title: t('jobs:col.endTime'), dataIndex: 'endTime', render: formatDateTime },
  ];
  const u = usage.data;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} xl={16}>
        <Card
          title={t('mine.activeTitle')}
          extra={<Link to="/my-job/current-job">{t('mine.allCurrent')}</Link>}
          data-testid="overview-my-active"
        >
          <Table<JobListItem>
            rowKey={(j) => `${j.clusterId}:${j.jobId}`}
            size="small"
            columns={activeColumns}
            dataSource={active.data?.jobList}
            loading={active.isPending}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: active.isError ? errorText(active.error) : <Empty description={t('mine.noActive')} /> }}
          />
        </Card>
        <Card
          title={t('mine.recentTitle')}
          extra={<Link to="/my-job/history-job">{t('mine.history')}</Link>}
          style={{ marginTop: 16 }}
          data-testid="overview-my-recent"
        >
          <Table<JobListItem>
            rowKey={(j) => `${j.clusterId}:${j.jobId}`}
            size="small"
            columns={recentColumns}
            dataSource={recent.data?.list}
            loading={recent.isPending}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: recent.isError ? errorText(recent.error) : <Empty description={t('mine.noRecent')} /> }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card data-testid="overview-core-hours">
          <Statistic title={t('coreHours.month')} value={u ? formatCoreHours(u.monthCoreHours) : '-'} loading={usage.isPending} />
          {u && (
            <Typography.Text type="secondary">
              {t('coreHours.monthJobs', { count: u.monthJobCount })} ·{' '}
              {t('coreHours.year', { hours: formatCoreHours(u.coreHours), year: u.year })}
            </Typography.Text>
          )}
        </Card>
        <Card title={t('start.title')} style={{ marginTop: 16 }}>
          <Flex vertical gap={8}>
            {can('jobs:submit') && (
              <Button type="primary" block icon={<SendOutlined aria-hidden />} onClick={() => void navigate('/my-job/submit')}>
                {t('start.submit')}
              </Button>
            )}
            {can('files:read') && (
              <Button block icon={<FolderOpenOutlined aria-hidden />} onClick={() => void openFiles()}>
                {t('start.files')}
              </Button>
            )}
            {can('shell:open') && (
              <Button block icon={<CodeOutlined aria-hidden />} href={shellPageUrl({})} target="_blank" rel="noopener">
                {t('start.shell')}
              </Button>
            )}
          </Flex>
        </Card>
      </Col>
    </Row>
  );
};
