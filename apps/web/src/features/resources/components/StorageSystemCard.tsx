import { Card, Col, Descriptions, Flex, Progress, Row, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, type StorageSystem } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { MetricChartCard } from './MetricChartCard';
import { STORAGE_STATE_COLORS, storageCharts, usageColor } from './storage-view';

/** One storage system: its state, capacity and the IOPS and throughput of its servers' disks over the range. */
export const StorageSystemCard = ({ system, from, to }: { system: StorageSystem; from: number; to: number }) => {
  const { t } = useTranslation('resources');
  const charts = useMemo(() => storageCharts(system, { read: t('storage.read'), write: t('storage.write') }), [system, t]);
  const { usage } = system;
  return (
    <Card
      size="small"
      data-testid={`storage-${system.name}`}
      title={
        <Flex gap={8} align="center" wrap>
          <span>{system.name}</span>
          <Tag>{system.type}</Tag>
        </Flex>
      }
      extra={<Tag color={STORAGE_STATE_COLORS[system.state]}>{t(`storage.state.${system.state}`)}</Tag>}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          {
            key: 'directory',
            label: t('storage.directory'),
            children: <Typography.Text code>{system.directory}</Typography.Text>,
          },
          {
            key: 'servers',
            label: t('storage.servers'),
            children: t('storage.serversUp', { up: system.serversUp, total: system.serversTotal }),
          },
          { key: 'collected', label: t('storage.collectTime'), children: formatDateTime(system.collectTime) },
        ]}
      />
      <Flex vertical gap={4} style={{ margin: '8px 0 16px' }}>
        <Progress
          percent={usage ?? 0}
          strokeColor={usageColor(usage)}
          format={() => (usage === null ? '-' : `${usage.toFixed(2)}%`)}
          aria-label={t('storage.usageLabel', { name: system.name })}
        />
        <Typography.Text type="secondary" data-testid="storage-capacity">
          {system.total === null || system.used === null || system.free === null
            ? t('storage.noCapacity')
            : t('storage.capacity', {
                used: formatBytes(system.used),
                total: formatBytes(system.total),
                free: formatBytes(system.free),
              })}
        </Typography.Text>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <MetricChartCard chart={charts.iops} from={from} to={to} step={system.step} />
        </Col>
        <Col xs={24} xl={12}>
          <MetricChartCard chart={charts.throughput} from={from} to={to} step={system.step} />
        </Col>
      </Row>
    </Card>
  );
};
