import { Flex, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReportScope } from '@portal/shared';
import { PeriodPicker } from '../time-range/PeriodPicker';
import type { DayRange, RangeKind } from './report-range';

interface Props {
  kind: RangeKind;
  range: DayRange;
  scope: ReportScope;
  scopes: ReportScope[];
  /** Today in the report time zone: later days cannot be picked. */
  today: Dayjs;
  onKind: (kind: RangeKind) => void;
  onCustom: (range: DayRange) => void;
  onScope: (scope: ReportScope) => void;
}

/** The range (a preset, or days picked in the calendar) and whose jobs the report counts. */
export const ReportToolbar = ({ kind, range, scope, scopes, today, onKind, onCustom, onScope }: Props) => {
  const { t } = useTranslation('reports');
  return (
    <Flex gap={12} wrap align="center">
      <PeriodPicker
        kind={kind}
        range={range}
        today={today}
        onKind={onKind}
        onCustom={onCustom}
        texts={{
          kind: (k) => t(`range.${k}`),
          label: t('range.label'),
          days: t('range.days'),
          from: t('range.from'),
          to: t('range.to'),
        }}
      />
      {scopes.length > 1 && (
        <Radio.Group
          aria-label={t('scope.label')}
          optionType="button"
          value={scope}
          onChange={(e) => onScope(e.target.value as ReportScope)}
          options={scopes.map((s) => ({ value: s, label: t(`scope.${s}`) }))}
        />
      )}
    </Flex>
  );
};
