import { mkdir } from 'node:fs/promises';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import {
  CommandFailedError,
  type CommandResult,
  type CommandRunner,
  LocalCommandRunner,
  type RunOptions,
  runProcess,
} from '../command-runner.js';
import { assertPosixName } from '../errors.js';
import type { AccessUser, ClusterAccess, FileSession, ShellOptions, ShellSession, StreamReader, StreamTarget } from '../types.js';
import { AccountFileSession } from './account-files.js';
import { LocalFileSession } from './local-files.js';
import { openLocalPty } from './local-shell.js';
import { accountEnv, asAccount, LocalAccounts, localSeparation, type PosixAccount } from './user-accounts.js';

export interface LocalAccessOptions {
  /** Parent of the per-user folders: the local scheduler's homeRoot. */
  homeRoot: string;
  /** The server's data folder (opened for traversal only when it holds homeRoot). */
  dataDir?: string | undefined;
  /** Default: `perUser` when the server runs as root, else `shared` (user-accounts.ts). */
  separation?: 'perUser' | 'shared' | undefined;
}

const PATH = '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin';

/**
 * Local access mode, in `<homeRoot>/<name>`:
 *  - the server runs as root (`perUser`): each portal user's commands, shell and files run as that
 *    user's own POSIX account (made at approval or first use, user-accounts.ts), so the operating
 *    system keeps users apart and away from the server's secrets;
 *  - otherwise (`shared`): every portal user acts as the server's own OS account. Nothing separates
 *    one user from another but the portal's path checks, which is why the server binds to loopback
 *    in this mode unless the operator says otherwise (config.server).
 * Root without the programs to switch users refuses to start (LocalAccessRefusedError).
 */
export class LocalClusterAccess implements ClusterAccess {
  readonly mode = 'local' as const;
  readonly commands: CommandRunner;
  private readonly account = userInfo();
  /** Users' POSIX accounts (perUser), or null (shared). */
  private readonly accounts: LocalAccounts | null;

  constructor(private readonly opts: LocalAccessOptions) {
    const service = new LocalCommandRunner();
    this.accounts =
      (opts.separation ?? localSeparation()) === 'perUser'
        ? new LocalAccounts({ homeRoot: opts.homeRoot, dataDir: opts.dataDir })
        : null;
    this.commands = {
      run: async (user: string | null, argv: string[], o: RunOptions = {}): Promise<CommandResult> => {
        if (user === null) return service.run(null, argv, o);
        if (this.accounts) {
          const a = await this.accounts.ensure(user);
          if (argv.length === 0) throw new CommandFailedError('empty command');
          return runProcess(
            asAccount(a, argv),
            { cwd: o.cwd ?? a.home, env: { ...accountEnv(a), LC_ALL: 'C', ...o.env }, name: argv[0] },
            o,
          );
        }
        const home = await this.ensureHome(user);
        // Not the server's environment: it holds secrets such as DATABASE_URL.
        return runProcess(argv, { cwd: o.cwd ?? home, env: { ...this.userEnv(user, home), LC_ALL: 'C', ...o.env } }, o);
      },
    };
  }

  /** Whether each user acts as their own POSIX account. */
  get separatesUsers(): boolean {
    return this.accounts !== null;
  }

  /** The user's folder, made on first use and closed to other accounts. */
  async ensureHome(userName: string): Promise<string> {
    if (this.accounts) return (await this.accounts.ensure(userName)).home;
    const home = join(this.opts.homeRoot, assertPosixName(userName));
    await mkdir(home, { recursive: true, mode: 0o700 });
    return home;
  }

  async files(user: AccessUser): Promise<FileSession> {
    if (this.accounts) return new AccountFileSession(await this.accounts.ensure(user.name));
    return new LocalFileSession(await this.ensureHome(user.name));
  }

  async shell(user: AccessUser, opts: ShellOptions): Promise<ShellSession> {
    if (this.accounts) return this.accountShell(await this.accounts.ensure(user.name), opts);
    const home = await this.ensureHome(user.name);
    const shell = process.env.SHELL || '/bin/bash';
    return openLocalPty({
      shell,
      args: ['-l'],
      cwd: opts.cwd ?? home,
      cols: opts.cols,
      rows: opts.rows,
      env: this.userEnv(user.name, home),
    });
  }

  async provision(user: AccessUser): Promise<void> {
    await this.ensureHome(user.name);
  }

  /** A login shell as the account, through setpriv (node-pty's uid/gid would drop its groups). */
  private accountShell(a: PosixAccount, opts: ShellOptions): ShellSession {
    const [file, ...args] = asAccount(a, [a.shell, '-l']);
    return openLocalPty({
      shell: file as string,
      args,
      cwd: opts.cwd ?? a.home,
      cols: opts.cols,
      rows: opts.rows,
      env: { ...accountEnv(a), TERM: 'xterm-256color' },
    });
  }

  /**
   * Opened by the server itself on this host: it runs as root (a socket's owner may be any
   * account) or as the one account every user acts as.
   */
  openStream(_user: AccessUser, target: StreamTarget, reader: StreamReader): Promise<Duplex> {
    return new Promise((resolve, reject) => {
      const onread = {
        buffer: () => reader.next(),
        callback: (n: number, buf: Uint8Array) => reader.data(Buffer.from(buf.buffer, buf.byteOffset, n)),
      };
      const socket = connect({ ...target, onread });
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(socket);
      });
      socket.once('error', reject);
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** A minimal environment: HOME is the user's folder, the rest is the server account's. */
  private userEnv(_user: string, home: string): Record<string, string> {
    return {
      HOME: home,
      USER: this.account.username,
      LOGNAME: this.account.username,
      SHELL: process.env.SHELL || '/bin/bash',
      PATH,
      TERM: 'xterm-256color',
      LANG: process.env.LANG || 'C.UTF-8',
      ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
    };
  }
}
