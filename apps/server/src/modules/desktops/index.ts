/* Desktops are used by no other module; the service is wired in services.ts, the routes in app.ts. */
export type { DesktopsService } from './desktops.service.js';
