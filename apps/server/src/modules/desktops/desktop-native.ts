import type { DesktopNativeAccess } from '@portal/shared';
import type { ClusterConfig } from '../../cluster/registry.js';
import type { StreamTarget } from '../../cluster/access/types.js';
import { quoteWord } from '../../cluster/access/ssh/shell-quote.js';

/*
 * A native VNC viewer on the user's own computer cannot use the portal's WebSocket, and the
 * desktop listens where only the login node reaches it (a Unix socket in the user's private
 * folder, or a compute node's port). So the way in is the user's own SSH to the login node with a
 * local forward, the way Open OnDemand's native instructions go, and TigerVNC's viewer pointed at
 * the forward's end. Nothing new listens on the network: ssh binds the port on localhost.
 */

export interface SshAddress {
  host: string;
  port: number;
}

/** Where users reach the login node with their own ssh; undefined where the portal cannot say. */
export const nativeSshAddress = (cluster: ClusterConfig): SshAddress | undefined => {
  const given = cluster.desktops.nativeSsh;
  if (given) {
    const [host = '', port] = given.split(':');
    return { host, port: port ? Number(port) : 22 };
  }
  if (cluster.access.mode === 'ssh') return { host: cluster.access.ssh.host, port: cluster.access.ssh.port };
  return undefined;
};

/** One line a user pastes into a terminal: words quoted only where a shell would split or expand them. */
const commandLine = (argv: string[]) => argv.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : quoteWord(w))).join(' ');

/** The tunnel's end on the user's computer: the desktop's own VNC port number where it has one. */
const localPortOf = (display: number | null) => (display !== null && display >= 0 && display <= 99 ? 5900 + display : 5901);

export const nativeAccess = (o: {
  userName: string;
  ssh: SshAddress;
  target: StreamTarget;
  display: number | null;
  password: string;
  sessionName: string;
}): DesktopNativeAccess => {
  const localPort = localPortOf(o.display);
  const remote = 'path' in o.target ? o.target.path : `${o.target.host}:${o.target.port}`;
  const sshArgs = ['ssh', '-N', '-L', `${localPort}:${remote}`, '-p', String(o.ssh.port), `${o.userName}@${o.ssh.host}`];
  const configFile = [
    'TigerVNC Configuration file Version 1.0',
    '',
    `ServerName=localhost::${localPort}`,
    // Others may be watching through the portal: keep them connected.
    'Shared=1',
    '',
  ].join('\n');
  const base = o.sessionName.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'desktop';
  return {
    sshArgs,
    sshCommand: commandLine(sshArgs),
    localPort,
    password: o.password,
    configFileName: `${base}.tigervnc`,
    configFile,
  };
};
