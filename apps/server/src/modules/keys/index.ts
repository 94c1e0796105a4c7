/* What other modules may use of the users' SSH keys. */
export type { KeysService } from './keys.service.js';
