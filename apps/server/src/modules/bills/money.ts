/*
 * Exact money (docs/bills.md). A price is an integer in ten-thousandths of the currency per hour
 * (e4). An amount is the integer numerator seconds × price_e4, in units of 1/36,000,000 of the
 * currency (3600 s × 10^4); sums stay BigInt and are rounded to cents once, half up.
 */

/** Numerator units per cent: 3600 s × 10^4 / 100. */
export const UNITS_PER_CENT = 360_000n;

/** '12.3456' → 123456 (the contract checked the shape: up to 7 digits and 4 decimals). */
export const priceE4 = (text: string): number => {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
};

/** 123456 → '12.3456' (always four decimals). */
export const priceText = (e4: number | string): string => {
  const n = Number(e4);
  return `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`;
};

/** A bigint column as SQLite (number) or PostgreSQL (string) returns it, or a sum that may be null. */
export const big = (v: number | string | bigint | null | undefined): bigint =>
  v === null || v === undefined ? 0n : typeof v === 'bigint' ? v : BigInt(typeof v === 'number' ? Math.trunc(v) : v);

/** One usage's exact amount. */
export const numeratorOf = (coreSeconds: number, cardSeconds: number, coreE4: number, cardE4: number): bigint =>
  BigInt(coreSeconds) * BigInt(coreE4) + BigInt(cardSeconds) * BigInt(cardE4);

/** To whole cents, half up (away from zero for negatives: -0.5 cent → -1 cent). */
export const toCents = (numerator: bigint): number => {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const cents = (abs + UNITS_PER_CENT / 2n) / UNITS_PER_CENT;
  return Number(negative ? -cents : cents);
};

export const centsToNumerator = (cents: number): bigint => BigInt(cents) * UNITS_PER_CENT;

/** 1234 → '12.34', -5 → '-0.05'. */
export const centsText = (cents: number): string => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
