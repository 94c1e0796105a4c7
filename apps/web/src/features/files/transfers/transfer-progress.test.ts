import { describe, expect, it } from 'vitest';
import { anyActive, isActive, progressStatus, sourcesLabel, transferPercent } from './transfer-progress';

describe('transfer progress', () => {
  it('counts queued and running as active, finished states not', () => {
    expect(isActive({ state: 'queued' })).toBe(true);
    expect(isActive({ state: 'running' })).toBe(true);
    for (const state of ['done', 'failed', 'cancelled'] as const) expect(isActive({ state })).toBe(false);
    expect(anyActive([{ state: 'done' }, { state: 'running' }])).toBe(true);
    expect(anyActive([{ state: 'done' }, { state: 'cancelled' }])).toBe(false);
    expect(anyActive([])).toBe(false);
  });

  it('gives whole percents, never above 100, and 100 for a finished empty transfer', () => {
    expect(transferPercent({ state: 'running', bytesDone: 1, bytesTotal: 3 })).toBe(33);
    expect(transferPercent({ state: 'running', bytesDone: 5, bytesTotal: 4 })).toBe(100);
    expect(transferPercent({ state: 'queued', bytesDone: 0, bytesTotal: 0 })).toBe(0);
    expect(transferPercent({ state: 'done', bytesDone: 0, bytesTotal: 0 })).toBe(100);
  });

  it('maps states to progress styles and names the sources', () => {
    expect(progressStatus('running')).toBe('active');
    expect(progressStatus('failed')).toBe('exception');
    expect(progressStatus('cancelled')).toBe('normal');
    expect(sourcesLabel(['/home/a/project/', '/home/a/x.txt', '/home/a/y'])).toEqual({ first: 'project', more: 2 });
    expect(sourcesLabel(['/'])).toEqual({ first: '/', more: 0 });
  });
});
