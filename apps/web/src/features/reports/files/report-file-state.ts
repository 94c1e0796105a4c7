import { PENDING_REPORT_FILE_STATES, type ReportFile, type ReportFileState } from '@portal/shared';

/** How often the list is read again while a file is queued or being written. */
export const REPORT_FILES_POLL_MS = 1500;

export const isPending = (f: Pick<ReportFile, 'state'>): boolean => PENDING_REPORT_FILE_STATES.includes(f.state);

export const anyPending = (list: readonly Pick<ReportFile, 'state'>[]): boolean => list.some(isPending);

/** A file that can be downloaded: written, whether or not it has been downloaded already. */
export const isReady = (f: Pick<ReportFile, 'state'>): boolean => f.state === 'COMPLETED' || f.state === 'DOWNLOAD';

/** Tag colour per state. */
export const STATE_COLORS: Record<ReportFileState, string> = {
  QUEUE: 'default',
  RUNNING: 'processing',
  COMPLETED: 'success',
  DOWNLOAD: 'blue',
  FAILED: 'error',
};

/** The header language of a file made now: the console's. */
export const fileLang = (language: string): 'en' | 'zh' => (language.toLowerCase().startsWith('zh') ? 'zh' : 'en');
