/* What other modules may use of queue management: nothing yet (the wiring builds its service). */
export type { QueueAccounts, QueuesService } from './queues.service.js';
