import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDimension } from '@portal/shared';
import { EChart } from '../../../components/charts/EChart';
import { pieOption } from '../../../components/charts/options';
import { useUsageSummary, type UsageBasis } from '../api/usage-report';
import { sharePoints } from './usage-charts';

/** Slices of the ring: the largest nine and the rest together. */
const SLICES = 9;

/** Each user's, account's, ... share of the core-hours, for the dimension the table shows. */
export const ShareCard = ({ basis, dimension }: { basis: UsageBasis; dimension: ReportDimension }) => {
  const { t } = useTranslation('reports');
  const largest = useUsageSummary({ ...basis, groupBy: dimension, sortBy: 'coreSeconds', pageStart: 0, pageLimit: SLICES });
  const points = useMemo(
    () =>
      largest.data
        ? sharePoints(largest.data.list, largest.data.totals.coreSeconds, { none: t('none'), others: t('share.others') })
        : [],
    [largest.data, t],
  );
  const title = t(`share.title.${dimension}`);
  const option = useMemo(() => pieOption(points, { seriesName: t('figure.coreHours') }), [points, t]);
  return (
    <Card title={title} size="small" loading={largest.isPending}>
      <EChart option={option} label={title} empty={!points.some((p) => p.value > 0)} />
    </Card>
  );
};
