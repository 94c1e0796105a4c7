/* The console frame is used by no other module; its service is wired in services.ts. */
export type { ConsoleService } from './console.service.js';
