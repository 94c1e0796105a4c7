/* Tool and FAQ downloads are used by no other module; the service is wired in services.ts. */
export type { DownloadsService } from './downloads.service.js';
