import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePortalKeyPair } from '../../../modules/keys/keys.service.js';
import { expectReason, runAccessContract } from '../access-contract.test-support.js';
import { SshUnavailableError } from '../types.js';
import { keyBlob, SshClusterAccess, type SshAccessOptions } from './ssh-access.js';
import { devClusterHostFingerprint } from '../../../test/dev-cluster-ssh.js';

/*
 * The access contract over a real sshd: the dev cluster's login node on 127.0.0.1:2222
 * (`bash scripts/dev-cluster start` as root), run with PORTAL_TEST_SLURM=1. The test users alice
 * and bob get fresh portal keys, installed through the service identity the way approval does.
 */

const enabled = process.env.PORTAL_TEST_SLURM === '1';
const SERVICE_KEY = '/etc/slurm/portal-service-key';

const keys = new Map<string, string>();

const options = (over: Partial<SshAccessOptions> = {}): SshAccessOptions => ({
  host: '127.0.0.1',
  port: 2222,
  hostKeyFingerprint: devClusterHostFingerprint(),
  idleSeconds: 600,
  connectTimeoutSeconds: 5,
  serviceUser: 'root',
  serviceKeyFile: SERVICE_KEY,
  createAccounts: false,
  privateKeyOf: (name) => {
    const key = keys.get(name);
    return key ? Promise.resolve(key) : Promise.reject(new Error(`no key for ${name}`));
  },
  ...over,
});

/** Fresh key pairs for the test users, appended to their authorized_keys by provisioning. */
const provisionTestUsers = async (access: SshClusterAccess) => {
  for (const [id, name] of [
    [1, 'alice'],
    [2, 'bob'],
  ] as const) {
    if (keys.has(name)) continue;
    // Keys of earlier runs go, so authorized_keys does not grow with every run.
    await access.commands.run(null, [
      'runuser',
      '-u',
      name,
      '--',
      'sed',
      '-i',
      '/@portal-test$/d',
      `/home/${name}/.ssh/authorized_keys`,
    ]);
    const pair = generatePortalKeyPair(`${name}@portal-test`);
    await access.provision({ id, name }, [pair.public]);
    // Twice: idempotent, the key is not added again.
    await access.provision({ id, name }, [pair.public]);
    keys.set(name, pair.private);
  }
};

runAccessContract(
  'ssh',
  async () => {
    const access = new SshClusterAccess(options());
    await provisionTestUsers(access);
    return { access, alice: { id: 1, name: 'alice' }, cleanup: () => access.close() };
  },
  enabled,
);

(enabled ? describe : describe.skip)('ssh access', () => {
  let access: SshClusterAccess;

  beforeAll(async () => {
    access = new SshClusterAccess(options());
    await provisionTestUsers(access);
  }, 60_000);
  afterAll(() => access?.close());

  it('installs each key once in authorized_keys, owned by the user, mode 600', async () => {
    const r = await access.commands.run('alice', ['stat', '-c', '%U %a', '.ssh', '.ssh/authorized_keys']);
    expect(r.stdout).toBe('alice 700\nalice 600\n');
    const pub = (await access.commands.run('alice', ['cat', '.ssh/authorized_keys'])).stdout.split('\n');
    expect(new Set(pub).size).toBe(pub.length);
  });

  it("keeps one user out of another's home", async () => {
    const bob = await access.files({ id: 2, name: 'bob' });
    await expectReason(bob.list('/home/alice'), 'denied');
    await expectReason(bob.createReadStream('/home/alice/.ssh/authorized_keys'), 'denied');
    await expectReason(bob.mkdir('/home/alice/intruder'), 'denied');
    const alice = await access.files({ id: 1, name: 'alice' });
    expect(await alice.home()).toBe('/home/alice');
    expect((await alice.lstat('/home/alice')).owner).toBe('alice');
  });

  it('reuses one connection per user for consecutive calls', async () => {
    const before = access.pool.connects;
    const files = await access.files({ id: 1, name: 'alice' });
    await Promise.all([files.list('/home/alice'), files.stat('/home/alice'), access.commands.run('alice', ['true'])]);
    await files.list('/home/alice');
    await access.commands.run('alice', ['true']);
    // At most alice's own connection, if an earlier test did not open it yet.
    expect(access.pool.connects - before).toBeLessThanOrEqual(1);
    const again = access.pool.connects;
    await access.commands.run('alice', ['true']);
    expect(access.pool.connects).toBe(again);
  });

  it('closes an idle connection and connects again on the next call', async () => {
    const short = new SshClusterAccess(options({ idleSeconds: 1 }));
    try {
      await short.commands.run('alice', ['true']);
      expect(short.pool.connects).toBe(1);
      await new Promise((r) => setTimeout(r, 2500));
      expect((await short.commands.run('alice', ['id', '-un'])).stdout).toBe('alice\n');
      expect(short.pool.connects).toBe(2);
    } finally {
      await short.close();
    }
  });

  it('keeps a connection with an open shell past the idle time', async () => {
    const short = new SshClusterAccess(options({ idleSeconds: 1 }));
    try {
      const sh = await short.shell({ id: 1, name: 'alice' }, { cols: 80, rows: 24 });
      let seen = '';
      sh.output.on('data', (d: Buffer) => (seen += d.toString()));
      await new Promise((r) => setTimeout(r, 2500));
      sh.write('echo still-$((40+2))\n');
      const end = Date.now() + 10_000;
      while (!seen.includes('still-42') && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(seen).toContain('still-42');
      expect(short.pool.connects).toBe(1);
      sh.close();
    } finally {
      await short.close();
    }
  });

  it("reports an unreachable node as 'connect'", async () => {
    const off = new SshClusterAccess(options({ port: 1 }));
    const err = await off.commands.run('alice', ['true']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SshUnavailableError);
    expect(err).toMatchObject({ reason: 'connect' });
    expect(err).toMatchObject({
      message: expect.stringMatching(/ssh connection is error, please check if the net is available!/),
    });
    await off.close();
  });

  it("reports a refused key or a wrong host key as 'node'", async () => {
    const wrongKey = new SshClusterAccess(options({ privateKeyOf: () => Promise.resolve(generatePortalKeyPair('x').private) }));
    const err = await wrongKey.commands.run('alice', ['true']).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'SshUnavailableError', reason: 'node' });
    expect(err).toMatchObject({ message: expect.stringMatching(/ssh node failed/) });
    await wrongKey.close();
    const wrongHost = new SshClusterAccess(options({ hostKeyFingerprint: `SHA256:${'A'.repeat(43)}` }));
    await expect(wrongHost.commands.run('alice', ['true'])).rejects.toMatchObject({ reason: 'node' });
    await wrongHost.close();
  });

  it('passes nasty arguments through unchanged', async () => {
    const words = ["it's", '$(id)', 'a b', 'line\nbreak', '`x`', '*'];
    const r = await access.commands.run('alice', ['printf', '%s\\0', ...words], { cwd: '/tmp' });
    expect(r.stdout.split('\0').slice(0, -1)).toEqual(words);
  });

  it('revokes a deleted key: every line holding it leaves, the other keys stay and still log in', async () => {
    const revokee = generatePortalKeyPair('alice@portal-revoke-test');
    const file = '/home/alice/.ssh/authorized_keys';
    await access.provision({ id: 1, name: 'alice' }, [revokee.public]);
    // The user added the same key again by hand, with options in front.
    appendFileSync(file, `no-pty,no-port-forwarding ${revokee.public.trim().replace('portal-revoke-test', 'by-hand')}\n`);
    const asRevokee = new SshClusterAccess(options({ privateKeyOf: () => Promise.resolve(revokee.private) }));
    expect((await asRevokee.commands.run('alice', ['whoami'])).stdout.trim()).toBe('alice');
    await asRevokee.close();

    const blob = keyBlob(revokee.public);
    expect(readFileSync(file, 'utf8').split(blob).length - 1).toBe(2);
    await access.provision({ id: 1, name: 'alice' }, [], [revokee.public]);
    expect(readFileSync(file, 'utf8')).not.toContain(blob);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await access.commands.run('alice', ['whoami'])).stdout.trim()).toBe('alice');
    const refused = new SshClusterAccess(options({ privateKeyOf: () => Promise.resolve(revokee.private) }));
    await expect(refused.commands.run('alice', ['true'])).rejects.toMatchObject({ reason: 'node' });
    await refused.close();
  });

  it('keeps a revoked key that is still among the keys to install', async () => {
    const both = generatePortalKeyPair('alice@portal-revoke-test');
    const file = '/home/alice/.ssh/authorized_keys';
    await access.provision({ id: 1, name: 'alice' }, [both.public], [both.public]);
    expect(readFileSync(file, 'utf8')).toContain(keyBlob(both.public));
    await access.provision({ id: 1, name: 'alice' }, [], [both.public]);
    expect(readFileSync(file, 'utf8')).not.toContain(keyBlob(both.public));
  });

  it('refuses to provision a name that is not a POSIX account name', async () => {
    await expect(access.provision({ id: 9, name: 'x; touch /tmp/p' }, [])).rejects.toThrow(/POSIX/);
    await expect(access.provision({ id: 9, name: 'nosuchuser' }, [])).rejects.toThrow(/no POSIX account/);
  });
});
