import { posix } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { SFTPWrapper, Stats } from 'ssh2';
import { archiveArgv } from '../archive.js';
import { assertAbsolute, fromStderr, refuseExisting } from '../errors.js';
import { batches, childPaths, detailsArgv, type IdNames, listArgv, parseListing } from '../listing.js';
import { readNames } from '../names-reader.js';
import type { DirName, FileKind, StatKey, FileSession, FileStat, ReadRange, WriteOptions } from '../types.js';
import { FileAccessError } from '../types.js';
import { commandLine, execCollect, execStream, execWritable } from './ssh-exec.js';
import { sftpError } from './ssh-errors.js';
import type { SshConnection } from './ssh-pool.js';
import { shellQuote } from './shell-quote.js';

const S_IFMT = 0o170000;
const KINDS: Record<number, FileKind> = { 0o100000: 'file', 0o040000: 'dir', 0o120000: 'link' };

/** `find -iname` treats * ? [ and \ as a pattern: the searched text is literal. */
const globLiteral = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

const call = <T>(path: string, fn: (cb: (err: Error | null | undefined, v: T) => void) => void): Promise<T> =>
  new Promise<T>((resolve, reject) => fn((err, v) => (err ? reject(sftpError(err, path)) : resolve(v))));

/** The login folder is where SFTP starts: realpath('.') is the home. */
export const lookupHome = async (conn: SshConnection): Promise<string> => {
  const s = await conn.sftp();
  return call<string>('~', (cb) => s.realpath('.', cb));
};

/**
 * Files as the user over their pooled SSH connection: single-entry operations over SFTP; listing,
 * copy, remove, archive and search run fixed programs (find, cp, rm, tar) over exec, with every
 * argument quoted by shellQuote. The sshd's account rights decide what succeeds.
 */
export class SshFileSession implements FileSession {
  constructor(
    private readonly conn: () => Promise<SshConnection>,
    private readonly ownerNames: (conn: SshConnection, uids: number[], gids: number[]) => Promise<IdNames>,
    /** The login folder, looked up once per connection (lookupHome) rather than per request. */
    private readonly homeOf: (conn: SshConnection) => Promise<string> = lookupHome,
  ) {}

  private async sftp(): Promise<SFTPWrapper> {
    return (await this.conn()).sftp();
  }

  async home(): Promise<string> {
    return this.homeOf(await this.conn());
  }

  async list(dir: string): Promise<FileStat[]> {
    assertAbsolute(dir);
    const conn = await this.conn();
    const r = await execCollect(
      conn,
      commandLine(listArgv(dir)),
      { timeoutMs: 120_000, maxOutputBytes: 1024 * 1024 * 1024 },
      'find',
    );
    if (r.stdout === '') {
      if ((await this.stat(dir)).kind !== 'dir') throw new FileAccessError('notDir', `${dir}: notDir`);
      if (r.code !== 0) throw fromStderr(r.stderr, dir);
      return [];
    }
    return this.named(conn, parseListing(r.stdout, { users: new Map(), groups: new Map() }));
  }

  async names(dir: string, withStat?: StatKey): Promise<DirName[]> {
    assertAbsolute(dir);
    const conn = await this.conn();
    return readNames(
      (argv, maxOutputBytes, onOutput) =>
        execCollect(conn, commandLine(argv), { timeoutMs: 120_000, maxOutputBytes, onOutput }, argv[0]),
      dir,
      withStat,
      async (p) => (await this.stat(p)).kind,
    );
  }

  async details(dir: string, names: string[]): Promise<FileStat[]> {
    assertAbsolute(dir);
    const conn = await this.conn();
    // One exec per 32 KB of paths: an SSH request stays well inside a packet.
    const outs = await Promise.all(
      batches(childPaths(dir, names), 32 * 1024).map((b) =>
        execCollect(conn, commandLine(detailsArgv(b)), { timeoutMs: 120_000, maxOutputBytes: 64 * 1024 * 1024 }, 'find'),
      ),
    );
    return this.named(
      conn,
      outs.flatMap((r) => parseListing(r.stdout, { users: new Map(), groups: new Map() })),
    );
  }

  /** Listed entries (numeric owners) with the owners' and groups' names. */
  private async named(conn: SshConnection, raw: FileStat[]): Promise<FileStat[]> {
    const ids = await this.ownerNames(
      conn,
      raw.map((e) => Number(e.owner)),
      raw.map((e) => Number(e.group)),
    );
    return raw.map((e) => ({
      ...e,
      owner: ids.users.get(Number(e.owner)) ?? e.owner,
      group: ids.groups.get(Number(e.group)) ?? e.group,
    }));
  }

  stat(path: string): Promise<FileStat> {
    return this.statWith('stat', path);
  }

  lstat(path: string): Promise<FileStat> {
    return this.statWith('lstat', path);
  }

  async realpath(path: string): Promise<string> {
    assertAbsolute(path);
    const s = await this.sftp();
    const real = await call<string>(path, (cb) => s.realpath(path, cb));
    // Newer sshds resolve a missing last component too: the path must exist.
    await call<Stats>(real, (cb) => s.lstat(real, cb));
    return real;
  }

  async mkdir(path: string, mode = 0o755): Promise<void> {
    assertAbsolute(path);
    await this.refuseExisting(path);
    const s = await this.sftp();
    await call<undefined>(path, (cb) => s.mkdir(path, { mode }, (err) => cb(err, undefined)));
  }

  async rename(from: string, to: string): Promise<void> {
    assertAbsolute(from);
    assertAbsolute(to);
    // OpenSSH refuses too (its rename links, then unlinks), but says only "Failure".
    await this.refuseExisting(to);
    const s = await this.sftp();
    await call<undefined>(from, (cb) => s.rename(from, to, (err) => cb(err, undefined)));
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
    await this.refuseExisting(path);
    // ssh2 puts the arguments in the order OpenSSH's sftp-server expects (it swaps them).
    const s = await this.sftp();
    await call<undefined>(path, (cb) => s.symlink(target, path, (err) => cb(err, undefined)));
  }

  async chmod(path: string, mode: number): Promise<void> {
    assertAbsolute(path);
    const s = await this.sftp();
    await call<undefined>(path, (cb) => s.chmod(path, mode & 0o7777, (err) => cb(err, undefined)));
  }

  /*
   * Content goes through `dd` over exec rather than SFTP reads and writes: ssh2's SFTP streams keep
   * one request in flight, which is several times slower than the channel (as fast as scp). SFTP
   * opens the file first, so a missing or closed file fails here with its reason.
   */
  async createReadStream(path: string, range: ReadRange = {}): Promise<Readable> {
    assertAbsolute(path);
    if ((await this.stat(path)).kind === 'dir') throw new FileAccessError('isDir', `${path}: isDir`);
    await this.openAndClose(path, 'r');
    const start = range.start ?? 0;
    const argv = ['dd', `if=${path}`, 'bs=256K', 'iflag=skip_bytes,count_bytes', `skip=${start}`, 'status=none'];
    if (range.end !== undefined) argv.push(`count=${Math.max(0, range.end - start + 1)}`);
    return execStream(await this.conn(), commandLine(argv), `read ${path}`);
  }

  async createWriteStream(path: string, opts: WriteOptions = {}): Promise<Writable> {
    assertAbsolute(path);
    // 'w' creates (with the mode) or truncates; 'r+' (resume) needs the file to exist.
    await this.openAndClose(path, opts.offset !== undefined ? 'r+' : 'w', opts.mode ?? 0o644);
    const argv = ['dd', `of=${path}`, 'bs=256K', 'conv=notrunc', 'oflag=seek_bytes', `seek=${opts.offset ?? 0}`, 'status=none'];
    return execWritable(await this.conn(), commandLine(argv), `write ${path}`);
  }

  async archive(dir: string): Promise<Readable> {
    assertAbsolute(dir);
    await this.lstat(dir);
    const cmd = commandLine(archiveArgv(dir));
    return execStream(await this.conn(), cmd, `archive ${dir}`);
  }

  async search(dir: string, text: string, limit: number): Promise<string[]> {
    assertAbsolute(dir);
    await this.lstat(dir);
    const n = Math.max(1, Math.trunc(limit));
    // head stops find once enough names came; unreadable folders are skipped (find's exit 1).
    const find = commandLine(['find', '-H', dir, '-mindepth', '1', '-iname', `*${globLiteral(text)}*`, '-print0']);
    const cmd = `${find} 2>/dev/null | ${shellQuote(['head', '-z', '-n', String(n)])}`;
    const r = await execCollect(await this.conn(), cmd, { timeoutMs: 120_000 }, 'find');
    return r.stdout.split('\0').filter(Boolean).slice(0, n);
  }

  private async statWith(how: 'stat' | 'lstat', path: string): Promise<FileStat> {
    assertAbsolute(path);
    const conn = await this.conn();
    const s = await conn.sftp();
    const a = await call<Stats>(path, (cb) => s[how](path, cb));
    const kind = KINDS[a.mode & S_IFMT] ?? 'other';
    const ids = await this.ownerNames(conn, [a.uid], [a.gid]);
    const out: FileStat = {
      name: posix.basename(path),
      kind,
      size: a.size,
      mtimeMs: a.mtime * 1000,
      mode: a.mode,
      owner: ids.users.get(a.uid) ?? String(a.uid),
      group: ids.groups.get(a.gid) ?? String(a.gid),
    };
    if (kind === 'link') out.target = await call<string>(path, (cb) => s.readlink(path, cb)).catch(() => '');
    return out;
  }

  private async openAndClose(path: string, flags: 'r' | 'r+' | 'w', mode?: number): Promise<void> {
    const s = await this.sftp();
    const handle = await call<Buffer>(path, (cb) =>
      mode === undefined ? s.open(path, flags, cb) : s.open(path, flags, { mode }, cb),
    );
    await call<undefined>(path, (cb) => s.close(handle, (err) => cb(err, undefined)));
  }

  private async refuseExisting(path: string): Promise<void> {
    const s = await this.sftp();
    return refuseExisting(path, (p) => call<Stats>(p, (cb) => s.lstat(p, cb)));
  }

  private async program(argv: string[], what: string): Promise<void> {
    const r = await execCollect(
      await this.conn(),
      commandLine(argv),
      { timeoutMs: 3_600_000, maxOutputBytes: 64 * 1024 },
      argv[0],
    );
    if (r.code !== 0) throw fromStderr(r.stderr, what);
  }
}
