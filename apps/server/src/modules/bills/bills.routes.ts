import {
  billDetail,
  billStatistics,
  createPrice,
  deletePrice,
  deposit,
  issueBills,
  listBillingAccounts,
  listBills,
  listLedger,
  listPrices,
  REPORT_SCOPES,
  reissueBill,
  setAccountClass,
  type ReportScope,
} from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import { centsText } from './money.js';
import type { BillsService } from './bills.service.js';

// The contract's schema checked it; its optional-text helper types it as a plain string.
const scopeOf = (s: string): ReportScope => REPORT_SCOPES.find((x) => x === s) ?? 'mine';

/* /jm_report/api/prices, /bills, /billing-accounts (docs/bills.md); every change leaves an audit line naming its target. */
export const registerBillsRoutes = (kit: RouteKit, bills: BillsService) => {
  kit.route(listPrices, ({ query }) => bills.prices.listPrices(query));
  kit.route(createPrice, ({ auth, body, req }) => {
    req.auditInfo.target = `${body.clusterId || '*'}/${body.queue || '*'}/${body.accountClass || '*'} from ${body.effectiveFrom} core ${body.coreHourPrice} card ${body.cardHourPrice}`;
    return bills.prices.createPrice(auth, body);
  });
  kit.route(deletePrice, async ({ params, req }) => {
    req.auditInfo.target = `price ${params.priceId}`;
    const p = await bills.prices.deletePrice(params.priceId);
    req.auditInfo.target = `price ${params.priceId} ${p.cluster_id || '*'}/${p.queue || '*'}/${p.account_class || '*'} from ${p.effective_from}`;
    return null;
  });

  kit.route(billDetail, ({ auth, query }) => bills.reckoning.detail(auth, { ...query, scope: scopeOf(query.scope) }));
  kit.route(billStatistics, ({ auth, query }) => bills.reckoning.statistics(auth, { ...query, scope: scopeOf(query.scope) }));

  kit.route(listBills, ({ auth, query }) => bills.issuing.listBills(auth, { ...query, scope: scopeOf(query.scope) }));
  kit.route(issueBills, async ({ auth, body, req }) => {
    req.auditInfo.target = `${body.period} ${body.accountName ?? 'all accounts'}`;
    const issued = await bills.issuing.issue(auth, body.period, body.accountName);
    req.auditInfo.target = `${body.period} ${issued.map((b) => `${b.accountName}#${b.billId}`).join(' ') || 'none'}`;
    return { issued };
  });
  kit.route(reissueBill, async ({ auth, params, body, req }) => {
    req.auditInfo.target = `bill ${params.billId}`;
    const b = await bills.issuing.reissue(auth, params.billId, body.remark);
    req.auditInfo.target = `bill ${params.billId} → ${b.billId} ${b.accountName} ${b.period} v${b.version}`;
    return b;
  });

  kit.route(listBillingAccounts, ({ auth, query }) =>
    bills.balances.listBillingAccounts(auth, { ...query, scope: query.scope === 'all' ? 'all' : 'mine' }),
  );
  kit.route(setAccountClass, ({ params, body, req }) => {
    req.auditInfo.target = `${params.accountName} class '${body.accountClass}'`;
    return bills.balances.setAccountClass(params.accountName, body.accountClass);
  });
  kit.route(deposit, ({ auth, params, body, req }) => {
    req.auditInfo.target = `${params.accountName} ${centsText(body.amountCents)} ${body.remark}`;
    return bills.balances.deposit(auth, params.accountName, body.amountCents, body.remark);
  });
  kit.route(listLedger, ({ auth, params, query }) => bills.balances.ledger(auth, params.accountName, query));
};
