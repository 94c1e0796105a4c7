/* Jobs are used by no other module yet; reports and bills will read finished jobs through here. */
export type { JobsService } from './jobs.service.js';
export { viaScheduler } from './scheduler-errors.js';
