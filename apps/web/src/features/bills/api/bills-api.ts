import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  reissueBill,
  setAccountClass,
  type BillGroup,
  type CreatePriceBody,
  type ReportScope,
} from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The range, scope and filters of bill detail and statistics, as the API takes them. */
export interface BillFilterQuery {
  from: string;
  to: string;
  scope: ReportScope;
  clusterId?: string;
  account?: string;
  user?: string;
  queue?: string;
}

interface Paged {
  pageStart: number;
  pageLimit: number;
}

export const billDetailQuery = (q: BillFilterQuery & Paged & { billId?: string }) =>
  queryOptions({
    queryKey: ['bills', 'detail', q],
    queryFn: ({ signal }) => api(billDetail, { query: q, signal }),
  });

export const billStatisticsQuery = (q: BillFilterQuery & Paged & { groupBy: BillGroup }) =>
  queryOptions({
    queryKey: ['bills', 'statistics', q],
    queryFn: ({ signal }) => api(billStatistics, { query: q, signal }),
  });

export interface BillsFilter extends Paged {
  scope: ReportScope;
  period?: string;
  account?: string;
  state?: 'issued' | 'superseded';
}

export const billsQuery = (q: BillsFilter) =>
  queryOptions({ queryKey: ['bills', 'list', q], queryFn: ({ signal }) => api(listBills, { query: q, signal }) });

export const billingAccountsQuery = (q: Paged & { scope: 'mine' | 'all'; accountName?: string }) =>
  queryOptions({
    queryKey: ['bills', 'accounts', q],
    queryFn: ({ signal }) => api(listBillingAccounts, { query: q, signal }),
  });

export const ledgerQuery = (accountName: string, q: Paged) =>
  queryOptions({
    queryKey: ['bills', 'ledger', accountName, q],
    queryFn: ({ signal }) => api(listLedger, { params: { accountName }, query: q, signal }),
  });

export const pricesQuery = (q: Paged & { clusterId?: string; queue?: string; accountClass?: string }) =>
  queryOptions({ queryKey: ['bills', 'prices', q], queryFn: ({ signal }) => api(listPrices, { query: q, signal }) });

// The previous answer stays on screen while a new range, filter or page loads.
const keep = { placeholderData: keepPreviousData };
export const useBillDetail = (q: Parameters<typeof billDetailQuery>[0]) => useQuery({ ...billDetailQuery(q), ...keep });
export const useBillStatistics = (q: Parameters<typeof billStatisticsQuery>[0]) =>
  useQuery({ ...billStatisticsQuery(q), ...keep });
export const useBills = (q: BillsFilter) => useQuery({ ...billsQuery(q), ...keep });
export const useBillingAccounts = (q: Parameters<typeof billingAccountsQuery>[0]) =>
  useQuery({ ...billingAccountsQuery(q), ...keep });
export const useLedger = (accountName: string, q: Paged) => useQuery({ ...ledgerQuery(accountName, q), ...keep });
export const usePrices = (q: Parameters<typeof pricesQuery>[0]) => useQuery({ ...pricesQuery(q), ...keep });

/** A change to bills, prices or balances: every bills answer is read again afterwards. */
const useBillsMutation = <V, R>(fn: (v: V) => Promise<R>) => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['bills'] }) });
};

export const useIssueBills = () =>
  useBillsMutation((body: { period: string; accountName?: string }) => api(issueBills, { body }));
export const useReissueBill = () =>
  useBillsMutation((v: { billId: number; remark: string }) =>
    api(reissueBill, { params: { billId: v.billId }, body: { remark: v.remark } }),
  );
export const useSetAccountClass = () =>
  useBillsMutation((v: { accountName: string; accountClass: string }) =>
    api(setAccountClass, { params: { accountName: v.accountName }, body: { accountClass: v.accountClass } }),
  );
export const useDeposit = () =>
  useBillsMutation((v: { accountName: string; amountCents: number; remark: string }) =>
    api(deposit, { params: { accountName: v.accountName }, body: { amountCents: v.amountCents, remark: v.remark } }),
  );
export const useCreatePrice = () => useBillsMutation((body: CreatePriceBody) => api(createPrice, { body }));
export const useDeletePrice = () => useBillsMutation((priceId: number) => api(deletePrice, { params: { priceId } }));
