import { Alert, Card, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { MarkLineComponent } from 'echarts/components';
import { use as registerEcharts } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmDetails } from '@portal/shared';
import { EChart } from '../../../components/charts/EChart';
import { DATE_TIME_FORMAT, formatDateTime } from '../../../lib/format';
import { formatMetricValue, metricLabel, metricName } from '../../../lib/metric-units';
import { snapshotOption } from './alarm-snapshot';

// The raise and the threshold are drawn as mark lines, which the shared chart does not register.
registerEcharts([MarkLineComponent]);

const HEIGHT = 300;

/**
 * The alarm's metric on its resource from an hour before the raise to an hour after (or now),
 * with the raise, the recovery and the threshold marked; it says whether the hour is kept with
 * the alarm or still read from the metric source.
 */
export const AlarmSnapshotChart = ({ details }: { details: AlarmDetails }) => {
  const { t } = useTranslation('alarm-list');
  const { t: tm } = useTranslation('resources');
  const { alarm, snapshot } = details;
  const option = useMemo(
    () =>
      snapshotOption(details, {
        format: (v) => formatMetricValue(tm, alarm.unit, v),
        timeLabel: (ms) => dayjs(ms).format(DATE_TIME_FORMAT),
        raised: t('detail.snapshot.raised'),
        recovered: t('detail.snapshot.recovered'),
        threshold: (value) => t('detail.snapshot.threshold', { value }),
      }),
    [details, alarm.unit, t, tm],
  );
  const empty = snapshot.points.every((p) => p.value === null);
  return (
    <Card
      size="small"
      title={t('detail.snapshot.title', { metric: metricLabel(tm, alarm.metricId, alarm.unit) })}
      extra={
        <Tag color={snapshot.stored ? 'green' : 'blue'} style={{ marginInlineEnd: 0 }}>
          {t(snapshot.stored ? 'detail.snapshot.stored' : 'detail.snapshot.live')}
        </Tag>
      }
      data-testid="alarm-snapshot"
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          {t('detail.snapshot.range', { from: formatDateTime(snapshot.from), to: formatDateTime(snapshot.to) })}
          {!snapshot.stored && ` ${t('detail.snapshot.liveHint')}`}
        </Typography.Text>
        {empty && snapshot.stepSeconds === 0 && <Alert type="info" showIcon title={t('detail.snapshot.none')} />}
        <EChart
          option={option}
          empty={empty}
          height={HEIGHT}
          label={t('detail.snapshot.chartLabel', {
            metric: metricName(tm, alarm.metricId),
            resource: alarm.resName,
            from: formatDateTime(snapshot.from),
            to: formatDateTime(snapshot.to),
          })}
        />
      </Flex>
    </Card>
  );
};
