import { describe, expect, it } from 'vitest';
import { PRIORITY_MAX, checkExtend, checkPriority, extendSeconds } from './action-rules';

describe('the priority dialog', () => {
  it.each([
    ['', 'priority.required'],
    ['  ', 'priority.required'],
    ['-1', 'priority.natural'],
    ['1.5', 'priority.natural'],
    ['abc', 'priority.natural'],
    [String(PRIORITY_MAX + 1), 'priority.tooHigh'],
    ['0', null],
    [' 100 ', null],
    [String(PRIORITY_MAX), null],
  ])('%j gives %s', (text, problem) => {
    expect(checkPriority(text)).toBe(problem);
  });

  it('takes a lower maximum when given', () => {
    expect(checkPriority('11', 10)).toBe('priority.tooHigh');
  });
});

describe('the extend-time dialog', () => {
  it('needs hours or minutes', () => {
    expect(checkExtend('', '', null)).toBe('extend.required');
    expect(checkExtend(' ', '', 3600)).toBe('extend.required');
  });

  it('takes natural numbers only', () => {
    expect(checkExtend('-1', '', null)).toBe('extend.natural');
    expect(checkExtend('1', '0.5', null)).toBe('extend.natural');
    expect(checkExtend('x', '', null)).toBe('extend.natural');
  });

  it('must add something', () => {
    expect(checkExtend('0', '0', null)).toBe('extend.zero');
  });

  it('cannot go past the queue maximum', () => {
    expect(checkExtend('1', '1', 3600)).toBe('extend.exceedsQueueMax');
    expect(checkExtend('1', '', 3600)).toBeNull();
    expect(checkExtend('', '90', 3600)).toBe('extend.exceedsQueueMax');
    expect(checkExtend('', '', 0)).toBe('extend.required');
    expect(checkExtend('', '1', 0)).toBe('extend.exceedsQueueMax');
    expect(checkExtend('1000', '', null)).toBeNull();
  });

  it('counts hours and minutes in seconds', () => {
    expect(extendSeconds('2', '30')).toBe(9000);
    expect(extendSeconds('', '5')).toBe(300);
  });
});
