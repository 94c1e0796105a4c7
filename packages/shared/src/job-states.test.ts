import { describe, expect, it } from 'vitest';
import { exitDetailOf, parseExitCode, stateWordOf } from './jobs.js';

describe('the one state word of a job', () => {
  it('is the state while the job has not finished, how it ended once it has', () => {
    expect(stateWordOf({ jobStatus: 'R', exitStatus: null })).toBe('R');
    expect(stateWordOf({ jobStatus: 'E', exitStatus: null })).toBe('E');
    expect(stateWordOf({ jobStatus: 'C', exitStatus: 'fail' })).toBe('fail');
    expect(stateWordOf({ jobStatus: 'C', exitStatus: 'delete' })).toBe('delete');
    expect(stateWordOf({ jobStatus: 'C', exitStatus: 'timeout' })).toBe('timeout');
    expect(stateWordOf({ jobStatus: 'C', exitStatus: 'complete' })).toBe('complete');
  });
});

describe('the exit status beside it', () => {
  const finished = (exitStatus: 'complete' | 'fail' | 'delete' | 'timeout' | 'nodeAbnormal', exitCode: string | null) => ({
    jobStatus: 'C' as const,
    exitStatus,
    exitCode,
  });

  it('reads "code:signal" and bare codes', () => {
    expect(parseExitCode('1:0')).toEqual({ code: 1, signal: 0 });
    expect(parseExitCode('0:9')).toEqual({ code: 0, signal: 9 });
    expect(parseExitCode('127')).toEqual({ code: 127, signal: 0 });
    expect(parseExitCode('')).toBeNull();
    expect(parseExitCode(null)).toBeNull();
    expect(parseExitCode('n/a')).toBeNull();
  });

  it('shows a failure’s exit code or signal', () => {
    expect(exitDetailOf(finished('fail', '1:0'))).toEqual({ kind: 'exit', value: 1 });
    expect(exitDetailOf(finished('fail', '0:11'))).toEqual({ kind: 'signal', value: 11 });
    expect(exitDetailOf(finished('nodeAbnormal', '0:9'))).toEqual({ kind: 'signal', value: 9 });
  });

  it('shows nothing where the word says it all', () => {
    expect(exitDetailOf(finished('complete', '0:0'))).toBeNull();
    expect(exitDetailOf(finished('delete', '0:15'))).toBeNull();
    expect(exitDetailOf(finished('timeout', '0:15'))).toBeNull();
    expect(exitDetailOf(finished('fail', '0:0'))).toBeNull();
    expect(exitDetailOf({ jobStatus: 'R', exitStatus: null, exitCode: null })).toBeNull();
  });
});
