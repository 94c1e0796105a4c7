import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DAY_FORMAT, RANGE_KINDS, type DayRange, type RangeKind } from '../usage/report-range';
import { isFutureDay } from './date-range';

export interface PeriodTexts {
  /** The preset's name ("This week"). */
  kind: (kind: RangeKind) => string;
  /** The preset choice's and the calendar's accessible names. */
  label: string;
  days: string;
  from: string;
  to: string;
}

interface Props {
  kind: RangeKind;
  range: DayRange;
  /** Today where the days are counted: later days cannot be picked (spec section 5). */
  today: Dayjs;
  texts: PeriodTexts;
  onKind: (kind: RangeKind) => void;
  /** Days picked in the calendar (a custom range). */
  onCustom: (range: DayRange) => void;
  width?: number;
}

/**
 * The spec's time ranges (section 9: one day, week, month, quarter, three months, year, custom):
 * a preset, or whole days picked in the calendar, never after today.
 */
export const PeriodPicker = ({ kind, range, today, texts, onKind, onCustom, width = 160 }: Props) => (
  <>
    <Select<RangeKind>
      aria-label={texts.label}
      value={kind}
      onChange={onKind}
      style={{ width }}
      options={RANGE_KINDS.map((k) => ({ value: k, label: texts.kind(k) }))}
    />
    <DatePicker.RangePicker
      aria-label={texts.days}
      placeholder={[texts.from, texts.to]}
      format={DAY_FORMAT}
      disabledDate={(d) => isFutureDay(d, today)}
      allowClear={false}
      value={[dayjs(range.from), dayjs(range.to)]}
      onChange={(v) => {
        if (v?.[0] && v[1]) onCustom({ from: v[0].format(DAY_FORMAT), to: v[1].format(DAY_FORMAT) });
      }}
      style={{ maxWidth: '100%' }}
    />
  </>
);
