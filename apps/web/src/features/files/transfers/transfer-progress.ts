import { FINISHED_TRANSFER_STATES, type Transfer } from '@portal/shared';

/** How often the list is read again while a transfer is queued or running. */
export const TRANSFER_POLL_MS = 1500;

export const isActive = (t: Pick<Transfer, 'state'>): boolean => !FINISHED_TRANSFER_STATES.includes(t.state);

export const anyActive = (list: readonly Pick<Transfer, 'state'>[]): boolean => list.some(isActive);

/** Whole percent copied; a finished transfer with nothing to copy counts as complete. */
export const transferPercent = (t: Pick<Transfer, 'state' | 'bytesDone' | 'bytesTotal'>): number => {
  if (t.bytesTotal <= 0) return t.state === 'done' ? 100 : 0;
  return Math.min(100, Math.floor((t.bytesDone / t.bytesTotal) * 100));
};

/** The antd Progress status for a state. */
export const progressStatus = (state: Transfer['state']): 'active' | 'success' | 'exception' | 'normal' =>
  state === 'running' ? 'active' : state === 'done' ? 'success' : state === 'failed' ? 'exception' : 'normal';

/** Tag colour per state. */
export const STATE_COLORS: Record<Transfer['state'], string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** What the list says about the sources: one name, or the first and how many more. */
export const sourcesLabel = (paths: readonly string[]): { first: string; more: number } => ({
  first: paths[0]?.split('/').filter(Boolean).pop() ?? '/',
  more: Math.max(0, paths.length - 1),
});
