import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, SpeedMeter, isRetryable, nextChunk, resumeOffset, retryDelay } from './upload-plan';

describe('upload plan', () => {
  it('cuts a file into chunks from any offset and stops at the end', () => {
    expect(nextChunk(0, 20, 8)).toEqual({ start: 0, end: 8 });
    expect(nextChunk(16, 20, 8)).toEqual({ start: 16, end: 20 });
    expect(nextChunk(20, 20, 8)).toBeNull();
    expect(nextChunk(21, 20, 8)).toBeNull();
  });

  it('sends one empty chunk for an empty file', () => {
    expect(nextChunk(0, 0, 8)).toEqual({ start: 0, end: 0 });
  });

  it('resumes only from an offset that fits the file', () => {
    expect(resumeOffset(8, 20)).toBe(8);
    expect(resumeOffset(0, 20)).toBe(0);
    expect(resumeOffset(20, 20)).toBe(20);
    expect(resumeOffset(21, 20)).toBeNull();
    expect(resumeOffset(-1, 20)).toBeNull();
    expect(resumeOffset('8', 20)).toBeNull();
    expect(resumeOffset(undefined, 20)).toBeNull();
  });

  it('backs off exponentially up to a cap', () => {
    const p = { maxRetries: 5, baseMs: 1000, maxMs: 5000 };
    expect([1, 2, 3, 4, 5].map((a) => retryDelay(a, p, 0))).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(retryDelay(1, p, 1)).toBe(1200);
    expect(DEFAULT_RETRY.maxRetries).toBeGreaterThan(3);
  });

  it('retries lost connections and gateway answers, never refusals', () => {
    expect(isRetryable({ kind: 'network' })).toBe(true);
    expect(isRetryable({ kind: 'http', status: 503 })).toBe(true);
    expect(isRetryable({ kind: 'http', status: 502 })).toBe(true);
    expect(isRetryable({ kind: 'http', status: 413 })).toBe(false);
    expect(isRetryable({ kind: 'http', status: 403 })).toBe(false);
    expect(isRetryable({ kind: 'http', status: 507 })).toBe(false);
  });

  it('measures speed over recent samples', () => {
    const m = new SpeedMeter(3000);
    expect(m.bytesPerSecond()).toBe(0);
    m.add(0, 0);
    m.add(1000, 1000);
    expect(m.bytesPerSecond()).toBe(1000);
    m.add(5000, 9000);
    expect(m.bytesPerSecond()).toBe(2000);
  });
});
