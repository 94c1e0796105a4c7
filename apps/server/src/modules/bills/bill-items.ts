import type { BillItem, BillLine, LedgerEntry, PriceItem } from '@portal/shared';
import type { BillLineRow, BillRow, LedgerRow, PriceRow } from '../../db/types.js';
import { iso } from '../../lib/time.js';
import { dayText } from '../../lib/zone-days.js';
import { monthText } from './bill-sums.js';
import { big, priceText, toCents } from './money.js';

/* Stored rows as the API shows them. */

export const priceItem = (p: PriceRow): PriceItem => ({
  priceId: Number(p.id),
  clusterId: p.cluster_id,
  queue: p.queue,
  accountClass: p.account_class,
  coreHourPrice: priceText(p.core_hour_price_e4),
  cardHourPrice: priceText(p.card_hour_price_e4),
  effectiveFrom: dayText(Number(p.effective_from)),
  remark: p.remark,
  createdAt: iso(Number(p.created_at)),
  createdBy: p.created_by,
});

export const billItem = (b: BillRow): BillItem => ({
  billId: Number(b.id),
  period: monthText(Number(b.period)),
  accountName: b.account_name,
  version: Number(b.version),
  state: b.state,
  currency: b.currency,
  issuedAt: iso(Number(b.issued_at)),
  issuedBy: b.issued_by,
  remark: b.remark,
  supersededBy: b.superseded_by === null ? null : Number(b.superseded_by),
  jobs: Number(b.jobs),
  coreSeconds: Number(b.core_seconds),
  cardSeconds: Number(b.card_seconds),
  amountCents: Number(b.amount_cents),
});

export const storedLine = (l: BillLineRow): BillLine => ({
  jobId: l.job_id,
  clusterId: l.cluster_id,
  jobName: l.job_name,
  user: l.user_name,
  account: l.account,
  queue: l.queue,
  endedAt: iso(Number(l.end_at)),
  cores: Number(l.cores),
  cards: Number(l.cards),
  seconds: Number(l.seconds),
  coreSeconds: Number(l.core_seconds),
  cardSeconds: Number(l.card_seconds),
  coreHourPrice: priceText(l.core_hour_price_e4),
  cardHourPrice: priceText(l.card_hour_price_e4),
  priceId: l.price_id === null ? null : Number(l.price_id),
  amountCents: toCents(big(l.numerator)),
});

export const ledgerEntry = (e: LedgerRow): LedgerEntry => ({
  entryId: Number(e.id),
  kind: e.kind,
  amountCents: toCents(big(e.numerator)),
  jobId: e.job_id,
  clusterId: e.cluster_id,
  at: iso(Number(e.at)),
  by: e.by_user,
  remark: e.remark,
});
