import { userInfo } from 'node:os';
import { runProcess } from '../../access/command-runner.js';
import { accountEnv, asAccount, LocalAccounts, localSeparation } from '../../access/local/user-accounts.js';
import { ensureHome } from './paths.js';
import type { JobAccount } from './process.js';
import { reject } from './submission.js';

/**
 * Whose account the built-in scheduler's jobs run as: each user's own POSIX account when the
 * server runs as root (`perUser`, as local access does), else the server's own (`shared`).
 */
export class JobAccounts {
  private readonly accounts: LocalAccounts | null;

  constructor(
    private readonly homeRoot: string,
    dataDir: string,
    separation: 'perUser' | 'shared' = localSeparation(),
  ) {
    this.accounts = separation === 'perUser' ? new LocalAccounts({ homeRoot, dataDir }) : null;
  }

  /** The account jobs run as when everyone shares the server's, else null (each user's own). */
  get sharedUser(): string | null {
    return this.accounts ? null : userInfo().username;
  }

  /** The user's folder, made when missing (with their account, perUser). */
  async ensureHome(user: string): Promise<string> {
    return this.accounts ? (await this.accounts.ensure(user)).home : ensureHome(this.homeRoot, user);
  }

  /** The account a user's jobs run as (perUser), or undefined. */
  readonly accountOf = async (user: string): Promise<JobAccount | undefined> => {
    if (!this.accounts) return undefined;
    const a = await this.accounts.ensure(user);
    return { uid: a.uid, gid: a.gid, prefix: asAccount(a, []) };
  };

  /** The uid whose files the server may read for the user (perUser), or undefined. */
  async uidOf(user: string): Promise<number | undefined> {
    return this.accounts ? (await this.accounts.ensure(user)).uid : undefined;
  }

  /** Makes a work directory as the user's account (perUser), so a link on the way leads only where they may write; null: the server makes it. */
  get mkdirAs(): ((user: string, path: string) => Promise<void>) | null {
    const accounts = this.accounts;
    if (!accounts) return null;
    return async (user, path) => {
      const a = await accounts.ensure(user);
      const argv = asAccount(a, ['mkdir', '-p', '-m', '700', '--', path]);
      const r = await runProcess(argv, { cwd: '/', env: accountEnv(a) }, { timeoutMs: 60_000 });
      if (r.code !== 0) reject(`cannot create ${path}: ${r.stderr.trim()}`);
    };
  }
}
