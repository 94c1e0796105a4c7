import { Button, Popconfirm, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatQueueTime, type QueueItem } from '@portal/shared';

interface Actions {
  onModify: (q: QueueItem) => void;
  onDelete: (q: QueueItem) => void;
}

const limit = (t: TFunction<'queues'>, v: number | null) => (v === null ? t('unlimited') : String(v));
const time = (t: TFunction<'queues'>, v: QueueItem['maxTime']) => (v === 'UNLIMITED' ? t('unlimited') : formatQueueTime(v));

/** Columns of the queue list; the actions column only for those who manage queues (null hides it). */
export const queueColumns = (t: TFunction<'queues'>, actions: Actions | null): TableColumnsType<QueueItem> => [
  {
    title: t('col.name'),
    dataIndex: 'name',
    render: (name: string, q) => (
      <Space size={4}>
        {name}
        {q.isDefault && <Tag>{t('default')}</Tag>}
      </Space>
    ),
  },
  {
    title: t('col.state'),
    dataIndex: 'state',
    render: (s: string) => <Tag color={s === 'up' ? 'green' : 'red'}>{t(`state.${s}`, { defaultValue: s })}</Tag>,
  },
  { title: t('col.maxTime'), key: 'maxTime', render: (_, q) => time(t, q.maxTime) },
  { title: t('col.defaultTime'), key: 'defaultTime', render: (_, q) => time(t, q.defaultTime) },
  { title: t('col.maxNodes'), key: 'maxNodes', render: (_, q) => limit(t, q.maxNodesPerJob) },
  { title: t('col.maxCores'), key: 'maxCores', render: (_, q) => limit(t, q.maxCoresPerJob) },
  { title: t('col.priority'), dataIndex: 'priority' },
  { title: t('col.nodes'), key: 'nodes', render: (_, q) => `${q.nodes} (${q.totalCores} ${t('cores')})` },
  {
    title: t('col.accounts'),
    key: 'accounts',
    render: (_, q) => (q.allowAccounts === 'ALL' ? t('allAccounts') : q.allowAccounts.join(', ')),
  },
  { title: t('col.jobs'), dataIndex: 'activeJobs' },
  ...(actions
    ? [
        {
          title: t('col.actions'),
          key: 'actions',
          fixed: 'right' as const,
          render: (_: unknown, q: QueueItem) =>
            q.managed ? (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => actions.onModify(q)}
                  aria-label={t('modify.label', { name: q.name })}
                >
                  {t('modify.action')}
                </Button>
                <Popconfirm
                  title={t('delete.confirm', { name: q.name })}
                  okText={t('delete.action')}
                  cancelText={t('cancel')}
                  onConfirm={() => actions.onDelete(q)}
                  disabled={q.activeJobs > 0}
                >
                  <Tooltip title={q.activeJobs > 0 ? t('delete.inUse', { count: q.activeJobs }) : undefined}>
                    <Button
                      type="link"
                      size="small"
                      danger
                      disabled={q.activeJobs > 0}
                      aria-label={t('delete.label', { name: q.name })}
                    >
                      {t('delete.action')}
                    </Button>
                  </Tooltip>
                </Popconfirm>
              </Space>
            ) : (
              <Tooltip title={t('notManaged')}>
                <span>-</span>
              </Tooltip>
            ),
        },
      ]
    : []),
];
