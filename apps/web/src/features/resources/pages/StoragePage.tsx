import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Segmented, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { useStorageNodes, useStorageSystems } from '../api/storage';
import { ClusterPicker } from '../components/ClusterPicker';
import { StorageNodesTable } from '../components/StorageNodesTable';
import { StorageSystemCard } from '../components/StorageSystemCard';

const HOUR = 3_600_000;
/** The ranges the charts offer: the last hour, day and week. */
const RANGES = [
  { key: 'hour', ms: HOUR },
  { key: 'day', ms: 24 * HOUR },
  { key: 'week', ms: 7 * 24 * HOUR },
] as const;

/**
 * Parallel storage (spec sections 2 and 3, the parastor resource page and the ParaStor node list):
 * each storage system's state, capacity, IOPS and throughput, then its servers.
 */
const StoragePage = () => {
  const { t } = useTranslation('resources');
  const errorText = useErrorText();
  const { refreshMs } = useSession();
  const [clusterId, setClusterId] = useState<string | undefined>(undefined);
  const [rangeMs, setRangeMs] = useState<number>(HOUR);
  const systems = useStorageSystems(clusterId, rangeMs, refreshMs);
  const nodes = useStorageNodes(clusterId, refreshMs);
  const list = systems.data?.list ?? [];
  const from = systems.data?.from ?? 0;
  const to = systems.data?.to ?? 0;
  return (
    <Flex vertical gap={16}>
      <Card
        title={t('storage.title')}
        extra={
          <Space wrap>
            <ClusterPicker value={clusterId} onChange={setClusterId} />
            <Segmented<number>
              aria-label={t('storage.range')}
              value={rangeMs}
              onChange={setRangeMs}
              options={RANGES.map((r) => ({ value: r.ms, label: t(`storage.ranges.${r.key}`) }))}
            />
            <Button
              icon={<ReloadOutlined aria-hidden />}
              loading={systems.isFetching || nodes.isFetching}
              onClick={() => void Promise.all([systems.refetch(), nodes.refetch()])}
            >
              {t('storage.refresh')}
            </Button>
          </Space>
        }
      >
        {systems.isPending ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin tip={t('storage.loading')}>
              <div style={{ width: 120, height: 40 }} />
            </Spin>
          </Flex>
        ) : systems.isError ? (
          <Alert type="error" showIcon message={errorText(systems.error)} />
        ) : list.length === 0 ? (
          <Empty description={t('storage.empty')} />
        ) : (
          <Flex vertical gap={16}>
            {list.map((s) => (
              <StorageSystemCard key={s.id} system={s} from={from} to={to} />
            ))}
          </Flex>
        )}
      </Card>
      <Card title={t('storage.nodesTitle')} data-testid="storage-nodes">
        {nodes.isError ? (
          <Alert type="error" showIcon message={errorText(nodes.error)} />
        ) : (
          <StorageNodesTable rows={nodes.data ?? []} loading={nodes.isPending} />
        )}
      </Card>
    </Flex>
  );
};

export default StoragePage;
