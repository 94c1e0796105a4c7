import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShell, Role } from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { devClusterSshAccess, installPortalKey, removeAuthorizedKey } from '../../test/dev-cluster-ssh.js';
import { attachTerminal } from '../../test/terminal-client.js';

/*
 * The web shell over real SSH: the dev cluster's login node on 127.0.0.1:2222 (`bash
 * scripts/dev-cluster start` as root), with PORTAL_TEST_SLURM=1. The portal user alice is the POSIX
 * account alice; her portal key is installed the way approval does it.
 */

const enabled = process.env.PORTAL_TEST_SLURM === '1';

describe.runIf(enabled)('web shell over ssh', () => {
  let t: TestApp;
  let alice: TestClient;
  let keyLine = '';

  beforeAll(async () => {
    t = await createTestApp({
      shell: { graceSeconds: 5 },
      clusters: [
        {
          id: 'dev',
          name: 'Dev cluster',
          access: devClusterSshAccess(),
        },
      ],
    });
    alice = await signedIn(t.app, 'alice', Role.user);
    keyLine = await installPortalKey(t.app, 'alice');
  }, 60_000);

  afterAll(async () => {
    // This run's key leaves authorized_keys again.
    removeAuthorizedKey('alice', keyLine);
    await t?.close();
  });

  it('runs as the POSIX account in the folder asked for, and survives a dropped socket', async () => {
    const res = await alice.call(openShell, { body: { clusterId: 'dev', cwd: '/home/alice', cols: 80, rows: 24 } });
    expect(res.errCode, res.errMsg).toBe(0);
    const info = res.data;
    expect(info).toMatchObject({ clusterId: 'dev', clusterName: 'Dev cluster', userName: 'alice' });

    const term = await attachTerminal(t.app, alice, info.sessionId);
    term.type('echo "who=$(whoami) at=$(pwd) n=$((6*7))"; export KEPT=ssh-$((1+1))\r');
    await term.waitFor('who=alice at=/home/alice n=42', 20_000);
    term.resize(120, 40);
    term.type('stty size\r');
    await term.waitFor('40 120');
    const shown = term.bytes;
    term.close();

    const back = await attachTerminal(t.app, alice, info.sessionId, shown);
    back.type('echo again-$KEPT\r');
    await back.waitFor('again-ssh-2');
    back.type('exit\r');
    expect(await back.closed).toMatchObject({ code: 1000 });
  }, 60_000);
});
