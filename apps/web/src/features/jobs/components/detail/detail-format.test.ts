import { describe, expect, it } from 'vitest';
import { formatMemoryMB, formatPercent, formatSeconds } from './detail-format';

describe('job detail formats', () => {
  it('shows memory in MB or GB', () => {
    expect(formatMemoryMB(512)).toBe('512.00 MB');
    expect(formatMemoryMB(2048)).toBe('2.00 GB');
    expect(formatMemoryMB(0)).toBe('0 MB');
    expect(formatMemoryMB(null)).toBe('-');
  });

  it('shows durations as d-hh:mm:ss', () => {
    expect(formatSeconds(93784)).toBe('1-02:03:04');
    expect(formatSeconds(59)).toBe('00:00:59');
    expect(formatSeconds(null)).toBe('-');
  });

  it('shows CPU efficiency as a percentage', () => {
    expect(formatPercent(0.8734)).toBe('87.3%');
    expect(formatPercent(null)).toBe('-');
  });
});
