/* What other modules may use of the licence. */
export type { LicenseService } from './license.service.js';
