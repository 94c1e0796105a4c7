import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, lstat, mkdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { isWithin } from '../../scheduler/local/paths.js';
import { assertPosixName } from '../errors.js';
import { forgetIdNames } from './id-names.js';

/*
 * Local access mode as root: every portal user acts as their own POSIX account on this host, so
 * the operating system keeps users apart from each other and from the server (its secrets, its
 * environment in /proc/<pid>/environ). The account is the portal user name, created at approval
 * (or on first use) with useradd as ssh provisioning does; programs run through
 *   setpriv --reuid=<uid> --regid=<gid> --init-groups -- <argv>
 * setpriv (util-linux) rather than Node's spawn uid/gid options, which drop every supplementary
 * group (libuv calls setgroups(0)); rather than runuser/su, which open a PAM session and stay as a
 * root parent of the program: setpriv just changes the ids and execs, so a job's process group
 * and a shell's pty hold only the user's processes.
 */

/** Accounts below this uid are the system's: a portal user must never run as one of them. */
export const MIN_UID = 1000;
/** `nobody` and beyond (65534, 4294967294, …): not a person's account either. */
const MAX_UID = 65533;
/** The comment (GECOS) of the accounts the portal creates, so that they can be recognised. */
export const ACCOUNT_COMMENT = 'HPC Portal user';

export interface PosixAccount {
  name: string;
  uid: number;
  gid: number;
  shell: string;
  /** The user's portal folder, `<homeRoot>/<name>` (owned by the account, mode 700). */
  home: string;
}

/** Root, but the programs that switch users are missing: local mode refuses to start. */
export class LocalAccessRefusedError extends Error {
  override readonly name = 'LocalAccessRefusedError';
}

const SEARCH = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];
const TOOLS: Record<string, string> = { setpriv: 'util-linux', useradd: 'passwd', userdel: 'passwd', getent: 'libc-bin' };
const which = (program: string): string | undefined => SEARCH.map((d) => join(d, program)).find((p) => existsSync(p));

/**
 * How local mode separates users on this host: `perUser` (root: each user's own account) or
 * `shared` (not root: everyone is the server's account, loopback only). Throws
 * LocalAccessRefusedError, saying how to fix it, when root lacks the programs it needs.
 */
export const localSeparation = (
  uid = process.getuid?.(),
  installed: (program: string) => boolean = (p) => which(p) !== undefined,
): 'perUser' | 'shared' => {
  if (uid !== 0) return 'shared';
  const missing = Object.keys(TOOLS).filter((p) => !installed(p));
  if (missing.length === 0) return 'perUser';
  const packages = [...new Set(missing.map((p) => TOOLS[p]))].join(' ');
  throw new LocalAccessRefusedError(
    `Refusing to start: the server runs as root with access mode 'local', where each portal user's jobs, shell and ` +
      `files run as that user's own POSIX account, but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing. ` +
      `Install ${packages} (e.g. apt-get install ${packages}), run the server as an unprivileged account (all users then ` +
      "share it, loopback only), or switch the cluster to access.mode 'ssh' (docs/cluster-access.md).",
  );
};

const run = (file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolvePromise) => {
    execFile(file, args, { env: { PATH: SEARCH.join(':'), LC_ALL: 'C' }, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolvePromise({ code, stdout, stderr });
    });
  });

/** The passwd entry of `name`, or null. */
const getent = async (name: string): Promise<{ uid: number; gid: number; shell: string } | null> => {
  const r = await run('getent', ['passwd', '--', name]);
  if (r.code !== 0) return null;
  const f = r.stdout.trim().split(':');
  return { uid: Number(f[2]), gid: Number(f[3]), shell: f[6] || '/bin/bash' };
};

/* useradd locks /etc/passwd: one at a time here, and a few tries when another process holds it. */
let accountQueue: Promise<unknown> = Promise.resolve();
const serially = <T>(fn: () => Promise<T>): Promise<T> => {
  const next = accountQueue.then(fn, fn);
  accountQueue = next.catch(() => undefined);
  return next;
};

const useradd = (name: string, home: string): Promise<void> =>
  serially(async () => {
    for (let attempt = 1; ; attempt++) {
      if (await getent(name)) return;
      // -M: the home is made below (mode 700, owned by the user); '*': no password login.
      // Portal names may hold capitals or dots, which useradd's default rule refuses (--badname: shadow 4.9+).
      const lax = /^[a-z_][a-z0-9_-]*$/.test(name) ? [] : ['--badname'];
      const r = await run('useradd', [
        ...lax,
        '-M',
        '-U',
        '-d',
        home,
        '-s',
        '/bin/bash',
        '-p',
        '*',
        '-c',
        ACCOUNT_COMMENT,
        '--',
        name,
      ]);
      // 9: made meanwhile by another process; 1 and 10: /etc/passwd or /etc/group locked.
      if (r.code === 0 || r.code === 9) return;
      if ((r.code !== 1 && r.code !== 10) || attempt >= 20)
        throw new Error(`cannot create the POSIX account ${name}: ${r.stderr.trim() || `useradd exited ${r.code}`}`);
      await new Promise((w) => setTimeout(w, 100 * attempt));
    }
  });

/* Looked up once: every command, job and shell of a user starts through it. */
let setpriv: string | undefined;
const setprivPath = (): string => (setpriv ??= which('setpriv') ?? 'setpriv');

/** Prefix that runs argv as the account, with its supplementary groups. */
export const asAccount = (a: PosixAccount, argv: string[]): string[] => [
  setprivPath(),
  `--reuid=${a.uid}`,
  `--regid=${a.gid}`,
  '--init-groups',
  '--',
  ...argv,
];

/** A login-like environment for the account: never the server's own (it holds secrets). */
export const accountEnv = (a: PosixAccount): Record<string, string> => ({
  HOME: a.home,
  USER: a.name,
  LOGNAME: a.name,
  SHELL: a.shell,
  PATH: '/usr/local/bin:/usr/bin:/bin',
  LANG: process.env.LANG || 'C.UTF-8',
  ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
});

export interface LocalAccountsOptions {
  /** Parent of the users' folders. */
  homeRoot: string;
  /** The server's data folder: when it holds homeRoot, it is opened for traversal only (711). */
  dataDir?: string | undefined;
}

/** The POSIX accounts of portal users on this host (root only), each made once and then cached. */
export class LocalAccounts {
  private readonly homeRoot: string;
  private readonly known = new Map<string, Promise<PosixAccount>>();
  private rootReady: Promise<void> | undefined;

  constructor(private readonly opts: LocalAccountsOptions) {
    this.homeRoot = resolve(opts.homeRoot);
  }

  /** The user's account and folder, created when missing; refuses system accounts. */
  ensure(name: string): Promise<PosixAccount> {
    assertPosixName(name);
    let p = this.known.get(name);
    if (!p) {
      p = this.make(name);
      this.known.set(name, p);
      p.catch(() => this.known.delete(name));
    }
    return p;
  }

  private async make(name: string): Promise<PosixAccount> {
    const home = join(this.homeRoot, name);
    await this.prepareRoot();
    let entry = await getent(name);
    if (!entry) {
      await useradd(name, home);
      // Listings name owners from a cache of /etc/passwd: the new account must show by name.
      forgetIdNames();
      entry = await getent(name);
      if (!entry) throw new Error(`the POSIX account ${name} was not found after creating it`);
    }
    if (!(entry.uid >= MIN_UID && entry.uid <= MAX_UID))
      throw new Error(`refusing to act as ${name}: it is a system account (uid ${entry.uid}), not a portal user's`);
    const account: PosixAccount = { name, uid: entry.uid, gid: entry.gid, shell: entry.shell, home };
    await this.ensureHome(account);
    return account;
  }

  /** `<homeRoot>/<name>`, mode 700, the account's own (a folder made before, as root, is handed over once). */
  private async ensureHome(a: PosixAccount): Promise<void> {
    await mkdir(a.home, { mode: 0o700 }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
    const s = await lstat(a.home);
    if (!s.isDirectory()) throw new Error(`${a.home} is not a folder`);
    if (s.uid !== a.uid) {
      // chown -R does not follow links inside the tree.
      const r = await run('chown', ['-R', '--', `${a.uid}:${a.gid}`, a.home]);
      if (r.code !== 0) throw new Error(`cannot hand ${a.home} to ${a.name}: ${r.stderr.trim()}`);
      await chmod(a.home, 0o700);
    }
  }

  /** Users must reach their folder: homeRoot and the folders above it searchable (x), not readable. */
  private prepareRoot(): Promise<void> {
    this.rootReady ??= (async () => {
      await mkdir(this.homeRoot, { recursive: true, mode: 0o711 });
      const dataDir = this.opts.dataDir ? resolve(this.opts.dataDir) : undefined;
      for (let dir = this.homeRoot; ; dir = dirname(dir)) {
        const s = await stat(dir);
        if (dataDir && isWithin(dataDir, dir)) {
          // Ours: search only, so nothing in the data folder can be listed, and its secrets stay 600/700.
          if ((s.mode & 0o777) !== 0o711) await chmod(dir, 0o711);
        } else if ((s.mode & 0o001) === 0) {
          throw new Error(`users cannot reach their folders in ${this.homeRoot}: ${dir} is not searchable by others (chmod o+x)`);
        }
        if (dir === dirname(dir)) break;
      }
    })();
    this.rootReady.catch(() => (this.rootReady = undefined));
    return this.rootReady;
  }
}

/**
 * Removes the accounts the portal created whose folder lay under `root` and is gone (tests: their
 * data folder goes away with them). Only accounts with the portal's comment are touched.
 */
export const removeAccountsUnder = async (root: string): Promise<string[]> => {
  if (process.getuid?.() !== 0) return [];
  const r = await run('getent', ['passwd']);
  const base = resolve(root);
  const names = r.stdout
    .split('\n')
    .map((l) => l.split(':'))
    // Only those whose folder is gone with its data folder: an account still in use keeps it.
    .filter((f) => f[4] === ACCOUNT_COMMENT && f[5] && isWithin(base, f[5]) && f[5] !== base && !existsSync(f[5]))
    .map((f) => f[0] as string);
  for (const n of names) await serially(() => run('userdel', ['--', n]));
  return names;
};
