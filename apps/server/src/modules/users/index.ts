/* What other modules may use of the users module. */
export { assertConfirmation, assertPasswordStrength } from './password-policy.js';
export { burnPasswordCheck, verifyPassword } from './password.js';
export type { UserDirectory } from './user-directory.js';
export type { UserProvisioner } from './provisioner.js';
export type { UserPlacement, UserPlacements } from './user-placement.js';
