import { userInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIndexData, Role } from '@portal/shared';
import { localAccessFacts } from '../../cluster/access/local-access-facts.js';
import { localSeparation } from '../../cluster/access/local/user-accounts.js';
import { createTestApp, signedIn, type TestApp } from '../../test/harness.js';

/* The console says which account a user's commands run as on clusters in local access mode. */

const ssh = { mode: 'ssh' as const, ssh: { host: '127.0.0.1', port: 1, serviceKeyFile: '/nonexistent/service-key' } };

describe('local access facts in the index data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      clusters: [
        { id: 'main', name: 'Main' },
        { id: 'away', name: 'Away', access: ssh },
      ],
    });
  });
  afterAll(() => t.close());

  it("names the local clusters and the account the user's commands run as", async () => {
    const res = await (await signedIn(t.app, 'local_user', Role.user)).call(getIndexData);
    // The same decision the local access layer takes: root gives each user their own account.
    const separation = localSeparation();
    expect(res.data.localAccess).toEqual({
      clusters: [{ id: 'main', name: 'Main' }],
      separation,
      account: separation === 'perUser' ? 'local_user' : userInfo().username,
    });
  });
});

describe('localAccessFacts', () => {
  const facts = (modes: ('local' | 'ssh')[], how: 'perUser' | 'shared') =>
    localAccessFacts(
      modes.map((mode, i) => ({ id: `c${i}`, name: `C${i}`, access: { mode } })),
      () => how,
    );

  it('is empty without local clusters, and tells root (perUser) from an unprivileged server (shared)', () => {
    expect(facts(['ssh'], 'perUser').clusters).toEqual([]);
    expect(facts(['local', 'ssh'], 'perUser')).toMatchObject({ clusters: [{ id: 'c0', name: 'C0' }], separation: 'perUser' });
    expect(facts(['local'], 'shared')).toMatchObject({
      clusters: [{ id: 'c0', name: 'C0' }],
      separation: 'shared',
      serverAccount: userInfo().username,
    });
  });
});
