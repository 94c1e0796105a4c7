import { spawn } from 'node:child_process';
import { userInfo } from 'node:os';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Data written to the command's standard input. */
  input?: string;
  timeoutMs?: number;
  cwd?: string;
  /** Keep at most this many bytes of standard output (the rest is dropped). */
  maxOutputBytes?: number;
  /** Standard output as it comes, instead of collected: the result's stdout is then empty. */
  onOutput?: (chunk: Buffer) => void;
  /** Extra environment variables for the command (e.g. SLURM_TIME_FORMAT). */
  env?: Record<string, string>;
}

/**
 * Runs a program (argv, never a shell string) as a POSIX account: `user`, or the portal's service
 * identity when `user` is null. The cluster-access layer provides implementations: this host
 * (below) now, login nodes over SSH later.
 */
export interface CommandRunner {
  run(user: string | null, argv: string[], opts?: RunOptions): Promise<CommandResult>;
}

/** The command could not be started or did not finish in time. */
export class CommandFailedError extends Error {
  override readonly name = 'CommandFailedError';
}

const POSIX_NAME = /^[a-z_][a-z0-9_.-]{0,31}$/i;

/**
 * What a command run as another account inherits: not the server's environment (it holds secrets
 * such as DATABASE_URL, and sbatch would hand it on to the user's job). runuser sets HOME, USER,
 * LOGNAME and SHELL of that account.
 */
const OTHER_USER_ENV = { PATH: '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin' };

/**
 * Runs commands on this host. The service identity is the server's own account. Another user is
 * reached with `runuser` when the server runs as root; otherwise only the server's own account can
 * be used, and asking for another one is refused.
 */
export class LocalCommandRunner implements CommandRunner {
  private readonly self = userInfo().username;
  private readonly isRoot = process.getuid?.() === 0;

  async run(user: string | null, argv: string[], opts: RunOptions = {}): Promise<CommandResult> {
    if (argv.length === 0) throw new CommandFailedError('empty command');
    let full = argv;
    let baseEnv: NodeJS.ProcessEnv = process.env;
    let cwd = opts.cwd;
    if (user !== null && user !== this.self) {
      if (!POSIX_NAME.test(user)) throw new CommandFailedError(`not a POSIX account name: ${user}`);
      if (!this.isRoot) throw new CommandFailedError(`cannot act as ${user}: the portal does not run as root`);
      full = ['runuser', '-u', user, '--', ...argv];
      baseEnv = { ...OTHER_USER_ENV, ...(process.env.TZ ? { TZ: process.env.TZ } : {}) };
      // The server's folder may be closed to that account.
      cwd ??= '/';
    }
    return runProcess(full, { cwd, env: { ...baseEnv, LC_ALL: 'C', ...opts.env }, name: argv[0] }, opts);
  }
}

/**
 * Spawns argv (no shell) with exactly the given environment, feeds `opts.input`, collects output up
 * to `opts.maxOutputBytes` and kills it after `opts.timeoutMs`.
 */
export const runProcess = (
  argv: string[],
  spawnOpts: { cwd?: string; env: NodeJS.ProcessEnv; /** For messages (argv[0] by default). */ name?: string },
  opts: RunOptions = {},
): Promise<CommandResult> => {
  const full = argv;
  const name = spawnOpts.name ?? argv[0];
  if (name === undefined) return Promise.reject(new CommandFailedError('empty command'));
  return new Promise<CommandResult>((resolve, reject) => {
    const child = spawn(full[0] as string, full.slice(1), {
      cwd: spawnOpts.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: spawnOpts.env,
    });
    const limit = opts.maxOutputBytes ?? 64 * 1024 * 1024;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    child.stdout.on('data', (b: Buffer) => {
      if (opts.onOutput) opts.onOutput(b);
      else if (outBytes < limit) out.push(b.subarray(0, limit - outBytes));
      outBytes += b.length;
    });
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          child.kill('SIGKILL');
          reject(new CommandFailedError(`${name} did not finish within ${opts.timeoutMs} ms`));
        }, opts.timeoutMs)
      : undefined;
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new CommandFailedError(`${name}: ${e.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(opts.input ?? '');
  });
};
