import { describe, expect, it } from 'vitest';
import { clusterParam, pickCluster, withClusterParam } from './cluster-address';

const clusters = [
  { id: 'east', name: 'East' },
  { id: 'west', name: 'West' },
];

describe('the cluster in the E-File address', () => {
  it('reads the cluster asked for, or nothing', () => {
    expect(clusterParam('?lang=en&cluster=west&title=HPC')).toBe('west');
    expect(clusterParam('?lang=en')).toBeNull();
    expect(clusterParam('?cluster=')).toBeNull();
    expect(clusterParam('')).toBeNull();
  });

  it('sets the cluster and keeps every other parameter', () => {
    expect(withClusterParam('?lang=zh&title=HPC+Portal&view=transfers', 'west')).toBe(
      '?lang=zh&title=HPC+Portal&view=transfers&cluster=west',
    );
    expect(withClusterParam('?cluster=east&lang=en', 'west')).toBe('?cluster=west&lang=en');
    expect(withClusterParam('', 'east')).toBe('?cluster=east');
    // An id is written as data, never as more parameters.
    expect(clusterParam(withClusterParam('', 'a&b=c'))).toBe('a&b=c');
  });

  it('shows the cluster asked for when it is configured, else the first', () => {
    expect(pickCluster(clusters, 'west')?.name).toBe('West');
    expect(pickCluster(clusters, null)?.name).toBe('East');
    expect(pickCluster(clusters, 'gone')?.name).toBe('East');
    expect(pickCluster([], 'west')).toBeUndefined();
  });
});
