/* What other modules may use of alarm exports (the app wires the service and its routes). */
export { AlarmExportsService } from './alarm-exports.service.js';
export { registerAlarmExportsRoutes } from './alarm-exports.routes.js';
