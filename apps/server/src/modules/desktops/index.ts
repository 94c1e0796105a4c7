/* Desktops are used by no other module; createDesktops() wires them for services.ts, the routes are in app.ts. */
export type { DesktopsService } from './desktops.service.js';
