/*
 * What the wiring (services.ts) uses of bills: the ingest's charge, the check at submission
 * (through BillsService) and the cost of a job before it runs.
 */
export type { BillsService } from './bills.service.js';
export { chargeJobs } from './ledger-charges.js';
export { jobCost, type JobToCost } from './job-cost.js';
