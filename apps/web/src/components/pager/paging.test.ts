import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, toPageStart } from './paging';

describe('paging rules', () => {
  it.each([
    ['3', 1, 10, 3],
    ['0', 5, 10, 1],
    ['00', 5, 10, 1],
    ['11', 1, 10, 10],
    ['999999', 1, 10, 10],
    ['abc', 4, 10, 4],
    ['-2', 4, 10, 4],
    ['2.5', 4, 10, 4],
    ['', 4, 10, 4],
    [' 7 ', 1, 10, 7],
  ])('typing %j on page %i of %i goes to page %i', (typed, current, pages, expected) => {
    expect(clampPage(typed, current, pages)).toBe(expected);
  });

  it('counts pages, with one page for an empty list', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('turns a page into the row offset the API expects', () => {
    expect(toPageStart({ page: 1, pageSize: 25 })).toBe(0);
    expect(toPageStart({ page: 3, pageSize: 50 })).toBe(100);
  });
});
