import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { TestApp } from './harness.js';

/*
 * The dev cluster's login node (scripts/dev-cluster: OpenSSH on 127.0.0.1:2222, the service key
 * for root), as the ssh tests reach it.
 */

export const DEV_SSH_PORT = 2222;
export const DEV_SERVICE_KEY_FILE = '/etc/slurm/portal-service-key';

/** The sshd's ed25519 host key fingerprint, so the tests pin it as production should. */
export const devClusterHostFingerprint = (): string => {
  const blob = Buffer.from(readFileSync('/etc/ssh/ssh_host_ed25519_key.pub', 'utf8').split(' ')[1] ?? '', 'base64');
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
};

/** A cluster's `access` config for ssh to the dev cluster's login node. */
export const devClusterSshAccess = () => ({
  mode: 'ssh' as const,
  ssh: {
    host: '127.0.0.1',
    port: DEV_SSH_PORT,
    hostKeyFingerprint: devClusterHostFingerprint(),
    serviceKeyFile: DEV_SERVICE_KEY_FILE,
  },
});

/** Takes one key line out of a dev-cluster user's authorized_keys again (a test's own key). */
export const removeAuthorizedKey = (userName: string, line: string) => {
  const file = `/home/${userName}/.ssh/authorized_keys`;
  const kept = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== line);
  writeFileSync(file, kept.join('\n'));
};

/**
 * Makes a portal user's key pair and installs it on the configured clusters the way approval does;
 * answers the public key line (for removeAuthorizedKey afterwards). Throws when a cluster failed.
 */
export const installPortalKey = async (app: TestApp['app'], userName: string): Promise<string> => {
  const user = await app.services.usersRepo.findByName(userName);
  if (!user) throw new Error(`no portal user ${userName}`);
  const key = await app.services.keys.ensurePortalKeyPair(user.id, userName);
  const failed = await app.services.provisioner.provision({ id: user.id, name: userName });
  if (failed.length) throw new Error(`provisioning ${userName} failed on ${failed.join(', ')}`);
  return key.public_key.trim();
};
