import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/load.js';
import { localAccessExposure } from './create-access.js';

describe('local access and the listen address', () => {
  const config = (server: object, mode: 'local' | 'ssh' = 'local') =>
    parseConfig({ server, clusters: [{ id: 'c1', name: 'C1', access: { mode } }] });

  it('allows loopback, refuses other addresses in local mode unless allowed', () => {
    expect(localAccessExposure(config({ host: '127.0.0.1' }))).toBeNull();
    expect(localAccessExposure(config({ host: '::1' }))).toBeNull();
    expect(localAccessExposure(config({ host: '0.0.0.0' }))).toMatch(
      /Refusing to listen on 0\.0\.0\.0.*c1.*server's own OS account/,
    );
    expect(localAccessExposure(config({ host: '0.0.0.0', allowRemoteLocalAccess: true }))).toBeNull();
    expect(localAccessExposure(config({ host: '0.0.0.0' }, 'ssh'))).toBeNull();
  });
});
