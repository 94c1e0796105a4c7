import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuotaItem } from '@portal/shared';
import { metersOf } from './quota-numbers';
import { QuotaMeter } from './QuotaMeter';

/** A quota's core-hours, card-hours and running jobs; no quota at all reads "No limits set". */
export const QuotaSummary = ({ quota }: { quota: QuotaItem | undefined }) => {
  const { t } = useTranslation('quotas');
  if (!quota) return <Typography.Text type="secondary">{t('noQuota')}</Typography.Text>;
  const m = metersOf(quota);
  return (
    <Flex vertical gap={10}>
      <QuotaMeter kind="coreHours" {...m.coreHours} />
      <QuotaMeter kind="cardHours" {...m.cardHours} />
      <QuotaMeter kind="runningJobs" {...m.runningJobs} />
    </Flex>
  );
};
