import { describe, expect, it } from 'vitest';
import { anyPending, fileLang, isPending, isReady } from './report-file-state';

describe('report file states', () => {
  it('polls while a file waits or is written, and offers it once written', () => {
    expect(anyPending([{ state: 'COMPLETED' }, { state: 'RUNNING' }])).toBe(true);
    expect(anyPending([{ state: 'COMPLETED' }, { state: 'DOWNLOAD' }, { state: 'FAILED' }])).toBe(false);
    expect(isPending({ state: 'QUEUE' })).toBe(true);
    expect(isReady({ state: 'DOWNLOAD' })).toBe(true);
    expect(isReady({ state: 'RUNNING' })).toBe(false);
  });

  it('writes headers in the console’s language', () => {
    expect(fileLang('zh-CN')).toBe('zh');
    expect(fileLang('zh')).toBe('zh');
    expect(fileLang('en-US')).toBe('en');
  });
});
