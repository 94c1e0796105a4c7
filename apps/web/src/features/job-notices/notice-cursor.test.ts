import { beforeEach, describe, expect, it } from 'vitest';
import type { JobNotice, JobNoticesRecent } from '@portal/shared';
import { advance, noticeKey, OVERLAP_MS, savedCursor, startCursor, type NoticeCursor } from './notice-cursor';

const T0 = Date.parse('2026-12-02T10:00:00Z');
const at = (ms: number) => new Date(ms).toISOString();

const notice = (jobId: string, storedMs: number): JobNotice => ({
  clusterId: 'local',
  jobId,
  name: `job-${jobId}`,
  queue: 'compute',
  state: 'failed',
  schedulerState: 'FAILED',
  exitCode: '1:0',
  submitTime: at(T0 - 60_000),
  startTime: at(T0 - 50_000),
  endTime: at(storedMs - 1000),
  elapsed: 49,
  storedAt: at(storedMs),
});
/** The server's answer: newest first. */
const answer = (nowMs: number, ...list: JobNotice[]): JobNoticesRecent => ({ now: at(nowMs), list });

describe('the job-end poller cursor', () => {
  beforeEach(() => sessionStorage.clear());

  it('toasts what a read brings, oldest first, and reads next from the server time less the overlap', () => {
    const { fresh, next } = advance(startCursor(T0), answer(T0 + 30_000, notice('2', T0 + 20_000), notice('1', T0 + 10_000)));
    expect(fresh.map((n) => n.jobId)).toEqual(['1', '2']);
    // The overlap reaches back before the start: since stays at the start.
    expect(next.since).toBe(at(T0));
    expect(next.seen.map((s) => s.key)).toEqual([noticeKey(notice('1', 0)), noticeKey(notice('2', 0))]);
  });

  it('toasts a job once although the overlap reads it again, and forgets it once it cannot come back', () => {
    let cursor: NoticeCursor = startCursor(T0);
    const one = notice('1', T0 + 10_000);
    cursor = advance(cursor, answer(T0 + 30_000, one)).next;
    const again = advance(cursor, answer(T0 + 60_000, notice('3', T0 + 50_000), one));
    expect(again.fresh.map((n) => n.jobId)).toEqual(['3']);
    // Much later: the cursor has passed both, so neither is kept.
    const later = advance(again.next, answer(T0 + OVERLAP_MS + 120_000));
    expect(later.fresh).toEqual([]);
    expect(later.next.since).toBe(at(T0 + 120_000));
    expect(later.next.seen).toEqual([]);
  });

  it('never moves since backwards, whatever the server clock says', () => {
    const cursor = startCursor(T0);
    expect(advance(cursor, answer(T0 - 3_600_000)).next.since).toBe(at(T0));
  });

  it("keeps the cursor in the tab's session storage, and ignores what is not one", () => {
    expect(savedCursor.get()).toBeNull();
    const cursor = advance(startCursor(T0), answer(T0 + 1000, notice('1', T0 + 500))).next;
    savedCursor.set(cursor);
    expect(savedCursor.get()).toEqual(cursor);
    sessionStorage.setItem('portal.jobNotices.cursor', '{"since":"not a time","seen":[]}');
    expect(savedCursor.get()).toBeNull();
    sessionStorage.setItem('portal.jobNotices.cursor', '{broken');
    expect(savedCursor.get()).toBeNull();
  });
});
