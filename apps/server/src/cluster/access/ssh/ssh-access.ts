import { readFile } from 'node:fs/promises';
import type { Duplex } from 'node:stream';
import type ssh2 from 'ssh2';
import { CommandFailedError, type CommandResult, type CommandRunner, type RunOptions } from '../command-runner.js';
import { assertPosixName } from '../errors.js';
import { type IdNames, parseIdFile } from '../listing.js';
import type { AccessUser, ClusterAccess, FileSession, ShellOptions, ShellSession, StreamReader, StreamTarget } from '../types.js';
import { PROVISION_SCRIPT } from './provision-script.js';
import { commandLine, execCollect } from './ssh-exec.js';
import { lookupHome, SshFileSession } from './ssh-files.js';
import { type PoolOptions, type SshConnection, SshPool } from './ssh-pool.js';
import { openSshShell } from './ssh-shell.js';
import { shellQuote } from './shell-quote.js';
import { toSshUnavailable } from './ssh-errors.js';

export interface SshAccessOptions extends PoolOptions {
  serviceUser: string;
  /** Private key file of the service identity; without it provisioning and `run(null, ...)` fail. */
  serviceKeyFile?: string | undefined;
  createAccounts: boolean;
  /** The user's portal-managed private key (OpenSSH format). */
  privateKeyOf(userName: string): Promise<string>;
}

/** Service identity connections live in the same pool under a name no account can have. */
const SERVICE = '\0service';

/**
 * SSH access mode: the portal acts as each user's POSIX account on the login node, with the
 * user's portal key, over one pooled connection per user; privileged work uses the service
 * identity's key.
 */
export class SshClusterAccess implements ClusterAccess {
  readonly mode = 'ssh' as const;
  readonly commands: CommandRunner;
  readonly pool: SshPool;
  /** uid/gid names per connection: the node's accounts, looked up only for ids seen. */
  private readonly names = new WeakMap<SshConnection, IdNames>();
  /** The login folder per connection: a new connection (after idle or a drop) asks again. */
  private readonly homes = new WeakMap<SshConnection, Promise<string>>();

  constructor(private readonly o: SshAccessOptions) {
    this.pool = new SshPool(o);
    this.commands = {
      run: async (user: string | null, argv: string[], opts: RunOptions = {}): Promise<CommandResult> => {
        if (argv.length === 0) throw new CommandFailedError('empty command');
        const conn = await (user === null ? this.service() : this.connection(user));
        return execCollect(conn, commandLine(argv, opts), opts, argv[0]);
      },
    };
  }

  async files(user: AccessUser): Promise<FileSession> {
    const name = assertPosixName(user.name);
    // Resolved per call, so a connection closed when idle is made again.
    return new SshFileSession(
      () => this.connection(name),
      (conn, uids, gids) => this.idNames(conn, uids, gids),
      (conn) => this.homeOf(conn),
    );
  }

  private homeOf(conn: SshConnection): Promise<string> {
    let home = this.homes.get(conn);
    if (!home) {
      home = lookupHome(conn);
      this.homes.set(conn, home);
      // A failed lookup is not kept: the next request asks again.
      home.catch(() => this.homes.delete(conn));
    }
    return home;
  }

  async shell(user: AccessUser, opts: ShellOptions): Promise<ShellSession> {
    return openSshShell(await this.connection(user.name), opts);
  }

  /**
   * Through the user's connection: OpenSSH's streamlocal forwarding (direct-streamlocal@openssh.com)
   * to a socket, or a direct-tcpip channel to a host and port the login node reaches.
   */
  async openStream(user: AccessUser, target: StreamTarget, reader: StreamReader): Promise<Duplex> {
    const conn = await this.connection(assertPosixName(user.name));
    return new Promise((resolve, reject) => {
      const done = (err: Error | undefined, channel: ssh2.ClientChannel) => {
        if (err) return reject(toSshUnavailable(err, 'forward'));
        // ssh2 decrypts each packet into a Buffer of its own: the reader gets those.
        channel.on('data', (chunk: Buffer) => {
          if (!reader.data(chunk)) channel.pause();
        });
        resolve(conn.hold(channel));
      };
      if ('path' in target) conn.client.openssh_forwardOutStreamLocal(target.path, done);
      else conn.client.forwardOut('127.0.0.1', 0, target.host, target.port, done);
    });
  }

  async provision(user: AccessUser, publicKeys: string[], revoked: string[] = []): Promise<void> {
    const name = assertPosixName(user.name);
    const keys = publicKeys.map((k) => k.trim()).filter(Boolean);
    if (keys.some((k) => /[\r\n\0]/.test(k))) throw new Error('a public key must be one line');
    // A blob the user still holds under another entry stays.
    const kept = new Set(keys.map(keyBlob));
    const revoke = revoked.map(keyBlob).filter((b) => !kept.has(b));
    const cmd = shellQuote(['sh', '-c', PROVISION_SCRIPT, 'sh', name, this.o.createAccounts ? '1' : '0']);
    const input = [...keys, ...revoke.map((b) => `-${b}`)].map((line) => `${line}\n`).join('');
    const r = await execCollect(await this.service(), cmd, { input, timeoutMs: 60_000 }, 'provision');
    if (r.code !== 0) throw new Error(`provisioning ${name} failed (exit ${r.code}): ${r.stderr.trim().slice(0, 500)}`);
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private connection(userName: string) {
    const name = assertPosixName(userName);
    return this.pool.get(name, () => this.o.privateKeyOf(name));
  }

  private service() {
    const file = this.o.serviceKeyFile;
    if (!file) return Promise.reject(new Error('no service identity: set access.ssh.serviceKeyFile'));
    return this.pool.get(SERVICE, () => readFile(file), this.o.serviceUser);
  }

  private async idNames(conn: SshConnection, uids: number[], gids: number[]): Promise<IdNames> {
    let known = this.names.get(conn);
    if (!known) this.names.set(conn, (known = { users: new Map(), groups: new Map() }));
    const u = [...new Set(uids)].filter((id) => Number.isInteger(id) && !known.users.has(id));
    const g = [...new Set(gids)].filter((id) => Number.isInteger(id) && !known.groups.has(id));
    // getent exits 2 when an id has no name: the number is shown then, and not asked again.
    const lookup = async (db: 'passwd' | 'group', ids: number[], into: Map<number, string>) => {
      if (ids.length === 0) return;
      const r = await execCollect(conn, shellQuote(['getent', db, ...ids.map(String)]), { timeoutMs: 30_000 }, 'getent').catch(
        () => undefined,
      );
      for (const [id, n] of parseIdFile(r?.stdout ?? '')) into.set(id, n);
      for (const id of ids) if (!into.has(id)) into.set(id, String(id));
    };
    await Promise.all([lookup('passwd', u, known.users), lookup('group', g, known.groups)]);
    return known;
  }
}

/** The base64 key blob of an OpenSSH public key line (the word after the type). */
export const keyBlob = (line: string): string => {
  const words = line.trim().split(/\s+/);
  const blob = words.find((w, i) => i > 0 && /^[A-Za-z0-9+/]{40,}={0,2}$/.test(w) && /^(ssh|ecdsa|sk)-/.test(words[i - 1] ?? ''));
  if (!blob) throw new Error('not an OpenSSH public key line');
  return blob;
};
