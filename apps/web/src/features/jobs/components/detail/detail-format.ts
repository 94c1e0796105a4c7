import { formatBytes, formatDuration } from '@portal/shared';

/** Memory in MB as MB/GB/TB; unknown shows '-'. */
export const formatMemoryMB = (mb: number | null | undefined): string =>
  mb === null || mb === undefined ? '-' : mb === 0 ? '0 MB' : formatBytes(mb * 1024 * 1024);

/** A duration in seconds as d-hh:mm:ss; unknown shows '-'. */
export const formatSeconds = (s: number | null | undefined): string => (s === null || s === undefined ? '-' : formatDuration(s));

/** A 0..1 ratio as a percentage with one decimal; unknown shows '-'. */
export const formatPercent = (ratio: number | null | undefined): string =>
  ratio === null || ratio === undefined || !Number.isFinite(ratio) ? '-' : `${(ratio * 100).toFixed(1)}%`;

/** "applied / occupied" counts. */
export const pair = (applied: number | string, occupied: number | string): string => `${applied} / ${occupied}`;
