import { describe, expect, it } from 'vitest';
import { efileWindowUrl } from './open-file-manager';

describe('efileWindowUrl', () => {
  it('adds token, language and title to the service address', () => {
    expect(efileWindowUrl('/efile', 'tok123', 'zh', 'HPC Portal')).toBe('/efile?token=tok123&lang=zh&title=HPC+Portal');
    expect(efileWindowUrl('https://files.example/efile?site=a', 't', 'en', '')).toBe(
      'https://files.example/efile?site=a&token=t&lang=en&title=',
    );
  });

  it('can start on a folder of a cluster', () => {
    expect(efileWindowUrl('/efile', 't', 'en', 'P', { clusterId: 'hpc1', path: '/home/alice/run 1' })).toBe(
      '/efile?token=t&lang=en&title=P&cluster=hpc1&path=%2Fhome%2Falice%2Frun+1',
    );
  });
});
