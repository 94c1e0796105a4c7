/* Across-center transfers are used by no other module; the service is wired in services.ts. */
export type { TransfersService } from './transfers.service.js';
