import type { Generated, Selectable } from 'kysely';

/* Tables of migration 0013 (bills, docs/bills.md); db/types.ts assembles them. Amounts are exact numerators (1/36,000,000 of the currency). */

export interface PricesTable {
  id: Generated<number>;
  cluster_id: string;
  queue: string;
  account_class: string;
  core_hour_price_e4: number;
  card_hour_price_e4: number;
  /** YYYYMMDD in the report time zone. */
  effective_from: number;
  remark: string;
  created_at: number;
  created_by: string;
}

export interface BillingAccountsTable {
  account_name: string;
  account_class: string;
  updated_at: number;
}

export interface BillsTable {
  id: Generated<number>;
  /** YYYYMM. */
  period: number;
  account_name: string;
  version: number;
  state: 'issued' | 'superseded';
  currency: string;
  jobs: number;
  core_seconds: number;
  card_seconds: number;
  /** bigint: a string from PostgreSQL. */
  numerator: number | string;
  amount_cents: number;
  issued_at: number;
  issued_by: string;
  remark: string;
  superseded_by: number | null;
}

export interface BillLinesTable {
  id: Generated<number>;
  bill_id: number;
  cluster_id: string;
  job_id: string;
  job_name: string;
  user_name: string;
  account: string;
  queue: string;
  end_at: number;
  cores: number;
  cards: number;
  seconds: number;
  core_seconds: number;
  card_seconds: number;
  core_hour_price_e4: number;
  card_hour_price_e4: number;
  price_id: number | null;
  numerator: number | string;
}

export interface LedgerTable {
  id: Generated<number>;
  account_name: string;
  kind: 'deposit' | 'charge';
  numerator: number | string;
  cluster_id: string | null;
  job_id: string | null;
  job_submit_at: number | null;
  at: number;
  by_user: string;
  remark: string;
}

export type PriceRow = Selectable<PricesTable>;
export type BillRow = Selectable<BillsTable>;
export type BillLineRow = Selectable<BillLinesTable>;
export type LedgerRow = Selectable<LedgerTable>;
