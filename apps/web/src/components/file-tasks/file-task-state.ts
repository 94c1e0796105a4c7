import { PENDING_REPORT_FILE_STATES, type ReportFileState } from '@portal/shared';

/*
 * Files made in the background (usage report files, alarm exports): one queue on the server, the
 * same states (spec section 4: QUEUE, RUNNING, COMPLETED, DOWNLOAD; and FAILED).
 */

/** How often a list of files is read again while one is queued or being written. */
export const FILE_TASKS_POLL_MS = 1500;

export const isPending = (f: { state: ReportFileState }): boolean => PENDING_REPORT_FILE_STATES.includes(f.state);

export const anyPending = (list: readonly { state: ReportFileState }[]): boolean => list.some(isPending);

/** A file that can be downloaded: written, whether or not it has been downloaded already. */
export const isReady = (f: { state: ReportFileState }): boolean => f.state === 'COMPLETED' || f.state === 'DOWNLOAD';

/** Tag colour per state: the green palette, whose text the theme darkens to 4.5:1 (antd's 'success' falls short). */
export const STATE_COLORS: Record<ReportFileState, string> = {
  QUEUE: 'default',
  RUNNING: 'processing',
  COMPLETED: 'green',
  DOWNLOAD: 'blue',
  FAILED: 'error',
};

/** The header language of a file made now: the console's. */
export const fileLang = (language: string): 'en' | 'zh' => (language.toLowerCase().startsWith('zh') ? 'zh' : 'en');
