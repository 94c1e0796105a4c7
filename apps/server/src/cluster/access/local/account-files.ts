import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { basename } from 'node:path';
import { type Readable, Writable } from 'node:stream';
import { type CommandResult, runProcess } from '../command-runner.js';
import { archiveArgv } from '../archive.js';
import { assertAbsolute, fromStderr, refuseExisting } from '../errors.js';
import { batches, childPaths, detailsArgv, FORMAT, listArgv, parseListing } from '../listing.js';
import { readNames } from '../names-reader.js';
import type { DirName, FileSession, StatKey, FileStat, ReadRange, WriteOptions } from '../types.js';
import { FileAccessError } from '../types.js';
import { idNames } from './id-names.js';
import { tarStream } from './local-files.js';
import { accountEnv, asAccount, type PosixAccount } from './user-accounts.js';

/** `find -iname` treats * ? [ and \ as a pattern: the searched text is literal. */
const globLiteral = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/**
 * Files as the user's own POSIX account (local mode, server running as root): every operation is
 * a fixed program (find, stat-by-find, realpath, mkdir, mv, cp, rm, ln, chmod, dd, tar) started
 * through setpriv as the account, so the kernel decides what it may touch. The server (root) never
 * opens a user's path itself: a link the user made to /root or to the server's secrets leads
 * nowhere the account could not go. The same shape as the ssh file session (programs for
 * everything but single entries there; here single entries too, with `find -maxdepth 0`).
 */
export class AccountFileSession implements FileSession {
  constructor(private readonly a: PosixAccount) {}

  home(): Promise<string> {
    return Promise.resolve(this.a.home);
  }

  async list(dir: string): Promise<FileStat[]> {
    assertAbsolute(dir);
    const [r, ids] = await Promise.all([this.run(listArgv(dir), 120_000, 1024 * 1024 * 1024), idNames()]);
    if (r.stdout === '') {
      if ((await this.stat(dir)).kind !== 'dir') throw new FileAccessError('notDir', `${dir}: notDir`);
      if (r.code !== 0) throw fromStderr(r.stderr, dir);
    }
    return parseListing(r.stdout, ids);
  }

  names(dir: string, withStat?: StatKey): Promise<DirName[]> {
    assertAbsolute(dir);
    return readNames(
      (argv, maxOutputBytes, onOutput) => this.run(argv, 120_000, maxOutputBytes, onOutput),
      dir,
      withStat,
      async (p) => (await this.stat(p)).kind,
    );
  }

  async details(dir: string, names: string[]): Promise<FileStat[]> {
    assertAbsolute(dir);
    const ids = await idNames();
    const paths = childPaths(dir, names);
    // Well under the kernel's argument limit (2 MiB), whatever the names' lengths.
    const outs = await Promise.all(batches(paths, 512 * 1024).map((b) => this.run(detailsArgv(b), 120_000, 64 * 1024 * 1024)));
    return outs.flatMap((r) => parseListing(r.stdout, ids));
  }

  stat(path: string): Promise<FileStat> {
    return this.entry(path, true);
  }

  lstat(path: string): Promise<FileStat> {
    return this.entry(path, false);
  }

  async realpath(path: string): Promise<string> {
    assertAbsolute(path);
    const r = await this.run(['realpath', '-e', '-z', '--', path]);
    if (r.code !== 0) throw fromStderr(r.stderr, path);
    return r.stdout.replace(/\0$/, '');
  }

  async realpaths(paths: string[]): Promise<string[]> {
    for (const p of paths) assertAbsolute(p);
    const r = await this.run(['realpath', '-e', '-z', '--', ...paths]);
    const out = r.stdout.split('\0').slice(0, -1);
    if (r.code !== 0 || out.length !== paths.length) throw fromStderr(r.stderr, paths.join(' '));
    return out;
  }

  async mkdir(path: string, mode = 0o755): Promise<void> {
    assertAbsolute(path);
    await this.program(['mkdir', '-m', (mode & 0o7777).toString(8), '--', path], path);
  }

  async rename(from: string, to: string): Promise<void> {
    assertAbsolute(from);
    assertAbsolute(to);
    await this.refuseExisting(to);
    // -T: never move *into* an existing folder named `to`.
    await this.program(['mv', '-T', '--', from, to], from);
  }

  async copy(from: string, to: string): Promise<void> {
    assertAbsolute(from);
    assertAbsolute(to);
    await this.refuseExisting(to);
    await this.program(['cp', '-a', '--', from, to], `copy ${from}`);
  }

  async remove(path: string): Promise<void> {
    await this.lstat(path);
    await this.program(['rm', '-rf', '--', path], `remove ${path}`);
  }

  async symlink(target: string, path: string): Promise<void> {
    assertAbsolute(path);
    // ln without -f refuses an existing name.
    await this.program(['ln', '-s', '-T', '--', target, path], path);
  }

  async chmod(path: string, mode: number): Promise<void> {
    assertAbsolute(path);
    await this.program(['chmod', (mode & 0o7777).toString(8), '--', path], path);
  }

  async createReadStream(path: string, range: ReadRange = {}): Promise<Readable> {
    assertAbsolute(path);
    if ((await this.stat(path)).kind === 'dir') throw new FileAccessError('isDir', `${path}: isDir`);
    // Opened once first, so a closed file fails here with its reason rather than on the stream.
    await this.program(['dd', `if=${path}`, 'count=0', 'status=none'], path);
    const start = range.start ?? 0;
    const argv = ['dd', `if=${path}`, 'bs=256K', 'iflag=skip_bytes,count_bytes', `skip=${start}`, 'status=none'];
    if (range.end !== undefined) argv.push(`count=${Math.max(0, range.end - start + 1)}`);
    return tarStream(this.spawnOut(argv), `read ${path}`);
  }

  async createWriteStream(path: string, opts: WriteOptions = {}): Promise<Writable> {
    assertAbsolute(path);
    if (opts.offset !== undefined) {
      // Resuming: the file must exist (and be writable).
      await this.program(['dd', `of=${path}`, 'conv=notrunc,nocreat', 'count=0', 'status=none'], path);
    } else {
      // Created with the mode (through the umask) or truncated, like open(path, 'w', mode).
      const umask = (0o777 & ~(opts.mode ?? 0o644)).toString(8);
      await this.program(['sh', '-c', 'umask "$1" && : > "$2"', 'sh', umask, path], path);
    }
    const argv = ['dd', `of=${path}`, 'bs=256K', 'conv=notrunc', 'oflag=seek_bytes', `seek=${opts.offset ?? 0}`, 'status=none'];
    return this.spawnIn(argv, `write ${path}`);
  }

  async archive(dir: string): Promise<Readable> {
    assertAbsolute(dir);
    await this.lstat(dir);
    return tarStream(this.spawnOut(archiveArgv(dir)), `archive ${dir}`);
  }

  async search(dir: string, text: string, limit: number): Promise<string[]> {
    assertAbsolute(dir);
    await this.lstat(dir);
    const n = Math.max(1, Math.trunc(limit));
    const child = this.spawnOut(['find', '-H', dir, '-mindepth', '1', '-iname', `*${globLiteral(text)}*`, '-print0']);
    let errors = '';
    child.stderr.on('data', (b: Buffer) => {
      if (errors.length < 64 * 1024) errors += b.toString('utf8');
    });
    const out: string[] = [];
    let rest = '';
    // Stops find once enough names came; unreadable folders are skipped (find's exit 1).
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (b: Buffer) => {
        const parts = (rest + b.toString('utf8')).split('\0');
        rest = parts.pop() ?? '';
        for (const p of parts) if (out.length < n) out.push(p);
        if (out.length >= n) child.kill();
      });
      child.on('close', () => resolve());
      child.on('error', () => resolve());
    });
    // Unreadable folders below are skipped, but the searched folder itself must be readable.
    const top = errors.split('\n').find((line) => line.startsWith(`find: '${dir}': `));
    if (out.length === 0 && top) throw fromStderr(top, dir);
    return out;
  }

  /** stat (follow) or lstat of one entry, as find prints listings. */
  private async entry(path: string, follow: boolean): Promise<FileStat> {
    assertAbsolute(path);
    const [r, ids] = await Promise.all([
      this.run(['find', follow ? '-L' : '-P', path, '-maxdepth', '0', '-printf', FORMAT]),
      idNames(),
    ]);
    const [e] = parseListing(r.stdout, ids);
    if (!e) throw fromStderr(r.stderr, path);
    // find -L reports a link it cannot follow as the link itself: stat() of it finds nothing.
    if (follow && e.kind === 'link') throw new FileAccessError('notFound', `${path}: notFound`);
    return { ...e, name: basename(path) };
  }

  private refuseExisting(path: string): Promise<void> {
    return refuseExisting(path, (p) => this.lstat(p));
  }

  private run(
    argv: string[],
    timeoutMs = 3_600_000,
    maxOutputBytes = 64 * 1024,
    onOutput?: (chunk: Buffer) => void,
  ): Promise<CommandResult> {
    return runProcess(
      asAccount(this.a, argv),
      { cwd: '/', env: { ...accountEnv(this.a), LC_ALL: 'C' }, name: argv[0] },
      { timeoutMs, maxOutputBytes, onOutput },
    );
  }

  private async program(argv: string[], what: string): Promise<void> {
    const r = await this.run(argv);
    if (r.code !== 0) throw fromStderr(r.stderr, what);
  }

  private spawnOut(argv: string[]): ChildProcessByStdio<null, Readable, Readable> {
    const [file, ...args] = asAccount(this.a, argv);
    return spawn(file as string, args, {
      cwd: '/',
      env: { ...accountEnv(this.a), LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }

  /** A program's standard input as a Writable that finishes once the program exited 0 (dd wrote it all). */
  private spawnIn(argv: string[], what: string): Writable {
    const [file, ...args] = asAccount(this.a, argv);
    const child = spawn(file as string, args, {
      cwd: '/',
      env: { ...accountEnv(this.a), LC_ALL: 'C' },
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4096)));
    let code: number | null | undefined;
    const closed = new Promise<void>((resolve) => {
      child.on('close', (c) => {
        code = c;
        resolve();
      });
      child.on('error', (err) => {
        stderr ||= err.message;
        code = -1;
        resolve();
      });
    });
    child.stdin.on('error', () => {});
    let ending = false;
    const out = new Writable({
      write(chunk: Buffer, _enc, cb) {
        if (child.stdin.write(chunk)) cb();
        else child.stdin.once('drain', () => cb());
      },
      final(cb) {
        ending = true;
        child.stdin.end();
        void closed.then(() => cb(code === 0 ? null : fromStderr(stderr, what)));
      },
      destroy(err, cb) {
        if (code === undefined) child.kill();
        cb(err);
      },
    });
    // dd gone before its input ended: what it accepted may be lost, so the writer fails.
    void closed.then(() => {
      if (ending || out.destroyed) return;
      out.destroy(fromStderr(stderr || 'the writer ended early', what));
    });
    return out;
  }
}
