/* What the wiring (services.ts) uses of bills: the ingest's charge and the check at submission (through BillsService). */
export type { BillsService } from './bills.service.js';
export { chargeJobs } from './ledger-charges.js';
