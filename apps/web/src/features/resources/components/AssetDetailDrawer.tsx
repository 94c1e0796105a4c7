import { Alert, Card, Descriptions, Drawer, Empty, Flex, Spin, Statistic, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@portal/shared';
import { DATE_TIME_FORMAT } from '../../../lib/format';
import { useErrorText } from '../../../lib/errors';
import { useMetricHistory } from '../api/metric-history';
import { dayMetricsOf, hasOwnSeries, hasUtilisation, seriesAverage } from './asset-day-metrics';
import { AvailabilityMark } from './AvailabilityMark';
import { metricCharts } from './metric-charts';
import { MetricChartCard } from './MetricChartCard';
import { formatMetricValue } from '../../../lib/metric-units';

const DAY_MS = 86_400_000;

/** The last day of an asset's metrics, with the average utilisation (spec section 9). */
const DayMetrics = ({ asset }: { asset: Asset }) => {
  const { t } = useTranslation('resources');
  const errorText = useErrorText();
  // The range is fixed when the drawer opens on this asset: the charts do not move while read.
  const [range] = useState(() => {
    const end = Date.now();
    return { from: end - DAY_MS, to: end };
  });
  const history = useMetricHistory({
    clusterId: asset.clusterId ?? undefined,
    resources: asset.name,
    metrics: [...dayMetricsOf(asset.type)],
    startTime: new Date(range.from).toISOString(),
    endTime: new Date(range.to).toISOString(),
  });
  if (history.isPending) return <Spin aria-label={t('detail.loading')} />;
  if (history.isError) return <Alert type="error" showIcon message={errorText(history.error)} />;
  const { list, step } = history.data;
  const charts = metricCharts(list, dayMetricsOf(asset.type)).filter((c) => !c.empty);
  if (charts.length === 0) return <Empty description={t('detail.noMetrics')} />;
  const average = (metric: string) => formatMetricValue(t, 'percent', seriesAverage(list, metric));
  return (
    <Flex vertical gap={12}>
      {hasUtilisation(asset.type) && (
        <Flex gap={32} wrap>
          <Statistic title={t('detail.avgCpu')} value={average('cpu.usage')} />
          <Statistic title={t('detail.avgMemory')} value={average('memory.usage')} />
        </Flex>
      )}
      {charts.map((chart) => (
        <MetricChartCard key={chart.metric} chart={chart} from={range.from} to={range.to} step={step} />
      ))}
    </Flex>
  );
};

/** A resource's detail page (spec section 2): its fields, whether its addresses answer, and its last day of metrics. */
export const AssetDetailDrawer = ({ asset, onClose }: { asset: Asset | null; onClose: () => void }) => {
  const { t } = useTranslation('resources');
  const text = (v: string | number | null) => (v === null || v === '' ? '-' : v);
  return (
    <Drawer
      open={asset !== null}
      onClose={onClose}
      width={760}
      title={asset ? t('detail.title', { name: asset.name }) : ''}
      destroyOnHidden
    >
      {asset && (
        <Flex vertical gap={16}>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('assets.col.type')}>{t(`type.${asset.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('assets.col.cluster')}>{text(asset.clusterId)}</Descriptions.Item>
            <Descriptions.Item label={t('assets.col.model')}>{text(asset.model)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.serialNumber')}>{text(asset.serialNumber)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.location')}>{text(asset.location)}</Descriptions.Item>
            <Descriptions.Item label={t('assets.col.place')}>
              {[asset.room, asset.rack, asset.position === null ? null : `U${asset.position}`].filter(Boolean).join(' / ') || '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('assets.col.manageIp')}>
              {asset.manageIp ? <AvailabilityMark code={asset.manageAvailable} address={asset.manageIp} /> : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('assets.col.computeIp')}>
              {asset.computeIp ? <AvailabilityMark code={asset.computeAvailable} address={asset.computeIp} /> : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('assets.col.ipmi')}>
              {asset.ipmiIp ? (
                <AvailabilityMark
                  code={asset.ipmiAvailable}
                  address={`${asset.ipmiIp}${asset.ipmiPort ? `:${asset.ipmiPort}` : ''}`}
                />
              ) : (
                <Tag>{t('assets.ipmiNone')}</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('assets.col.parent')}>{text(asset.parentName)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.updated')}>{dayjs(asset.updatedAt).format(DATE_TIME_FORMAT)}</Descriptions.Item>
          </Descriptions>
          <Card size="small" title={t('detail.lastDay')}>
            {hasOwnSeries(asset.name) ? <DayMetrics asset={asset} /> : <Empty description={t('detail.noMetrics')} />}
          </Card>
        </Flex>
      )}
    </Drawer>
  );
};
