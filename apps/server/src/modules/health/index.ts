/* The health check is used by no other module; its service is wired in services.ts. */
export type { HealthService } from './health.service.js';
