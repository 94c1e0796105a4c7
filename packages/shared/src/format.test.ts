import { describe, expect, it } from 'vitest';
import { formatBytes, formatCoreHours, formatDuration, versionYear } from './format.js';

/* Spec section 9: unit conversion B to YB in steps of 1024; core-hour display; durations. */

describe('formatBytes (B..YB in steps of 1024)', () => {
  it.each<[bytes: number, expected: string]>([
    [1, '1 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1024 ** 2, '1.00 MB'],
    [2.5 * 1024 ** 2, '2.50 MB'],
    [1024 ** 3, '1.00 GB'],
    [1024 ** 4, '1.00 TB'],
    [1024 ** 5, '1.00 PB'],
    [1024 ** 6, '1.00 EB'],
    [1024 ** 7, '1.00 ZB'],
    [1024 ** 8, '1.00 YB'],
    [3 * 1024 ** 8, '3.00 YB'],
    // YB is the largest unit: bigger values stay in YB
    [1024 ** 9, '1024.00 YB'],
  ])('%d → %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it('steps through every unit once', () => {
    const units = Array.from({ length: 9 }, (_, i) => formatBytes(1024 ** i).split(' ')[1]);
    expect(units).toEqual(['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB']);
  });

  it.each<[bytes: number, why: string]>([
    [0, 'zero'],
    [-1, 'negative'],
    [-(1024 ** 3), 'negative gigabyte'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'infinity'],
    [Number.NEGATIVE_INFINITY, 'negative infinity'],
  ])('%d (%s) → 0 B', (bytes) => {
    expect(formatBytes(bytes)).toBe('0 B');
  });
});

describe('formatCoreHours (1e9 billions, 1e6 millions, two decimals)', () => {
  it.each<[value: number | null | undefined, expected: string]>([
    [0, '0.00'],
    [null, '0.00'],
    [undefined, '0.00'],
    [Number.NaN, '0.00'],
    [Number.POSITIVE_INFINITY, '0.00'],
    [1, '1.00'],
    [12.5, '12.50'],
    [0.004, '0.00'],
    [999_999, '999999.00'],
    [999_999.99, '999999.99'],
    [1_000_000, '1.00M'],
    [1_234_567, '1.23M'],
    [999_990_000, '999.99M'],
    [1_000_000_000, '1.00B'],
    [1_500_000_000, '1.50B'],
    [2.5e12, '2500.00B'],
    [-5, '-5.00'],
    [-1_000_000, '-1.00M'],
    [-2_000_000_000, '-2.00B'],
  ])('%s → %s', (value, expected) => {
    expect(formatCoreHours(value)).toBe(expected);
  });

  it('uses the given unit texts', () => {
    const units = { billion: ' bn', million: ' mn' };
    expect(formatCoreHours(3_000_000, units)).toBe('3.00 mn');
    expect(formatCoreHours(4_000_000_000, units)).toBe('4.00 bn');
    expect(formatCoreHours(42, units)).toBe('42.00');
    expect(formatCoreHours(0, units)).toBe('0.00');
  });
});

describe('formatDuration (d-hh:mm:ss, hh:mm:ss under a day)', () => {
  it.each<[seconds: number, expected: string]>([
    [0, '00:00:00'],
    [1, '00:00:01'],
    [59, '00:00:59'],
    [60, '00:01:00'],
    [3599, '00:59:59'],
    [3600, '01:00:00'],
    [3661, '01:01:01'],
    [86399, '23:59:59'],
    [86400, '1-00:00:00'],
    [90061, '1-01:01:01'],
    [172799, '1-23:59:59'],
    [172800, '2-00:00:00'],
    [100 * 86400, '100-00:00:00'],
    [1_000_000_000, '11574-01:46:40'],
  ])('%d s → %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it.each<[seconds: number, expected: string]>([
    [59.9, '00:00:59'],
    [86400.5, '1-00:00:00'],
    [-1, '00:00:00'],
    [-86400, '00:00:00'],
  ])('floors fractions and clamps negatives: %d → %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('versionYear (four characters after the last dot)', () => {
  it.each<[version: string, expected: string]>([
    ['HPC Portal V1.0.0.2026', '2026'],
    ['V1.0.2023', '2023'],
    ['6.1.20230815', '2023'],
    ['x.20', '20'],
    ['1.2.', ''],
    ['no dots', ''],
    ['', ''],
  ])('%j → %j', (version, expected) => {
    expect(versionYear(version)).toBe(expected);
  });
});
