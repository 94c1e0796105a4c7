import { describe, expect, it } from 'vitest';
import { centsOf, formatCents, formatMoney, formatPrice } from './money';

describe('money for display', () => {
  it('writes whole cents with two decimals, separators and sign', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(123456)).toBe('1,234.56');
    expect(formatCents(-250)).toBe('-2.50');
    expect(formatCents(100_000_000_00)).toBe('100,000,000.00');
  });

  it('adds the currency, and a dash for an unknown amount', () => {
    expect(formatMoney(1999, 'CNY')).toBe('19.99 CNY');
    expect(formatMoney(null, 'CNY')).toBe('-');
    expect(formatMoney(undefined, 'CNY')).toBe('-');
  });

  it('reads typed amounts into cents from their digits, without floating point drift', () => {
    expect(centsOf('12.3')).toBe(1230);
    expect(centsOf('0.29')).toBe(29);
    expect(centsOf('1.005')).toBeNull();
    expect(centsOf('-0.05')).toBe(-5);
    expect(centsOf(' 100 ')).toBe(10000);
    expect(centsOf('1e3')).toBeNull();
    expect(centsOf('')).toBeNull();
    expect(centsOf('abc')).toBeNull();
  });

  it('shows prices with four decimals', () => {
    expect(formatPrice('0.05')).toBe('0.0500');
    expect(formatPrice('12')).toBe('12.0000');
    expect(formatPrice('12.3456')).toBe('12.3456');
  });
});
