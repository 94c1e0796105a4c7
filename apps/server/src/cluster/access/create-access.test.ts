import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/load.js';
import { localAccessExposure, localAccessRefusal } from './create-access.js';
import { localSeparation } from './local/user-accounts.js';

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

describe('local access as root without the programs to switch users', () => {
  const config = (mode: 'local' | 'ssh') => parseConfig({ clusters: [{ id: 'c1', name: 'C1', access: { mode } }] });
  const rootWithout = (missing: string) => () => localSeparation(0, (p) => p !== missing);

  it('refuses to start, saying what is missing and how to fix it', () => {
    expect(localAccessRefusal(config('local'), rootWithout('useradd'))).toMatch(
      /^Refusing to start: the server runs as root .* useradd is missing\. Install passwd \(e\.g\. apt-get install passwd\)/,
    );
    expect(localAccessRefusal(config('local'), () => localSeparation(0, () => true))).toBeNull();
    expect(localAccessRefusal(config('local'), () => localSeparation(1000, () => false))).toBeNull();
    expect(localAccessRefusal(config('ssh'), rootWithout('useradd'))).toBeNull();
  });
});
