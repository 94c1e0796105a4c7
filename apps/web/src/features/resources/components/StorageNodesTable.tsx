import { Progress, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, type StorageNodeStateRow } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { STORAGE_STATE_COLORS, usageColor } from './storage-view';

const bytes = (v: number | null) => (v === null ? '-' : formatBytes(v));

/** The ParaStor node list: each storage server, the system it serves, its state and its share of the capacity. */
export const StorageNodesTable = ({ rows, loading }: { rows: StorageNodeStateRow[]; loading: boolean }) => {
  const { t } = useTranslation('resources');
  return (
    <Table<StorageNodeStateRow>
      size="small"
      loading={loading}
      rowKey={(r) => `${r.storage}/${r.resourceId}`}
      dataSource={rows}
      pagination={{ defaultPageSize: 25, pageSizeOptions: [15, 25, 50, 100], showSizeChanger: true, hideOnSinglePage: true }}
      scroll={{ x: 760 }}
      locale={{ emptyText: t('storage.noNodes') }}
      columns={[
        { key: 'name', title: t('storage.node'), dataIndex: 'resourceName' },
        { key: 'storage', title: t('storage.system'), dataIndex: 'storage' },
        {
          key: 'state',
          title: t('storage.nodeState'),
          render: (_, r) => <Tag color={STORAGE_STATE_COLORS[r.value]}>{t(`storage.state.${r.value}`)}</Tag>,
        },
        { key: 'total', title: t('storage.total'), render: (_, r) => bytes(r.total) },
        { key: 'used', title: t('storage.used'), render: (_, r) => bytes(r.used) },
        {
          key: 'usage',
          title: t('storage.usage'),
          width: 180,
          render: (_, r) =>
            r.usage === null ? (
              '-'
            ) : (
              <Progress
                size="small"
                percent={r.usage}
                strokeColor={usageColor(r.usage)}
                format={(p) => `${(p ?? 0).toFixed(2)}%`}
                aria-label={t('storage.usageLabel', { name: r.resourceName })}
              />
            ),
        },
        { key: 'time', title: t('storage.collectTime'), render: (_, r) => formatDateTime(r.collectTime) },
      ]}
    />
  );
};
