import type { BillTotals } from '@portal/shared';
import { toCents } from './money.js';

/** Figures summed while amounts stay exact numerators; rounded once, in totalsOf. */
export interface Sum {
  jobs: number;
  coreSeconds: number;
  cardSeconds: number;
  numerator: bigint;
}

export const zero = (): Sum => ({ jobs: 0, coreSeconds: 0, cardSeconds: 0, numerator: 0n });

export const add = (into: Sum, s: Sum) => {
  into.jobs += s.jobs;
  into.coreSeconds += s.coreSeconds;
  into.cardSeconds += s.cardSeconds;
  into.numerator += s.numerator;
};

export const totalsOf = (s: Sum): BillTotals => ({
  jobs: s.jobs,
  coreSeconds: s.coreSeconds,
  cardSeconds: s.cardSeconds,
  amountCents: toCents(s.numerator),
});

/** YYYYMM → 'YYYY-MM' and back. */
export const monthText = (ym: number) => `${Math.floor(ym / 100)}-${String(ym % 100).padStart(2, '0')}`;
export const monthNumber = (text: string) => Number(text.replace('-', ''));
export const nextMonth = (ym: number) => (ym % 100 === 12 ? ym + 89 : ym + 1);
