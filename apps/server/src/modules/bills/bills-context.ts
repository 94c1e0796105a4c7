import { can, type ReportScope } from '@portal/shared';
import type { Auth } from '../../lib/auth.js';
import { readAllRequired } from '../reports/index.js';

/** What bills need of the accounts module. */
export interface BillAccounts {
  ownedAccountNames(userId: number): Promise<string[]>;
  accountsOf(userId: number): Promise<{ names: string[] }>;
}

export interface BillingConfig {
  balances: boolean;
  currency: string;
}

export type Paging = { pageStart: number; pageLimit: number };

/** The accounts a caller's list shows: undefined for all (read-all), else member or owner ('mine') or owner ('accounts'). */
export const visibleAccounts = async (accounts: BillAccounts, auth: Auth, scope: ReportScope): Promise<string[] | undefined> => {
  if (scope === 'all') {
    if (!can(auth.user.roleId, 'bills:readAll')) throw readAllRequired('bills:readAll');
    return undefined;
  }
  const owned = await accounts.ownedAccountNames(auth.user.id);
  if (scope === 'accounts') return owned;
  return [...new Set([...(await accounts.accountsOf(auth.user.id)).names, ...owned])];
};
