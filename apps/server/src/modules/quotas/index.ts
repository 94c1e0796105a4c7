/* What other modules may use of the quotas module (through the wiring in services.ts). */
export type { QuotaCheck, QuotaFigure, QuotaJob } from './quota-check.js';
export type { QuotasService } from './quotas.service.js';
export type { RunLimitsCache } from './run-limits-cache.js';
