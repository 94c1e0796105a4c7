import { allContracts } from './api/all.js';
import { isAuditedContract } from './contract.js';

/**
 * Audit actions that are not a contract's id: work the portal does on its own, and refusals a
 * route records under their own name. The server writes them from here, so the list is complete.
 */
export const SystemAuditAction = {
  /** Installing a user's account on a cluster failed (no request behind it). */
  provisionUser: 'provisionUser',
  /** A path outside the user's folders was asked for, on any file route, reads included. */
  pathRefused: 'files.pathRefused',
} as const;

/**
 * Every action id the audit log can hold: the audited contracts' ids and the system actions.
 * The web's action names are tested against this list, so a new action cannot show up as a raw id.
 */
export const auditedActionIds = (): string[] => [
  ...allContracts.filter(isAuditedContract).map((c) => c.id),
  ...Object.values(SystemAuditAction),
];
