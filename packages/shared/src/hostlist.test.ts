import { describe, expect, it } from 'vitest';
import { compressHostlist, expandHostlist } from './hostlist.js';

describe('host lists', () => {
  it('expands ranges, keeping the zero padding of the first number', () => {
    expect(expandHostlist('node[01-04]')).toEqual(['node01', 'node02', 'node03', 'node04']);
    expect(expandHostlist('node[8-10]')).toEqual(['node8', 'node9', 'node10']);
    expect(expandHostlist('gpu[1,3-4],login')).toEqual(['gpu1', 'gpu3', 'gpu4', 'login']);
    expect(expandHostlist('rack[1-2]-a')).toEqual(['rack1-a', 'rack2-a']);
    expect(expandHostlist('n1,n1,n2')).toEqual(['n1', 'n2']);
  });

  it('refuses malformed lists', () => {
    for (const bad of ['node[01-04', 'node]', 'node[4-1]', 'node[a-b]', 'no de', 'node[1-2][3-4]', 'x[0-200000]'])
      expect(() => expandHostlist(bad), bad).toThrow();
  });

  it('compresses names the way Slurm prints them', () => {
    expect(compressHostlist(['node01', 'node02', 'node03', 'node05'])).toBe('node[01-03,05]');
    expect(compressHostlist(['node03', 'node01', 'node02'])).toBe('node[01-03]');
    expect(compressHostlist(['node01'])).toBe('node01');
    expect(compressHostlist(['node8', 'node9', 'node10'])).toBe('node[8-10]');
    expect(compressHostlist(['node09', 'node10'])).toBe('node[09-10]');
    expect(compressHostlist(['login', 'gpu1', 'gpu2'])).toBe('login,gpu[1-2]');
    expect(compressHostlist([])).toBe('');
  });

  it('round-trips', () => {
    for (const expr of ['node[01-04]', 'node[01-03,05,07-09]', 'a[1-3],b[001-002],c'])
      expect(expandHostlist(compressHostlist(expandHostlist(expr)))).toEqual(expandHostlist(expr));
  });
});
