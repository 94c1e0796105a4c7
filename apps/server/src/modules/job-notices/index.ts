/* What other modules may use of job-end notices (the app wires the service, its routes and the ingest hook). */
export { JobNoticesService } from './job-notices.service.js';
export { JobNoticesRepository } from './job-notices.repository.js';
export { registerJobNoticesRoutes } from './job-notices.routes.js';
