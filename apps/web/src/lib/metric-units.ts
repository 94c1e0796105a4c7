import type { TFunction } from 'i18next';
import { formatBytes, type MetricUnit } from '@portal/shared';

/*
 * Metric values for people (spec section 9): bytes B to YB in steps of 1024, bytes per second the
 * same per second, percentages, rates, temperatures, power and fan speed with their unit, loads
 * and counts as plain numbers. Shared by the resources' pages (backtrack, asset detail) and the
 * alarm list, so a metric reads the same everywhere.
 */

/** At most two decimals, without trailing zeros: 12, 12.5, 12.35. */
export const plainNumber = (v: number): string => String(Number(v.toFixed(2)));

/** A value with its unit; a missing one (no sample in the step) is '-'. */
export const formatMetricValue = (t: TFunction<'resources'>, unit: MetricUnit, value: number | null): string => {
  if (value === null || !Number.isFinite(value)) return '-';
  switch (unit) {
    case 'bytes':
      return formatBytes(value);
    case 'bytesPerSecond':
      return `${formatBytes(value)}/s`;
    case 'count':
      return String(Math.round(value));
    case 'load':
      return plainNumber(value);
    case 'percent':
    case 'perSecond':
    case 'celsius':
    case 'watts':
    case 'rpm':
      return `${plainNumber(value)}${t(`metrics.suffix.${unit}`)}`;
  }
};

/** The unit as a metric's list entry and chart title show it. */
export const unitLabel = (t: TFunction<'resources'>, unit: MetricUnit): string => t(`metrics.unit.${unit}`);

/** A catalogue metric's name in the user's language; one this console does not know yet keeps its id. */
export const metricName = (t: TFunction<'resources'>, id: string): string => t(`metrics.name.${id}`, { defaultValue: id });

/** The name with its unit, as the metric list and the chart titles show it; loads and counts have none to add. */
export const metricLabel = (t: TFunction<'resources'>, id: string, unit: MetricUnit): string =>
  unit === 'load' || unit === 'count'
    ? metricName(t, id)
    : t('metrics.withUnit', { metric: metricName(t, id), unit: unitLabel(t, unit) });

const NICE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500];

/**
 * A y axis step for bytes that reads well once written in B..YB: 1, 2 or 5 (times ten) of the
 * power of 1024 the largest value falls in, for about five lines; undefined for nothing to draw.
 */
export const binaryInterval = (max: number): number | undefined => {
  if (!Number.isFinite(max) || max <= 0) return undefined;
  let unit = 1;
  while (max / unit >= 1024 && unit < 1024 ** 8) unit *= 1024;
  const scaled = max / unit;
  const step = NICE_STEPS.find((s) => scaled / s <= 6) ?? 500;
  return step * unit;
};

/** The y axis step a unit wants: powers of 1024 for bytes, ECharts' own for the rest. */
export const unitInterval = (unit: MetricUnit, max: number): number | undefined =>
  unit === 'bytes' || unit === 'bytesPerSecond' ? binaryInterval(max) : undefined;
