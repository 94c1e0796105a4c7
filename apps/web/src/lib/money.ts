/*
 * Money in the console (bills, the submit estimate). The server counts in whole cents and rounds a
 * bill's total once (half up) from the exact sum of its lines; the console never adds rounded line
 * amounts itself.
 */

/** Whole cents as an amount with two decimals and thousands separators ('-1,234.50'). */
export const formatCents = (cents: number, locale = 'en'): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const units = Math.floor(abs / 100).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');
  return `${sign}${units}.${String(abs % 100).padStart(2, '0')}`;
};

/** An amount with its currency ('12.34 CNY'); none ('-') when the amount is unknown. */
export const formatMoney = (cents: number | null | undefined, currency: string, locale = 'en'): string =>
  cents == null ? '-' : `${formatCents(cents, locale)} ${currency}`.trim();

/** An amount typed in the currency: optional minus, digits, up to two decimals. */
export const AMOUNT_PATTERN = /^-?\d{1,9}(\.\d{1,2})?$/;

/**
 * A typed amount ('12.3', '-0.05') as whole cents, read from its digits (no floating point), or
 * null when it is not an amount with up to two decimals.
 */
export const centsOf = (text: string): number | null => {
  const t = text.trim();
  if (!AMOUNT_PATTERN.test(t)) return null;
  const negative = t.startsWith('-');
  const [units = '0', fraction = ''] = t.replace('-', '').split('.');
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
};

/** A price per hour typed with up to four decimals ('0.05', '12.3456'), as the API takes it. */
export const PRICE_PATTERN = /^\d{1,7}(\.\d{1,4})?$/;

/** A price as four decimals for display ('0.05' → '0.0500'), from its digits. */
export const formatPrice = (price: string): string => {
  if (!PRICE_PATTERN.test(price)) return price;
  const [units = '0', fraction = ''] = price.split('.');
  return `${units}.${fraction.padEnd(4, '0')}`;
};
