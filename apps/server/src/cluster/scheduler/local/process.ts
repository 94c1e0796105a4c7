import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, constants, existsSync, openSync, readFileSync } from 'node:fs';
import { chown, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProcessExit } from './queue.js';

/*
 * Process supervision. A job runs as `bash <script>` under a small bash wrapper that is the
 * leader of a new session and process group; the wrapper waits for the script and writes its exit
 * status (and the CPU time of the script and everything it waited for) to a file in the state
 * folder. The server is not needed for that, so a job outlives a restart of the server and its
 * result is still known afterwards.
 *
 * The whole group gets the job's signals (SIGSTOP/SIGCONT to suspend and resume, SIGTERM then
 * SIGKILL to end it). The wrapper traps SIGTERM, SIGINT and SIGHUP so that it lives on to record
 * how the script ended: bash runs a trap only once the foreground command has finished, and $? is
 * then the script's own status. The script keeps the default handlers (a trap is not inherited).
 */

const BASH = existsSync('/bin/bash') ? '/bin/bash' : 'bash';

const WRAPPER = `
trap ':' TERM INT HUP
echo "$$" > "$3.tmp" && mv -f "$3.tmp" "$3"
bash "$1" < /dev/null
rc=$?
{ echo "$rc"; times; } > "$2.tmp" && mv -f "$2.tmp" "$2"
`;

/*
 * The same when the job runs as the user's own account (the server runs as root): the wrapper
 * stays root, to write the result into the state folder that the user cannot reach, and runs the
 * script through the account prefix ($7...: setpriv ... --). The user's shell opens the output
 * files, so a link the user planted on the way leads only where the user may write; it reads the
 * script from descriptor 3, opened here (the file is the user's, in a folder closed to them).
 * Output that cannot be opened fails the job with status 1.
 */
const WRAPPER_AS_ACCOUNT = `
trap ':' TERM INT HUP
echo "$$" > "$3.tmp" && mv -f "$3.tmp" "$3"
script=$1 exitfile=$2 out=$4 err=$5 append=$6
shift 6
"$@" bash -c '
if [ "$3" = 1 ]; then exec >>"$1" 2>>"$2" || exit 1
elif [ "$2" = "$1" ]; then exec >"$1" 2>&1 || exit 1
else exec >"$1" 2>"$2" || exit 1
fi
exec bash /dev/fd/3' portal-job "$out" "$err" "$append" 3< "$script" < /dev/null
rc=$?
{ echo "$rc"; times; } > "$exitfile.tmp" && mv -f "$exitfile.tmp" "$exitfile"
`;

/** The POSIX account a job runs as, when it is not the server's. */
export interface JobAccount {
  uid: number;
  gid: number;
  /** argv prefix that runs a program as the account (setpriv ... --). */
  prefix: string[];
}

export interface LaunchSpec {
  jobId: number;
  /** The run: 0 at first, one more after each requeue. */
  run: number;
  script: string;
  workDir: string;
  stdoutPath: string;
  stderrPath: string;
  env: Record<string, string>;
  /** Append to the output files (a rerun) instead of truncating them. */
  append: boolean;
  /** Run as this account (the server runs as root); default: the server's own. */
  account?: JobAccount | undefined;
}

export interface Launched {
  pid: number;
  child: ChildProcess;
}

export class LaunchError extends Error {
  override readonly name = 'LaunchError';
}

/** Seconds from bash's `times` format ("1m2.345s"). */
const timesSeconds = (text: string): number | null => {
  const m = /^(\d+)m(\d+(?:\.\d+)?)s$/.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** Parses the wrapper's exit file: the status, then `times` (the shell's own line, then its children's). */
export const parseExitFile = (text: string): ProcessExit | null => {
  const lines = text.split('\n').map((l) => l.trim());
  if (!/^\d+$/.test(lines[0] ?? '')) return null;
  const children = (lines[2] ?? '').split(/\s+/).map(timesSeconds);
  const cpu =
    children.length === 2 && children.every((x) => x !== null) ? (children[0] as number) + (children[1] as number) : null;
  return { status: Number(lines[0]), cpuSeconds: cpu };
};

/** Answers once the wrapper runs; the server may stop while the job runs on. */
const started = async (child: ChildProcess): Promise<Launched> => {
  const pid = await new Promise<number>((resolve, reject) => {
    child.once('spawn', () => resolve(child.pid as number));
    child.once('error', (err) => reject(new LaunchError(`cannot start the job: ${err.message}`)));
  });
  child.unref();
  return { pid, child };
};

export class JobProcesses {
  /**
   * @param stateDir private folder of this cluster's scheduler (created mode 700)
   * @param tag names this cluster in the processes' command lines, so a recycled pid is not taken for a job
   */
  constructor(
    readonly stateDir: string,
    private readonly tag: string,
  ) {}

  /** stateDir is absolute and normalised, so concatenation gives what join would, without its cost per job. */
  jobDir(jobId: number): string {
    return `${this.stateDir}/jobs/${jobId}`;
  }

  files(jobId: number, run: number) {
    const dir = this.jobDir(jobId);
    return { dir, script: join(dir, 'script.sh'), exit: join(dir, `run-${run}.exit`), pid: join(dir, `run-${run}.pid`) };
  }

  /** Marks the job's processes: the wrapper's $0. */
  marker(jobId: number, run: number): string {
    return `portal-job:${this.tag}:${jobId}:${run}`;
  }

  /** Writes the script and starts the job; answers once the wrapper runs. */
  async launch(spec: LaunchSpec): Promise<Launched> {
    const f = this.files(spec.jobId, spec.run);
    await mkdir(f.dir, { recursive: true, mode: 0o700 });
    await rm(f.exit, { force: true });
    await rm(f.pid, { force: true });
    await writeFile(`${f.script}.tmp`, spec.script, { mode: 0o700 });
    if (spec.account) await chown(`${f.script}.tmp`, spec.account.uid, spec.account.gid);
    await rename(`${f.script}.tmp`, f.script);
    if (spec.account) return this.launchAsAccount(spec, f, spec.account);

    // Output files are opened here, not by a shell: a symbolic link planted at their place is not followed.
    const flags =
      constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | (spec.append ? constants.O_APPEND : constants.O_TRUNC);
    const fds: number[] = [];
    try {
      fds.push(openSync(spec.stdoutPath, flags, 0o644));
      fds.push(spec.stderrPath === spec.stdoutPath ? (fds[0] as number) : openSync(spec.stderrPath, flags, 0o644));
    } catch (err) {
      for (const fd of new Set(fds)) closeSync(fd);
      throw new LaunchError(`cannot open the output files: ${(err as Error).message}`);
    }
    let child: ChildProcess;
    try {
      child = spawn(BASH, ['-c', WRAPPER, this.marker(spec.jobId, spec.run), f.script, f.exit, f.pid], {
        cwd: spec.workDir,
        env: spec.env,
        detached: true,
        stdio: ['ignore', fds[0] as number, fds[1] as number],
      });
    } catch (err) {
      throw new LaunchError(`cannot start the job: ${(err as Error).message}`);
    } finally {
      for (const fd of new Set(fds)) closeSync(fd);
    }
    return started(child);
  }

  private async launchAsAccount(spec: LaunchSpec, f: ReturnType<JobProcesses['files']>, account: JobAccount): Promise<Launched> {
    const args = [f.script, f.exit, f.pid, spec.stdoutPath, spec.stderrPath, spec.append ? '1' : '0', ...account.prefix];
    return started(
      spawn(BASH, ['-c', WRAPPER_AS_ACCOUNT, this.marker(spec.jobId, spec.run), ...args], {
        cwd: spec.workDir,
        env: spec.env,
        detached: true,
        stdio: 'ignore',
      }),
    );
  }

  /** Whether the wrapper of this run still lives (not a zombie, not a recycled pid). */
  isAlive(pid: number, jobId: number, run: number): boolean {
    try {
      process.kill(pid, 0);
    } catch {
      // ESRCH: gone. EPERM: the pid now belongs to another account, so not to a job of ours.
      return false;
    }
    const proc = `/proc/${pid}`;
    if (!existsSync('/proc/self')) return true;
    try {
      const stat = readFileSync(`${proc}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state === 'Z' || state === 'X') return false;
      return readFileSync(`${proc}/cmdline`, 'utf8').split('\u0000').includes(this.marker(jobId, run));
    } catch {
      return false;
    }
  }

  /** Sends a signal to the job's process group; false when the group is gone. */
  signal(pid: number, sig: NodeJS.Signals): boolean {
    try {
      process.kill(-pid, sig);
      return true;
    } catch {
      return false;
    }
  }

  /** What the wrapper of a run wrote when the script ended, or null when it did not. */
  async readExit(jobId: number, run: number): Promise<ProcessExit | null> {
    try {
      return parseExitFile(await readFile(this.files(jobId, run).exit, 'utf8'));
    } catch {
      return null;
    }
  }

  /** The wrapper's pid as it wrote it, for a run whose start was not recorded. */
  async readPid(jobId: number, run: number): Promise<number | null> {
    try {
      const text = (await readFile(this.files(jobId, run).pid, 'utf8')).trim();
      return /^\d+$/.test(text) ? Number(text) : null;
    } catch {
      return null;
    }
  }

  /** Forgets an ended job's files. */
  async forget(jobId: number): Promise<void> {
    await rm(this.jobDir(jobId), { recursive: true, force: true });
  }
}
