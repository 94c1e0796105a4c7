import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput, zInt, zOptionalText } from '../input.js';
import { AccountName, AccountNameParams } from './accounts.js';
import { ClusterId, OptionalClusterId, Timestamp } from './common.js';
import { REPORT_SCOPES, ReportDay, UsageFilter } from './reports.js';

/*
 * Bills (spec sections 1 and 2: "Reports and bills", /my-report/my-bill-detail and
 * /my-report/my-bill-statistics in the Cost menu). docs/bills.md has the rules:
 * - Usage is billed in integer core- and card-seconds, by the job's end day in the report time zone.
 * - A price is per core-hour and per card-hour, for a queue and/or an account class on a cluster,
 *   from an effective day; the most specific matching price in force on the job's end day applies.
 * - Money is exact until a bill total: a bill's amount is its lines' exact sum rounded once, half
 *   up, to the cent. A line's `amountCents` is that line rounded for display only.
 * - A month's bill for an account is issued once, then immutable: it keeps its lines and prices. A
 *   re-issue makes a new version and keeps the old one (superseded).
 * - Where the centre bills in money (`billing.balances: true`), each finished job charges its
 *   account at job end; an account without balance cannot submit (the message says so).
 */

/** A price per hour in the currency, up to four decimals ('0.05', '12.3456'). */
export const Price = z.string().regex(/^\d{1,7}(\.\d{1,4})?$/, 'not a price (a number with up to 4 decimals)');

/** A calendar month in the report time zone. */
export const BillPeriod = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'not a month (YYYY-MM)');

/** An account class groups accounts under one price (e.g. 'internal', 'external'); '' is none. */
export const AccountClass = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'not an account class');

/** Money in whole cents of `currency`. */
const Cents = z.number().int();

export const PriceItem = z.object({
  priceId: z.number().int(),
  /** '' for every cluster. */
  clusterId: z.string(),
  /** '' for every queue. */
  queue: z.string(),
  /** '' for every account class. */
  accountClass: z.string(),
  /** Per core-hour, four decimals ('0.0500'). */
  coreHourPrice: z.string(),
  /** Per card-hour (GPU/DCU), four decimals. */
  cardHourPrice: z.string(),
  /** In force from this day (report time zone) until a later price for the same target. */
  effectiveFrom: ReportDay,
  remark: z.string(),
  createdAt: Timestamp,
  createdBy: z.string(),
});
export type PriceItem = z.infer<typeof PriceItem>;

export const PricesQuery = PagingInput.extend({
  clusterId: OptionalClusterId,
  queue: zOptionalText(z.string().max(64)),
  accountClass: zOptionalText(AccountClass),
});

export const PriceList = Page(PriceItem).extend({ currency: z.string() });

export const listPrices = defineContract({
  id: 'bills.listPrices',
  method: 'GET',
  path: '/jm_report/api/prices',
  permission: 'bills:read',
  summary: 'Prices per core-hour and card-hour by cluster, queue and account class, with the day each takes effect',
  query: PricesQuery,
  data: PriceList,
});

export const CreatePriceBody = z.object({
  clusterId: zOptionalText(ClusterId).transform((v) => v ?? ''),
  queue: zOptionalText(z.string().min(1).max(64)).transform((v) => v ?? ''),
  accountClass: zOptionalText(AccountClass).transform((v) => v ?? ''),
  coreHourPrice: Price,
  cardHourPrice: Price,
  /** Not inside a month whose bills are issued (a new price never rewrites a bill). */
  effectiveFrom: ReportDay,
  remark: zOptionalText(z.string().max(128)).transform((v) => v ?? ''),
});
export type CreatePriceBody = z.input<typeof CreatePriceBody>;

export const createPrice = defineContract({
  id: 'bills.createPrice',
  method: 'POST',
  path: '/jm_report/api/prices',
  permission: 'bills:manage',
  summary: 'Add a price from an effective day (the same target and day twice is refused)',
  body: CreatePriceBody,
  data: PriceItem,
});

export const PriceParams = z.object({ priceId: zInt() });

export const deletePrice = defineContract({
  id: 'bills.deletePrice',
  method: 'DELETE',
  path: '/jm_report/api/prices/:priceId',
  permission: 'bills:manage',
  summary: 'Remove a price that no issued bill used (one taking effect after the last issued month)',
  params: PriceParams,
  data: z.null(),
});

/** The range, scope and filters of bill detail and statistics: those of usage reports. */
export const BillFilter = UsageFilter;

export const BillTotals = z.object({
  jobs: z.number().int().nonnegative(),
  coreSeconds: z.number().int().nonnegative(),
  cardSeconds: z.number().int().nonnegative(),
  /** The exact sum rounded once, half up. */
  amountCents: Cents,
});
export type BillTotals = z.infer<typeof BillTotals>;

export const BillLine = z.object({
  jobId: z.string(),
  clusterId: z.string(),
  jobName: z.string(),
  user: z.string(),
  account: z.string(),
  queue: z.string(),
  endedAt: Timestamp,
  cores: z.number().int().nonnegative(),
  cards: z.number().int().nonnegative(),
  /** Run time in seconds. */
  seconds: z.number().int().nonnegative(),
  coreSeconds: z.number().int().nonnegative(),
  cardSeconds: z.number().int().nonnegative(),
  coreHourPrice: z.string(),
  cardHourPrice: z.string(),
  /** The price applied (null: no price matched; the line costs nothing and says so). */
  priceId: z.number().int().nullable(),
  /** This line alone, rounded for display; the total is not the sum of these. */
  amountCents: Cents,
});
export type BillLine = z.infer<typeof BillLine>;

export const BillDetailQuery = BillFilter.extend(PagingInput.shape).extend({
  /** An issued bill's stored lines instead of today's reckoning of the range (from/to are then ignored). */
  billId: zOptionalText(z.string().regex(/^\d+$/)).transform((v) => (v === undefined ? undefined : Number(v))),
});

export const BillDetail = Page(BillLine).extend({
  currency: z.string(),
  timeZone: z.string(),
  from: ReportDay,
  to: ReportDay,
  /** Every line's, not only the page's. */
  totals: BillTotals,
});
export type BillDetail = z.infer<typeof BillDetail>;

export const billDetail = defineContract({
  id: 'bills.billDetail',
  method: 'GET',
  path: '/jm_report/api/bills/detail',
  permission: 'bills:read',
  summary: 'Per finished job: cores, cards, seconds, price and amount, over whole days or of one issued bill, newest end first',
  query: BillDetailQuery,
  data: BillDetail,
});

export const BILL_GROUPS = ['month', 'account', 'user', 'queue', 'cluster'] as const;
export type BillGroup = (typeof BILL_GROUPS)[number];

export const BillStatisticsQuery = BillFilter.extend(PagingInput.shape).extend({
  groupBy: z.enum(BILL_GROUPS),
});

export const BillStatisticsRow = BillTotals.extend({
  /** The month (YYYY-MM), account, user, queue or cluster id. */
  key: z.string(),
});
export type BillStatisticsRow = z.infer<typeof BillStatisticsRow>;

export const BillStatistics = Page(BillStatisticsRow).extend({
  currency: z.string(),
  timeZone: z.string(),
  from: ReportDay,
  to: ReportDay,
  totals: BillTotals,
});
export type BillStatistics = z.infer<typeof BillStatistics>;

export const billStatistics = defineContract({
  id: 'bills.billStatistics',
  method: 'GET',
  path: '/jm_report/api/bills/statistics',
  permission: 'bills:read',
  summary:
    'Amounts, jobs, core- and card-seconds per month, account, user, queue or cluster over whole days, largest amount first',
  query: BillStatisticsQuery,
  data: BillStatistics,
});

export const BILL_STATES = ['issued', 'superseded'] as const;

export const BillItem = BillTotals.extend({
  billId: z.number().int(),
  period: BillPeriod,
  accountName: z.string(),
  /** 1 for the first issue; a re-issue adds one. */
  version: z.number().int().positive(),
  state: z.enum(BILL_STATES),
  currency: z.string(),
  issuedAt: Timestamp,
  issuedBy: z.string(),
  /** Why it was re-issued ('' for a first issue). */
  remark: z.string(),
  /** The bill that replaced this one (superseded only). */
  supersededBy: z.number().int().nullable(),
});
export type BillItem = z.infer<typeof BillItem>;

export const BillsQuery = PagingInput.extend({
  scope: zOptionalText(z.enum(REPORT_SCOPES)).transform((v) => v ?? 'mine'),
  period: zOptionalText(BillPeriod),
  account: zOptionalText(z.string().max(64)),
  state: zOptionalText(z.enum(BILL_STATES)),
});

export const listBills = defineContract({
  id: 'bills.listBills',
  method: 'GET',
  path: '/jm_report/api/bills',
  permission: 'bills:read',
  summary: "Issued monthly bills (and the versions they replaced), newest month first: the caller's accounts' or all",
  query: BillsQuery,
  data: Page(BillItem),
});

export const IssueBillsBody = z.object({
  /** A month that has ended in the report time zone. */
  period: BillPeriod,
  /** One account, or every account with usage in the month that has no bill yet. */
  accountName: zOptionalText(AccountName),
});

export const IssuedBills = z.object({ issued: z.array(BillItem) });

export const issueBills = defineContract({
  id: 'bills.issueBills',
  method: 'POST',
  path: '/jm_report/api/bills',
  permission: 'bills:manage',
  summary:
    'Close a month: issue its bill to one account or to every account with usage and no bill yet (an issued bill is never rewritten)',
  body: IssueBillsBody,
  data: IssuedBills,
});

export const BillParams = z.object({ billId: zInt() });

export const ReissueBillBody = z.object({ remark: z.string().trim().min(1).max(128) });

export const reissueBill = defineContract({
  id: 'bills.reissueBill',
  method: 'POST',
  path: '/jm_report/api/bills/:billId/reissue',
  permission: 'bills:manage',
  summary:
    "Re-issue a month's bill from today's accounting and the prices then in force: a new version; the old one is kept as superseded",
  params: BillParams,
  body: ReissueBillBody,
  data: BillItem,
});

export const BillingAccountItem = z.object({
  accountName: z.string(),
  /** The account's owner (PI). */
  owner: z.string(),
  accountClass: z.string(),
  /** null where the centre does not bill in money (`billing.balances` off). */
  balanceCents: Cents.nullable(),
  /** The month of its latest issued bill, or null. */
  lastBilledPeriod: BillPeriod.nullable(),
});
export type BillingAccountItem = z.infer<typeof BillingAccountItem>;

export const BillingAccountsQuery = PagingInput.extend({
  scope: zOptionalText(z.enum(['mine', 'all'])).transform((v) => v ?? 'mine'),
  accountName: zOptionalText(z.string().max(64)),
});

export const BillingAccounts = Page(BillingAccountItem).extend({ currency: z.string(), balances: z.boolean() });

export const listBillingAccounts = defineContract({
  id: 'bills.listBillingAccounts',
  method: 'GET',
  path: '/jm_report/api/billing-accounts',
  permission: 'bills:read',
  summary: "Accounts' class and balance: the caller's accounts (as member or owner) or all",
  query: BillingAccountsQuery,
  data: BillingAccounts,
});

export const SetAccountClassBody = z.object({ accountClass: zOptionalText(AccountClass).transform((v) => v ?? '') });

export const setAccountClass = defineContract({
  id: 'bills.setAccountClass',
  method: 'PUT',
  path: '/jm_report/api/billing-accounts/:accountName',
  permission: 'bills:manage',
  summary: "Set an account's class (its prices from now on; issued bills keep theirs)",
  params: AccountNameParams,
  body: SetAccountClassBody,
  data: BillingAccountItem,
});

export const DepositBody = z.object({
  /** Cents added (negative: a correction that takes money back). */
  amountCents: zInt().pipe(
    z
      .number()
      .int()
      .min(-1_000_000_000_00)
      .max(1_000_000_000_00)
      .refine((v) => v !== 0, 'not zero'),
  ),
  remark: z.string().trim().min(1).max(128),
});

export const LEDGER_KINDS = ['deposit', 'charge'] as const;

export const LedgerEntry = z.object({
  entryId: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** Positive adds to the balance; a charge is negative (rounded for display: the balance is exact). */
  amountCents: Cents,
  /** The charged job (charges only). */
  jobId: z.string().nullable(),
  clusterId: z.string().nullable(),
  at: Timestamp,
  by: z.string(),
  remark: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const deposit = defineContract({
  id: 'bills.deposit',
  method: 'POST',
  path: '/jm_report/api/billing-accounts/:accountName/deposits',
  permission: 'bills:manage',
  summary: "Add money to an account's balance (or take it back with a negative amount), with a remark",
  params: AccountNameParams,
  body: DepositBody,
  data: BillingAccountItem,
});

export const listLedger = defineContract({
  id: 'bills.listLedger',
  method: 'GET',
  path: '/jm_report/api/billing-accounts/:accountName/ledger',
  permission: 'bills:read',
  summary: "An account's deposits and job charges, newest first (its members, owner, or who reads all)",
  params: AccountNameParams,
  query: PagingInput,
  data: Page(LedgerEntry).extend({ currency: z.string(), balanceCents: Cents }),
});
