import type { TFunction } from 'i18next';
import { formatBytes, isRangeOp, type AlarmSeverity, type ConditionOp, type MetricUnit } from '@portal/shared';

/*
 * Alarm levels for people: the spec's alarm colours by level (section 9), the conditions of
 * section 4 as text ("> 90%", "outside 10 – 20 °C"), with the metric's unit.
 */

/** antd tag palettes by level, from blue (warning) to red (critical); the theme darkens their text to 4.5:1. */
export const SEVERITY_COLORS: Record<AlarmSeverity, string> = {
  warning: 'blue',
  minor: 'gold',
  major: 'orange',
  critical: 'red',
};

/** Translation keys of the operators (keys stay plain words). */
export const OP_KEYS: Record<ConditionOp, string> = {
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
  '==': 'eq',
  '!=': 'ne',
  in: 'in',
  out: 'out',
};

/** At most two decimals, without trailing zeros: 12, 12.5, 12.35. */
const plain = (v: number) => String(Number(v.toFixed(2)));

/**
 * A threshold with its unit: bytes B to YB in steps of 1024 (spec section 9), percentages,
 * temperatures, power and fan speed with theirs, loads and counts plain.
 */
export const formatThreshold = (t: TFunction<'alarms'>, unit: MetricUnit, v: number): string => {
  switch (unit) {
    case 'bytes':
      return v > 0 ? formatBytes(v) : `${plain(v)} B`;
    case 'bytesPerSecond':
      return `${v > 0 ? formatBytes(v) : `${plain(v)} B`}/s`;
    case 'percent':
    case 'perSecond':
    case 'celsius':
    case 'watts':
    case 'rpm':
      return `${plain(v)}${t(`resources:metrics.suffix.${unit}`)}`;
    case 'load':
    case 'count':
      return plain(v);
  }
};

export interface LevelLike {
  op: ConditionOp;
  value?: number | undefined;
  low?: number | undefined;
  high?: number | undefined;
}

/** A level's condition: "> 90%", "between 10 and 20", "outside 10 – 20" (the bounds count as in). */
export const conditionText = (t: TFunction<'alarms'>, level: LevelLike, unit: MetricUnit): string => {
  const f = (v: number | undefined) => (v === undefined ? '?' : formatThreshold(t, unit, v));
  if (isRangeOp(level.op)) return t(`condition.${level.op}`, { low: f(level.low), high: f(level.high) });
  return `${level.op} ${f(level.value)}`;
};

/** A level in a sentence: "Critical > 90%". */
export const levelText = (t: TFunction<'alarms'>, level: LevelLike & { severity: AlarmSeverity }, unit: MetricUnit) =>
  t('level', { severity: t(`severity.${level.severity}`), condition: conditionText(t, level, unit) });

/** A catalogue metric's name in the user's language (the metric backtrack's names); one not known keeps its id. */
export const metricName = (t: TFunction<'alarms'>, id: string): string => t(`resources:metrics.name.${id}`, { defaultValue: id });

/** The unit a threshold is typed in, shown beside its field; none for loads and counts. */
export const unitSuffix = (t: TFunction<'alarms'>, unit: MetricUnit): string | undefined =>
  unit === 'load' || unit === 'count' ? undefined : t(`resources:metrics.unit.${unit}`);
