import { formatBytes, type EfficiencyHint, type ReportScope } from '@portal/shared';

/** A ratio as a whole percentage; a little use shows '<1%' (not 0 %), nothing measured '-'. */
export const formatRatio = (ratio: number | null | undefined): string => {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '-';
  return ratio > 0 && ratio < 0.005 ? '<1%' : `${Math.round(ratio * 100)}%`;
};

/**
 * The translation key and values of a hint: one's own jobs are "your jobs", a PI's or everyone's
 * "these jobs"; notMeasured counts jobs (plural forms), the others are percentages.
 */
export const hintText = (scope: ReportScope, hint: EfficiencyHint): { key: string; values: Record<string, number> } => ({
  key: `efficiency.hint.${scope === 'mine' ? 'mine' : 'others'}.${hint.code}`,
  values: hint.code === 'notMeasured' ? { count: hint.value } : { value: hint.value },
});

/** MiB as MB/GB/TB. */
export const formatMB = (mb: number): string => (mb === 0 ? '0 MB' : formatBytes(mb * 1024 * 1024));
