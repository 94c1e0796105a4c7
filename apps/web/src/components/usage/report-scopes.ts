import type { ReportScope } from '@portal/shared';

/** What the signed-in user may choose. */
export interface ScopeRights {
  /** Holds reports:readAll. */
  all: boolean;
  /** Owns at least one account (its PI). */
  accounts: boolean;
}

export const scopesFor = (rights: ScopeRights): ReportScope[] => [
  'mine',
  ...(rights.accounts ? (['accounts'] as const) : []),
  ...(rights.all ? (['all'] as const) : []),
];
