/* What other modules may use of the accounts module (through the wiring in services.ts). */
export type { UserAccountsService } from './user-accounts.service.js';
export { ACCOUNT_DISABLED_MESSAGE, accountUnusable } from './account-errors.js';
