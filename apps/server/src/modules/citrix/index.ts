/* What other modules may use of Citrix (nothing: the routes are its only callers). */
export type { CitrixService } from './citrix.service.js';
