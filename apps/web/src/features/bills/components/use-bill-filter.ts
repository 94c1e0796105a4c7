import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../lib/session';
import { presetRange, todayIn } from '../../../components/usage/report-range';
import { readBillFilter, writeBillFilter, type BillFilterState } from './bill-filter';

/**
 * The filter of bill detail or statistics, read from and written to the address. Days are counted
 * in the server's report time zone: "today" is taken there once an answer names it (`onTimeZone`).
 */
export const useBillFilter = () => {
  const can = useCan();
  const [params, setParams] = useSearchParams();
  // Every user may ask for their accounts' bills (as member or PI); the server narrows it.
  const rights = useMemo(() => ({ all: can('bills:readAll'), accounts: true }), [can]);
  const [timeZone, setTimeZone] = useState<string>();
  const today = todayIn(timeZone);
  const state = readBillFilter(params, rights, today);
  const update = (change: Partial<BillFilterState>) =>
    setParams(writeBillFilter({ ...state, page: 1, ...change }), { replace: true });
  const setPaging = (p: { page: number; pageSize: number }) => setParams(writeBillFilter({ ...state, ...p }), { replace: true });
  const onTimeZone = (zone: string | undefined) => {
    if (zone && zone !== timeZone) setTimeZone(zone);
  };
  const presetFor = (kind: Parameters<typeof presetRange>[0]) => presetRange(kind, today);
  return { state, rights, today, update, setPaging, onTimeZone, presetFor };
};
