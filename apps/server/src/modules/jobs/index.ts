/* What other modules may use of jobs: scheduler calls answered in the portal's words (queues, applications). */
export type { JobsService } from './jobs.service.js';
export type { SubmitRequest } from './job-actions.service.js';
export { schedulerError, viaScheduler } from './scheduler-errors.js';
