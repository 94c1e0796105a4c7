/* What other modules may use of alarms: the alarm list read page by page (alarm exports). */
export type { AlarmsService, ListKind } from './alarms.service.js';
export type { AlarmCursor, AlarmFilter } from './alarms.repository.js';
