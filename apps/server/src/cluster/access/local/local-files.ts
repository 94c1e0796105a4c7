import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { createReadStream, createWriteStream, type Dirent, type Stats } from 'node:fs';
import { chmod, lstat, mkdir, open, opendir, readdir, readlink, realpath, rename, rm, stat, symlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { runProcess } from '../command-runner.js';
import { assertAbsolute, fromStderr, toFileError } from '../errors.js';
import type { DirName, FileKind, FileSession, StatKey, FileStat, ReadRange, WriteOptions } from '../types.js';
import { FileAccessError } from '../types.js';
import { idNames } from './id-names.js';
import { childPaths, listArgv, namesArgv, parseListing, parseNames } from '../listing.js';

const PROGRAM_ENV = { PATH: '/usr/local/bin:/usr/bin:/bin', LC_ALL: 'C' };

const kindOf = (s: Stats): FileKind => (s.isFile() ? 'file' : s.isDirectory() ? 'dir' : s.isSymbolicLink() ? 'link' : 'other');

const direntKind = (d: Dirent): FileKind =>
  d.isFile() ? 'file' : d.isDirectory() ? 'dir' : d.isSymbolicLink() ? 'link' : 'other';

const toStat = async (name: string, s: Stats, path: string): Promise<FileStat> => {
  const ids = await idNames();
  const out: FileStat = {
    name,
    kind: kindOf(s),
    size: s.size,
    mtimeMs: Math.trunc(s.mtimeMs),
    mode: s.mode,
    owner: ids.users.get(s.uid) ?? String(s.uid),
    group: ids.groups.get(s.gid) ?? String(s.gid),
  };
  if (out.kind === 'link') out.target = await readlink(path).catch(() => '');
  return out;
};

/** Runs a fixed program on paths; its error output becomes a FileAccessError. */
const program = async (argv: string[], what: string): Promise<void> => {
  const r = await runProcess(argv, { env: PROGRAM_ENV }, { timeoutMs: 3_600_000, maxOutputBytes: 64 * 1024 });
  if (r.code !== 0) throw fromStderr(r.stderr, what);
};

/**
 * The archive as tar writes it; ends only when tar succeeded, so a tar that failed midway does not
 * look like a complete archive to the downloader. Whoever stops reading ends tar.
 */
export const tarStream = (child: ChildProcessByStdio<null, Readable, Readable>, what: string): Readable => {
  const out = new PassThrough();
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4096)));
  child.stdout.pipe(out, { end: false });
  child.on('error', (err) => out.destroy(toFileError(err, what)));
  child.on('close', (code) => (code === 0 ? out.end() : out.destroy(fromStderr(stderr, what))));
  out.on('close', () => child.kill());
  return out;
};

/**
 * Files as the server's own account (local access mode). Every node:fs error becomes a
 * FileAccessError with a reason the user can act on.
 */
export class LocalFileSession implements FileSession {
  constructor(private readonly homeDir: string) {}

  home(): Promise<string> {
    return Promise.resolve(this.homeDir);
  }

  async list(dir: string): Promise<FileStat[]> {
    assertAbsolute(dir);
    const [r, ids] = await Promise.all([
      runProcess(listArgv(dir), { env: PROGRAM_ENV }, { timeoutMs: 120_000, maxOutputBytes: 1024 * 1024 * 1024 }),
      idNames(),
    ]);
    if (r.stdout === '') {
      // Empty, or find could not read it: stat tells which (find lists a file as empty).
      if ((await this.stat(dir)).kind !== 'dir') throw new FileAccessError('notDir', `${dir}: notDir`);
      if (r.code !== 0) throw fromStderr(r.stderr, dir);
    }
    // find exits 1 when an entry vanished while it listed: the rest of the listing still holds.
    return parseListing(r.stdout, ids);
  }

  async names(dir: string, withStat?: StatKey): Promise<DirName[]> {
    assertAbsolute(dir);
    if (withStat) {
      // A stat of every entry: find does it in one pass, many times faster than one lstat call each here.
      const r = await runProcess(
        namesArgv(dir, withStat),
        { env: PROGRAM_ENV },
        { timeoutMs: 120_000, maxOutputBytes: 1024 * 1024 * 1024 },
      );
      if (r.stdout === '') {
        if ((await this.stat(dir)).kind !== 'dir') throw new FileAccessError('notDir', `${dir}: notDir`);
        if (r.code !== 0) throw fromStderr(r.stderr, dir);
      }
      return parseNames(r.stdout, withStat);
    }
    let dirents;
    try {
      // The kinds come from d_type (Node stats only entries whose file system leaves it unknown).
      dirents = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      throw toFileError(err, dir);
    }
    const names: DirName[] = dirents.map((d) => ({ name: d.name, kind: direntKind(d), targetKind: null }));
    // Links alone are followed, for the kind of what they point at.
    await Promise.all(
      names
        .filter((n) => n.kind === 'link')
        .map(async (n) => {
          n.targetKind = await stat(join(dir, n.name)).then(kindOf, () => null);
        }),
    );
    return names;
  }

  async details(dir: string, names: string[]): Promise<FileStat[]> {
    assertAbsolute(dir);
    const found = await Promise.all(
      childPaths(dir, names).map((p) =>
        lstat(p).then(
          (s) => toStat(basename(p), s, p),
          () => undefined,
        ),
      ),
    );
    return found.filter((s) => s !== undefined);
  }

  async stat(path: string): Promise<FileStat> {
    assertAbsolute(path);
    try {
      return await toStat(basename(path), await stat(path), path);
    } catch (err) {
      throw toFileError(err, path);
    }
  }

  async lstat(path: string): Promise<FileStat> {
    assertAbsolute(path);
    try {
      return await toStat(basename(path), await lstat(path), path);
    } catch (err) {
      throw toFileError(err, path);
    }
  }

  async realpath(path: string): Promise<string> {
    assertAbsolute(path);
    try {
      return await realpath(path);
    } catch (err) {
      throw toFileError(err, path);
    }
  }

  async mkdir(path: string, mode = 0o755): Promise<void> {
    assertAbsolute(path);
    try {
      await mkdir(path, { mode });
    } catch (err) {
      throw toFileError(err, path);
    }
  }

  async rename(from: string, to: string): Promise<void> {
    assertAbsolute(from);
    assertAbsolute(to);
    // rename(2) silently replaces a file: check first (a race here replaces, like mv would).
    await this.refuseExisting(to);
    try {
      await rename(from, to);
    } catch (err) {
      throw toFileError(err, from);
    }
  }

  async copy(from: string, to: string): Promise<void> {
    assertAbsolute(from);
    assertAbsolute(to);
    // cp into an existing folder would copy *inside* it.
    await this.refuseExisting(to);
    await program(['cp', '-a', '--', from, to], `copy ${from}`);
  }

  async remove(path: string): Promise<void> {
    assertAbsolute(path);
    try {
      await lstat(path);
      await rm(path, { recursive: true });
    } catch (err) {
      throw toFileError(err, path);
    }
  }

  async symlink(target: string, path: string): Promise<void> {
    assertAbsolute(path);
    try {
      await symlink(target, path);
    } catch (err) {
      throw toFileError(err, path);
    }
  }

  async chmod(path: string, mode: number): Promise<void> {
    assertAbsolute(path);
    try {
      await chmod(path, mode & 0o7777);
    } catch (err) {
      throw toFileError(err, path);
    }
  }

  async createReadStream(path: string, range: ReadRange = {}): Promise<Readable> {
    assertAbsolute(path);
    try {
      // Opened first so a missing or closed file fails here, not later on the stream.
      const fd = await open(path, 'r');
      if ((await fd.stat()).isDirectory()) {
        await fd.close();
        throw new FileAccessError('isDir', `${path}: isDir`);
      }
      return createReadStream('', { fd, start: range.start, end: range.end });
    } catch (err) {
      throw toFileError(err, path);
    }
  }

  async createWriteStream(path: string, opts: WriteOptions = {}): Promise<Writable> {
    assertAbsolute(path);
    try {
      const resume = opts.offset !== undefined;
      const fd = await open(path, resume ? 'r+' : 'w', opts.mode ?? 0o644);
      return createWriteStream('', { fd, start: opts.offset });
    } catch (err) {
      throw toFileError(err, path);
    }
  }

  async archive(dir: string): Promise<Readable> {
    assertAbsolute(dir);
    await this.lstat(dir);
    const child = spawn('tar', ['-czf', '-', '-C', dirname(dir), '--', basename(dir)], {
      env: PROGRAM_ENV,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return tarStream(child, `archive ${dir}`);
  }

  async search(dir: string, text: string, limit: number): Promise<string[]> {
    assertAbsolute(dir);
    await this.lstat(dir);
    const needle = text.toLowerCase();
    const out: string[] = [];
    const queue = [dir];
    // Breadth first, links not followed; unreadable folders below are skipped like `find` would,
    // but the searched folder itself must be readable.
    while (queue.length > 0 && out.length < limit) {
      const current = queue.shift() as string;
      const handle = await opendir(current).catch((err: unknown) => {
        if (current === dir) throw toFileError(err, dir);
        return undefined;
      });
      if (!handle) continue;
      for await (const d of handle) {
        const p = join(current, d.name);
        if (d.name.toLowerCase().includes(needle)) out.push(p);
        if (out.length >= limit) break;
        if (d.isDirectory()) queue.push(p);
      }
    }
    return out;
  }

  private async refuseExisting(path: string): Promise<void> {
    const existing = await lstat(path).catch(() => undefined);
    if (existing) throw new FileAccessError('exists', `${path}: exists`);
  }
}
