import { DatePicker, Flex, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReportScope } from '@portal/shared';
import { isFutureDay } from '../time-range/date-range';
import { DAY_FORMAT, RANGE_KINDS, type DayRange, type RangeKind } from './report-range';

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
      <Select<RangeKind>
        aria-label={t('range.label')}
        value={kind}
        onChange={onKind}
        style={{ width: 160 }}
        options={RANGE_KINDS.map((k) => ({ value: k, label: t(`range.${k}`) }))}
      />
      <DatePicker.RangePicker
        aria-label={t('range.days')}
        placeholder={[t('range.from'), t('range.to')]}
        format={DAY_FORMAT}
        disabledDate={(d) => isFutureDay(d, today)}
        allowClear={false}
        value={[dayjs(range.from), dayjs(range.to)]}
        onChange={(v) => {
          if (v?.[0] && v[1]) onCustom({ from: v[0].format(DAY_FORMAT), to: v[1].format(DAY_FORMAT) });
        }}
        style={{ maxWidth: '100%' }}
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
