import { can, ROLE_IDS } from '@portal/shared';

/**
 * Roles that can approve users. The portal always keeps one active account with such a role: the
 * first start creates one when none exists, and the last one cannot be frozen or demoted.
 */
export const APPROVER_ROLES = ROLE_IDS.filter((r) => can(r, 'users:approve'));
