/* What other modules may use of the run-time settings. */
export type { SettingsService } from './settings.service.js';
