import type { TFunction } from 'i18next';
import type { AlarmItem } from '@portal/shared';
import { formatMetricValue, metricName } from '../../../lib/metric-units';
import { durationParts, thresholdParts } from './alarm-list-model';

/*
 * An alarm's figures for people, in the reader's language: the metric's name and its values with
 * the unit as the metric backtrack writes them (resources' metric-units), the threshold ("< 2",
 * "outside 10 °C – 20 °C") and how long it lasted ("1 h 5 min").
 */

/** Both namespaces an alarm's texts come from: the list's own and the metrics' names and units. */
export interface AlarmTexts {
  t: TFunction<'alarm-list'>;
  metrics: TFunction<'resources'>;
}

export const durationText = (t: TFunction<'alarm-list'>, seconds: number): string => {
  const { key, values } = durationParts(seconds);
  return t(`duration.${key}`, values);
};

/** The indicator's name; one this console does not know keeps its id. */
export const indicatorName = ({ metrics }: AlarmTexts, alarm: Pick<AlarmItem, 'metricId'>): string =>
  metricName(metrics, alarm.metricId);

/** A value of the alarm's metric with its unit; none is '-'. */
export const alarmValueText = ({ metrics }: AlarmTexts, alarm: Pick<AlarmItem, 'unit'>, value: number | null): string =>
  formatMetricValue(metrics, alarm.unit, value);

/** The condition it was raised on: "< 2", "between 10% and 20%", "outside 1 – 3"; '-' for none (no data). */
export const thresholdText = (
  texts: AlarmTexts,
  alarm: Pick<AlarmItem, 'alarmCondition' | 'threshold' | 'kind' | 'unit'>,
): string => {
  const parts = thresholdParts(alarm, (v) => alarmValueText(texts, alarm, v));
  switch (parts.kind) {
    case 'none':
      return '-';
    case 'compare':
      return `${parts.op} ${parts.value}`;
    case 'range':
      return texts.t(`condition.${parts.op}`, { low: parts.low, high: parts.high });
  }
};

/** The hitting value, or that no samples came. */
export const triggerText = (texts: AlarmTexts, alarm: Pick<AlarmItem, 'kind' | 'unit' | 'metricValue'>): string =>
  alarm.kind === 'noData' ? texts.t('noData') : alarmValueText(texts, alarm, alarm.metricValue);
