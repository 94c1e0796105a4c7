/* What other modules may use of applications: nothing yet (the wiring builds its service). */
export type { ApplicationsService } from './applications.service.js';
