import { describe, expect, it } from 'vitest';
import { editionKey } from './edition';

describe('edition names of the about dialog', () => {
  it.each([
    [1, 'HPC', 'edition.standard'],
    [2, 'HPC', 'edition.dataCenter'],
    [3, 'Standard', 'edition.hpc'],
    [4, 'HPC', 'edition.industrialCloud'],
    [0, 'IndustrialCloud', 'edition.industrialCloud'],
    [0, 'DataCenter', 'edition.dataCenter'],
    [0, undefined, 'edition.development'],
    [9, 'HPC', 'edition.development'],
  ] as const)('version number %i with type %s is %s', (n, type, key) => {
    expect(editionKey(n, type)).toBe(key);
  });
});
