import { Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCoreHours, type JobDetail } from '@portal/shared';
import { formatDateTime } from '../../../../lib/format';
import { formatMemoryMB, formatPercent, formatSeconds } from './detail-format';

/** What accounting tells about a finished job: waiting, efficiency and what it used. */
export const HistorySection = ({ job }: { job: JobDetail }) => {
  const { t } = useTranslation('job-details');
  const units = { billion: t('jobs:unit.billion'), million: t('jobs:unit.million') };
  const items: NonNullable<DescriptionsProps['items']> = [
    { key: 'group', label: t('field.userGroup'), children: job.userGroup || '-' },
    { key: 'enqueue', label: t('field.enqueueTime'), children: formatDateTime(job.enqueueTime) },
    { key: 'expectedRun', label: t('field.expectedRunTime'), children: formatSeconds(job.expectedRunTime) },
    { key: 'wait', label: t('field.waitTime'), children: formatSeconds(job.waitTime) },
    { key: 'response', label: t('field.responseTime'), children: formatSeconds(job.responseTime) },
    { key: 'actualRun', label: t('field.actualRunTime'), children: formatSeconds(job.actualRunTime) },
    { key: 'exclusive', label: t('field.exclusive'), children: job.exclusive ? t('yes') : t('no') },
    {
      key: 'cpuTime',
      label: t('field.cpuTime'),
      children: t('cpuTimeWithEfficiency', { time: formatSeconds(job.cpuTime), efficiency: formatPercent(job.cpuEfficiency) }),
    },
    {
      key: 'memoryEfficiency',
      label: t('field.memoryEfficiency'),
      // Unmeasured (no peak from accounting, or no request) shows '-', never 0 %.
      children:
        job.memoryEfficiency === null
          ? '-'
          : t('memoryUsedOfApplied', {
              used: formatMemoryMB(job.memoryUsedMB),
              applied: formatMemoryMB(job.memoryAppliedMB),
              ratio: formatPercent(job.memoryEfficiency),
            }),
    },
    { key: 'cpuHours', label: t('field.cpuHours'), children: formatCoreHours(job.cpuHours, units) },
    { key: 'gpuHours', label: t('field.gpuHours'), children: formatCoreHours(job.gpuHours, units) },
    { key: 'dcuHours', label: t('field.dcuHours'), children: formatCoreHours(job.dcuHours, units) },
    { key: 'coreSeconds', label: t('field.coreCardSeconds'), children: `${job.coreSeconds} / ${job.cardSeconds}` },
  ];
  return (
    <Descriptions
      title={t('section.history')}
      items={items}
      size="small"
      bordered
      column={{ xs: 1, md: 2, xl: 3 }}
      style={{ marginBottom: 24 }}
    />
  );
};
