import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuotaItem } from '@portal/shared';
import { formatHours, metersOf } from './quota-numbers';

/** A member's own limits in one line: "Core-hours 1.50 / 10 · Card-hours no limit · Running jobs 0 / 2". */
export const MemberQuotaText = ({ quota }: { quota: QuotaItem | undefined }) => {
  const { t } = useTranslation('quotas');
  if (!quota) return <Typography.Text type="secondary">{t('member.none')}</Typography.Text>;
  const m = metersOf(quota);
  const part = (kind: 'coreHours' | 'cardHours' | 'runningJobs', used: string, limit: number | null) =>
    t('member.part', { what: t(`kind.${kind}`), used, limit: limit === null ? t('meter.noLimit') : limit });
  return (
    <Typography.Text type="secondary">
      {[
        part('coreHours', formatHours(m.coreHours.used), m.coreHours.limit),
        part('cardHours', formatHours(m.cardHours.used), m.cardHours.limit),
        part('runningJobs', String(m.runningJobs.used), m.runningJobs.limit),
      ].join(' · ')}
    </Typography.Text>
  );
};
