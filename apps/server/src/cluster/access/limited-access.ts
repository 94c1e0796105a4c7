import type { Readable, Writable } from 'node:stream';
import type { CommandResult, CommandRunner, RunOptions } from './command-runner.js';
import type { CommandLimiter } from './command-limiter.js';
import type { AccessUser, ClusterAccess, DirName, FileSession, FileStat, ReadRange, StatKey, WriteOptions } from './types.js';

/** The service identity's commands (scheduler polls, provisioning) count as one account of their own. */
export const SERVICE_KEY = '@service';

/** A runner whose commands each take a place of their account's while they run. */
export const limitRunner = (runner: CommandRunner, limiter: CommandLimiter): CommandRunner => ({
  run: (user: string | null, argv: string[], opts?: RunOptions): Promise<CommandResult> =>
    limiter.run(user ?? SERVICE_KEY, () => runner.run(user, argv, opts)),
});

/**
 * A user's file session where every call that starts a process or a channel (find, cp, rm, tar,
 * and over ssh the `dd` behind each read and write stream) takes a place first; a stream keeps it
 * until it closes. Calls on the one SFTP channel (stat, realpath, mkdir, rename, chmod, symlink)
 * start nothing and pass straight through.
 */
class LimitedFileSession implements FileSession {
  constructor(
    private readonly inner: FileSession,
    private readonly key: string,
    private readonly limiter: CommandLimiter,
  ) {}

  home(): Promise<string> {
    return this.inner.home();
  }
  list(dir: string): Promise<FileStat[]> {
    return this.limiter.run(this.key, () => this.inner.list(dir));
  }
  names(dir: string, withStat?: StatKey): Promise<DirName[]> {
    return this.limiter.run(this.key, () => this.inner.names(dir, withStat));
  }
  details(dir: string, names: string[]): Promise<FileStat[]> {
    return this.limiter.run(this.key, () => this.inner.details(dir, names));
  }
  stat(path: string): Promise<FileStat> {
    return this.inner.stat(path);
  }
  lstat(path: string): Promise<FileStat> {
    return this.inner.lstat(path);
  }
  realpath(path: string): Promise<string> {
    return this.inner.realpath(path);
  }
  mkdir(path: string, mode?: number): Promise<void> {
    return this.inner.mkdir(path, mode);
  }
  rename(from: string, to: string): Promise<void> {
    return this.inner.rename(from, to);
  }
  copy(from: string, to: string): Promise<void> {
    return this.limiter.run(this.key, () => this.inner.copy(from, to));
  }
  remove(path: string): Promise<void> {
    return this.limiter.run(this.key, () => this.inner.remove(path));
  }
  chmod(path: string, mode: number): Promise<void> {
    return this.inner.chmod(path, mode);
  }
  symlink(target: string, path: string): Promise<void> {
    return this.inner.symlink(target, path);
  }
  createReadStream(path: string, range?: ReadRange): Promise<Readable> {
    return this.limiter.hold(this.key, () => this.inner.createReadStream(path, range));
  }
  createWriteStream(path: string, opts?: WriteOptions): Promise<Writable> {
    return this.limiter.hold(this.key, () => this.inner.createWriteStream(path, opts));
  }
  archive(dir: string): Promise<Readable> {
    return this.limiter.hold(this.key, () => this.inner.archive(dir));
  }
  search(dir: string, text: string, limit: number): Promise<string[]> {
    return this.limiter.run(this.key, () => this.inner.search(dir, text, limit));
  }
}

/**
 * Cluster access whose commands and file channels are bounded by `limiter` (per account and in
 * all). Shells are not: they are few and long-lived, and `shell.maxPerUser` bounds them already.
 */
export const limitAccess = (access: ClusterAccess, limiter: CommandLimiter): ClusterAccess => ({
  mode: access.mode,
  commands: limitRunner(access.commands, limiter),
  files: async (user: AccessUser) => new LimitedFileSession(await access.files(user), user.name, limiter),
  shell: (user, opts) => access.shell(user, opts),
  openStream: (user, target, reader) => access.openStream(user, target, reader),
  provision: (user, keys, revoked) => access.provision(user, keys, revoked),
  close: () => access.close(),
});
