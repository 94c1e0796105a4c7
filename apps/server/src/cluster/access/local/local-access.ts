import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { type CommandResult, type CommandRunner, LocalCommandRunner, type RunOptions, runProcess } from '../command-runner.js';
import { assertPosixName } from '../errors.js';
import type { AccessUser, ClusterAccess, FileSession, ShellOptions, ShellSession } from '../types.js';
import { LocalFileSession } from './local-files.js';
import { openLocalPty } from './local-shell.js';

export interface LocalAccessOptions {
  /** Parent of the per-user folders: the local scheduler's homeRoot. */
  homeRoot: string;
}

const PATH = '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin';

/**
 * Local access mode: every portal user acts as the server's own OS account, in `<homeRoot>/<name>`.
 * Nothing separates one user from another but the portal's path checks, which is why the server
 * binds to loopback in this mode unless the operator says otherwise (config.server).
 */
export class LocalClusterAccess implements ClusterAccess {
  readonly mode = 'local' as const;
  readonly commands: CommandRunner;
  private readonly account = userInfo();

  constructor(private readonly opts: LocalAccessOptions) {
    const service = new LocalCommandRunner();
    this.commands = {
      run: async (user: string | null, argv: string[], o: RunOptions = {}): Promise<CommandResult> => {
        if (user === null) return service.run(null, argv, o);
        const home = await this.ensureHome(user);
        // Not the server's environment: it holds secrets such as DATABASE_URL.
        return runProcess(argv, { cwd: o.cwd ?? home, env: { ...this.userEnv(user, home), LC_ALL: 'C', ...o.env } }, o);
      },
    };
  }

  /** The user's folder, made on first use and closed to other accounts. */
  async ensureHome(userName: string): Promise<string> {
    const home = join(this.opts.homeRoot, assertPosixName(userName));
    await mkdir(home, { recursive: true, mode: 0o700 });
    return home;
  }

  async files(user: AccessUser): Promise<FileSession> {
    return new LocalFileSession(await this.ensureHome(user.name));
  }

  async shell(user: AccessUser, opts: ShellOptions): Promise<ShellSession> {
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
