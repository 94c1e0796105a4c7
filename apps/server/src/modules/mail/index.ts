/* What other modules may use of mail. */
export type { Mailer, MailMessage } from './mailer.js';
