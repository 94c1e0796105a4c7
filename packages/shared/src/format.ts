/** Display helpers shared by server and web (spec section 9). */

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** Bytes in B..YB, steps of 1024, two decimals above bytes. */
export const formatBytes = (bytes: number): string => {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(2)} ${BYTE_UNITS[unit]}`;
};

/**
 * Core-hours for display: billions at 1e9 or more, millions at 1e6 or more, two decimals; zero or
 * empty shows 0.00. Billing itself uses integer core-seconds.
 */
export const formatCoreHours = (
  value: number | null | undefined,
  units: { billion: string; million: string } = { billion: 'B', million: 'M' },
): string => {
  if (value == null || !Number.isFinite(value) || value === 0) return '0.00';
  if (Math.abs(value) >= 1e9) return `${(value / 1e9).toFixed(2)}${units.billion}`;
  if (Math.abs(value) >= 1e6) return `${(value / 1e6).toFixed(2)}${units.million}`;
  return value.toFixed(2);
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds as days-hours:minutes:seconds, e.g. 1-02:03:04; under a day hh:mm:ss. */
export const formatDuration = (totalSeconds: number): string => {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86400);
  const hms = `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days}-${hms}` : hms;
};

/** The year of a system version string: the four characters after the last dot. */
export const versionYear = (systemVersion: string): string => {
  const i = systemVersion.lastIndexOf('.');
  return i < 0 ? '' : systemVersion.slice(i + 1, i + 5);
};
