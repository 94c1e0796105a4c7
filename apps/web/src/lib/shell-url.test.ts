import { describe, expect, it } from 'vitest';
import { shellPageUrl } from './shell-url';

describe('shellPageUrl', () => {
  it('names the cluster and the folder when given, encoded', () => {
    expect(shellPageUrl({ clusterId: 'west', cwd: '/home/ann/a b' })).toBe('/eshell?clusterId=west&cwd=%2Fhome%2Fann%2Fa+b');
    expect(shellPageUrl({ cwd: '/home/ann' })).toBe('/eshell?cwd=%2Fhome%2Fann');
    expect(shellPageUrl()).toBe('/eshell');
  });
});
