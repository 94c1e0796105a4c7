import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { chooseTool, registeredUser, signIn } from './support/portal';
import { PORTAL_HOOK_TIMEOUT_MS, startPortal, type Portal } from './support/server';

/*
 * The private key a user downloads from the user menu is the key the portal installed on the
 * cluster: against the dev cluster's OpenSSH server (scripts/dev-cluster, PORTAL_TEST_SLURM=1, as
 * root), a portal in ssh access mode approves alice (which installs her portal key in her
 * authorized_keys), she downloads the key in Chromium and plain `ssh` logs in with it.
 */

// Wide enough for the full user menu (spec section 2: below 1450 px in English it is the compact one).
test.use({ viewport: { width: 1600, height: 900 } });

const USER_ROLE = 10002;
const AUTHORIZED_KEYS = '/home/alice/.ssh/authorized_keys';

/** The dev sshd's host key fingerprint, so the portal checks whom it talks to. */
const hostKeyFingerprint = () => {
  const blob = Buffer.from(readFileSync('/etc/ssh/ssh_host_ed25519_key.pub', 'utf8').split(' ')[1] ?? '', 'base64');
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
};

const keyLines = () =>
  existsSync(AUTHORIZED_KEYS)
    ? readFileSync(AUTHORIZED_KEYS, 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
    : [];

test.describe('keys on the Slurm dev cluster sshd', () => {
  test.skip(process.env.PORTAL_TEST_SLURM !== '1', 'needs scripts/dev-cluster (PORTAL_TEST_SLURM=1)');

  let portal: Portal | undefined;
  /** The authorized_keys lines this run installed: the only ones the cleanup removes. */
  let installed: string[] = [];
  let dir = '';

  test.beforeAll(async () => {
    test.setTimeout(PORTAL_HOOK_TIMEOUT_MS);
    dir = mkdtempSync(join(tmpdir(), 'e2e-keys-'));
    portal = await startPortal({
      clusters: [
        {
          id: 'dev',
          name: 'Dev cluster',
          access: {
            mode: 'ssh',
            ssh: {
              host: '127.0.0.1',
              port: 2222,
              hostKeyFingerprint: hostKeyFingerprint(),
              serviceKeyFile: '/etc/slurm/portal-service-key',
            },
          },
        },
      ],
    });
  });

  test.afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    // The portal key this run installed leaves alice's authorized_keys again; the others stay
    // (other suites may add and remove their own keys meanwhile).
    if (installed.length && existsSync(AUTHORIZED_KEYS)) {
      const text = readFileSync(AUTHORIZED_KEYS, 'utf8');
      writeFileSync(
        AUTHORIZED_KEYS,
        text
          .split('\n')
          .filter((l) => !installed.includes(l.trim()))
          .join('\n'),
      );
    }
    await portal?.stop();
  });

  test('the private key downloaded from the user menu logs in to the sshd on the Slurm dev cluster', async ({
    page,
    request,
  }) => {
    const base = portal!.baseURL;
    // Approval provisions alice: her portal key pair is made and its public half installed.
    const before = keyLines();
    await registeredUser(request, 'alice', 'Keys_pass1', USER_ROLE, portal);
    const added = keyLines().filter((l) => !before.includes(l));
    installed = added;
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^ssh-ed25519 /);

    await signIn(page, 'alice', 'Keys_pass1', base);
    await expect(page).toHaveURL(/\/overview$/);
    const download = page.waitForEvent('download');
    await chooseTool(page, 'Download private key');
    const file = join(dir, 'id_ed25519');
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('id_ed25519_alice');
    await saved.saveAs(file);
    await expect(page.getByText('Private key downloaded')).toBeVisible();
    chmodSync(file, 0o600);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^-----BEGIN OPENSSH PRIVATE KEY-----\n/);

    // The downloaded key is the installed one: its public half is the line approval added.
    const pub = execFileSync('ssh-keygen', ['-y', '-f', file], { encoding: 'utf8' }).trim().split(' ').slice(0, 2);
    installed = added.filter((l) => l.split(' ')[1] === pub[1]);
    expect(installed).toHaveLength(1);

    const whoami = execFileSync(
      'ssh',
      [
        '-i',
        file,
        '-p',
        '2222',
        '-o',
        'StrictHostKeyChecking=no',
        '-o',
        'UserKnownHostsFile=/dev/null',
        '-o',
        'BatchMode=yes',
        '-o',
        'IdentitiesOnly=yes',
        '-o',
        'LogLevel=ERROR',
        'alice@127.0.0.1',
        'whoami',
      ],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(whoami.trim()).toBe('alice');
  });
});
