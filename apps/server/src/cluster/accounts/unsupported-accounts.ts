import type { AccountSyncer } from './types.js';

/**
 * The built-in scheduler keeps no associations: nothing to synchronise (the portal checks
 * accounts and blocks at submission), and it says so.
 */
export const unsupportedAccountSyncer: AccountSyncer = {
  sync: (_desired, { dryRun }) => Promise.resolve({ supported: false, dryRun, changes: [], drift: [], tookMs: 0 }),
};
