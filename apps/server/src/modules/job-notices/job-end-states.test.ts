import { describe, expect, it } from 'vitest';
import { noticeStateOf, schedulerStatesOf } from './job-end-states.js';

describe('job end states', () => {
  it("group the scheduler's final state words, the first word only", () => {
    expect(noticeStateOf('COMPLETED')).toBe('completed');
    for (const s of ['FAILED', 'NODE_FAIL', 'OUT_OF_MEMORY', 'BOOT_FAIL']) expect(noticeStateOf(s)).toBe('failed');
    expect(noticeStateOf('TIMEOUT')).toBe('timeout');
    expect(noticeStateOf('DEADLINE')).toBe('timeout');
    expect(noticeStateOf('CANCELLED by 1001')).toBe('cancelled');
    expect(noticeStateOf(' cancelled ')).toBe('cancelled');
  });

  it('tell of nothing for a run that did not end the job, or a word never seen', () => {
    for (const s of ['REQUEUED', 'PREEMPTED', 'RUNNING', '', 'EXPLODED']) expect(noticeStateOf(s)).toBeNull();
  });

  it('name the stored words of each subscribed state', () => {
    expect(schedulerStatesOf(['timeout', 'cancelled']).sort()).toEqual(['CANCELLED', 'DEADLINE', 'TIMEOUT']);
    expect(schedulerStatesOf([])).toEqual([]);
  });
});
