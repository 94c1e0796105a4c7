import type { DesktopSession } from '@portal/shared';

/** While a desktop is starting the list is read this often, so it turns running without a reload. */
export const DESKTOPS_POLL_MS = 5_000;

export const anyStarting = (list: readonly DesktopSession[] | undefined) => !!list?.some((s) => s.state === 'starting');

/** The caller's own desktop (no sharer): only its owner shares, deletes and sees who is connected. */
export const isOwn = (s: DesktopSession) => s.sharer === null;

export const canConnect = (s: DesktopSession) => s.state === 'running';

/** Sharing needs a running desktop (desktopNotRunning otherwise). */
export const canShare = (s: DesktopSession) => isOwn(s) && s.state === 'running';

/** An ended desktop has nothing left to delete. */
export const canDelete = (s: DesktopSession) => isOwn(s) && s.state !== 'ended';

/** The X display as people write it (":3"). */
export const displayNumber = (n: number | null) => (n === null ? '-' : `:${n}`);

/**
 * The desktop as the viewer must treat it after a failed connection, from a fresh session list:
 * a desktop shared with the caller that left the list was unshared; one of their own, ended.
 */
export const desktopCheck = (
  list: readonly DesktopSession[],
  sessionId: string,
  shared: boolean,
): 'running' | 'ended' | 'revoked' => {
  const s = list.find((d) => d.sessionId === sessionId);
  if (!s) return shared ? 'revoked' : 'ended';
  return s.state === 'ended' ? 'ended' : 'running';
};
