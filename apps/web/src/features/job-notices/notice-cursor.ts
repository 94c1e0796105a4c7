import type { JobNotice, JobNoticesRecent } from '@portal/shared';

/*
 * Where the job-end poller stands: the `since` of its next read, and the jobs already toasted that
 * a read may still return. A read starts a little before the server's time of the previous one
 * (OVERLAP_MS), because a job is stored with the time its ingest began, which may commit after a
 * read that began later; the toasted keys make the overlap harmless, so each job is toasted once.
 */

export const OVERLAP_MS = 5 * 60_000;
/** Keys kept at most (a burst of ended jobs must not grow the tab's storage without end). */
const MAX_SEEN = 200;

export interface NoticeCursor {
  since: string;
  /** Jobs toasted, with when they were stored: one stored at or before `since` cannot come back. */
  seen: { key: string; storedAt: string }[];
}

export const noticeKey = (n: Pick<JobNotice, 'clusterId' | 'jobId' | 'submitTime'>) =>
  `${n.clusterId}:${n.jobId}:${n.submitTime}`;

/** A first cursor: what ends from now on. */
export const startCursor = (nowMs: number): NoticeCursor => ({ since: new Date(nowMs).toISOString(), seen: [] });

/** A read's notices not toasted yet (oldest first, as they ended) and the cursor after it. */
export const advance = (cursor: NoticeCursor, answer: JobNoticesRecent): { fresh: JobNotice[]; next: NoticeCursor } => {
  const seen = new Set(cursor.seen.map((s) => s.key));
  const fresh = answer.list.filter((n) => !seen.has(noticeKey(n))).reverse();
  const overlapped = Date.parse(answer.now) - OVERLAP_MS;
  const sinceMs = Math.max(Date.parse(cursor.since), overlapped);
  const since = new Date(sinceMs).toISOString();
  const kept = [...cursor.seen, ...fresh.map((n) => ({ key: noticeKey(n), storedAt: n.storedAt }))]
    .filter((s) => Date.parse(s.storedAt) > sinceMs)
    .slice(-MAX_SEEN);
  return { fresh, next: { since, seen: kept } };
};

const STORAGE_KEY = 'portal.jobNotices.cursor';

/** The cursor of this tab's session (a reload toasts nothing twice); the session's end clears it with the rest. */
export const savedCursor = {
  get: (): NoticeCursor | null => {
    try {
      const v = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as NoticeCursor | null;
      return v && typeof v.since === 'string' && Array.isArray(v.seen) && !Number.isNaN(Date.parse(v.since)) ? v : null;
    } catch {
      return null;
    }
  },
  set: (c: NoticeCursor) => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(c)),
};
