/* The web shell is used by no other module; its service is wired in services.ts. */
export type { ShellService } from './shell.service.js';
