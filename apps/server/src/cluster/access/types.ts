import type { Duplex, Readable, Writable } from 'node:stream';
import type { CommandRunner } from './command-runner.js';

/*
 * Cluster access (DESIGN.md section 4): everything the portal does on the cluster *as a user*,
 * through one interface with two modes:
 *  - `ssh`: ssh2 to the cluster's login node as the user's POSIX account, with the portal-managed
 *    key; the operating system decides what the user may touch.
 *  - `local`: the embedded default; the server's own OS account, under a per-user folder in the
 *    data folder. For evaluation only, which is why it binds to loopback unless told otherwise.
 *
 * Paths given to these methods are absolute POSIX paths that the caller has already checked
 * against the user's allowed roots (see paths.ts); implementations still refuse relative paths.
 */

/** The user as cluster access knows them: the portal user name is the POSIX account name. */
export interface AccessUser {
  /** Portal user id (keys are looked up by it). */
  id: number;
  /** POSIX account name. */
  name: string;
}

export type FileKind = 'file' | 'dir' | 'link' | 'other';

export interface FileStat {
  name: string;
  kind: FileKind;
  /** Bytes (links: the link itself). */
  size: number;
  /** Milliseconds since the epoch. */
  mtimeMs: number;
  /** Permission bits and type bits as st_mode. */
  mode: number;
  /** Owner and group names when the mode can tell them, else numeric ids as text. */
  owner: string;
  group: string;
  /** For links: where the link points (not resolved). */
  target?: string;
}

/** An entry as its folder names it, without a stat (d_type): all a listing by name needs of it. */
export interface DirName {
  name: string;
  kind: FileKind;
  /** For links: the kind of what it points at, null when that cannot be reached; else null. */
  targetKind: FileKind | null;
  /** Only when asked `withStat: 'size'` (lstat, as in FileStat). */
  size?: number;
  /** Only when asked `withStat: 'mtime'` (lstat; with the fraction of a millisecond, for sorting). */
  mtimeMs?: number;
}

/** The one detail a listing sorted by it needs of every entry. */
export type StatKey = 'size' | 'mtime';

export interface ReadRange {
  /** First byte, inclusive. */
  start?: number;
  /** Last byte, inclusive. */
  end?: number;
}

export interface WriteOptions {
  /** Start writing at this offset of an existing file (resumed uploads); default: truncate. */
  offset?: number;
  /** Permission bits of a new file. */
  mode?: number;
}

/**
 * File operations as one user. One session serves many calls (ssh: one SFTP channel on the user's
 * pooled connection); callers do not close it.
 */
export interface FileSession {
  /** The user's home folder, absolute. */
  home(): Promise<string>;
  /** Entries of a folder without `.` and `..`, link entries not followed (a stat of each). */
  list(dir: string): Promise<FileStat[]>;
  /**
   * Names and kinds of a folder's entries without a stat of each (the directory's d_type; only
   * links are followed, for their target's kind). `withStat`: with the size or the time of each, in
   * the same pass (a stat of every entry, for sorting by it). The same errors as `list`.
   */
  names(dir: string, withStat?: StatKey): Promise<DirName[]>;
  /** `lstat` of the named entries of `dir`, in any order; names gone meanwhile are left out. */
  details(dir: string, names: string[]): Promise<FileStat[]>;
  /** Follows links. Throws FileAccessError('notFound') when absent. */
  stat(path: string): Promise<FileStat>;
  /** Does not follow links. */
  lstat(path: string): Promise<FileStat>;
  /** The canonical path with every link resolved; the path must exist. */
  realpath(path: string): Promise<string>;
  /**
   * `realpath` of several paths in one call (one program where each call is one): all of them, in
   * order, or an error when any is missing. Optional: callers fall back to `realpath`.
   */
  realpaths?(paths: string[]): Promise<string[]>;
  mkdir(path: string, mode?: number): Promise<void>;
  /** Renames or moves; refuses to replace an existing target. */
  rename(from: string, to: string): Promise<void>;
  /** Copies a file or a folder tree (links copied as links). */
  copy(from: string, to: string): Promise<void>;
  /** Removes a file, a link, or a folder with everything in it. */
  remove(path: string): Promise<void>;
  chmod(path: string, mode: number): Promise<void>;
  /**
   * Makes a link at `path` whose text is `target`, unchecked: a link is only a name, and every
   * path that follows one is checked against the roots after resolving it. Refuses an existing name.
   */
  symlink(target: string, path: string): Promise<void>;
  createReadStream(path: string, range?: ReadRange): Promise<Readable>;
  createWriteStream(path: string, opts?: WriteOptions): Promise<Writable>;
  /** Streams a folder as a gzip-compressed tar archive (entries relative to its parent). */
  archive(dir: string): Promise<Readable>;
  /** Names below `dir` (recursively) that contain `text`, case-insensitive; at most `limit`. */
  search(dir: string, text: string, limit: number): Promise<string[]>;
}

/** Where openStream connects: a Unix socket path on the login node, or a host and port the login node reaches. */
export type StreamTarget = { path: string } | { host: string; port: number };

/**
 * Takes a stream's reads into buffers the caller lends, so a fast stream (a desktop's Raw updates,
 * 100+ MB/s) allocates nothing per read: a new Buffer a read piles up as external memory, and V8
 * answers with full collections of the whole heap (bench/README.md, bench/desktops). Local access
 * reads straight into `next()` (net's `onread`); ssh hands over its own chunks and never calls it.
 */
export interface StreamReader {
  /** Where the next read goes. */
  next(): Buffer;
  /** Each read, in order; false pauses the stream until the caller resumes it. */
  data(chunk: Buffer): boolean;
}

/** An interactive terminal as one user. */
export interface ShellSession {
  readonly output: Readable;
  write(data: string | Buffer): void;
  resize(cols: number, rows: number): void;
  /** Ends the shell; `exit` fires afterwards. */
  close(): void;
  onExit(listener: (code: number | null) => void): void;
}

export interface ShellOptions {
  cols: number;
  rows: number;
  /** Folder to start in (already checked). */
  cwd?: string;
}

export interface ClusterAccess {
  readonly mode: 'local' | 'ssh';
  /** Runs a program as the user (argv, never a shell string). `null` = the service identity. */
  readonly commands: CommandRunner;
  files(user: AccessUser): Promise<FileSession>;
  shell(user: AccessUser, opts: ShellOptions): Promise<ShellSession>;
  /**
   * A byte stream to a desktop's Xvnc, as the user: a Unix socket on the login node (ssh:
   * streamlocal forwarding over the user's connection, so it never listens on the network), or a
   * TCP port on a compute node (ssh: forwarded from the login node, which reaches the nodes).
   * What the stream says goes to `reader`, never to 'data' listeners.
   */
  openStream(user: AccessUser, target: StreamTarget, reader: StreamReader): Promise<Duplex>;
  /**
   * Prepares the user's account on the cluster: the POSIX account where the cluster lets the
   * portal create it, the home folder, and the given public keys in ~/.ssh/authorized_keys;
   * `revoked` keys (deleted in the portal) leave it. Runs through the privileged service identity;
   * idempotent.
   */
  provision(user: AccessUser, publicKeys: string[], revoked?: string[]): Promise<void>;
  /** Closes pooled connections. */
  close(): Promise<void>;
}

export type FileErrorReason =
  | 'notFound'
  | 'exists'
  | 'denied'
  | 'notDir'
  | 'isDir'
  | 'notEmpty'
  | 'noSpace'
  | 'quota'
  /** Too many levels of symbolic links (ELOOP): a link here leads in a circle. */
  | 'loop'
  /** A name over NAME_MAX bytes or a path over PATH_MAX (ENAMETOOLONG). */
  | 'nameTooLong'
  | 'outsideRoots'
  | 'failed';

/** A file operation failed for a reason the user can act on. */
export class FileAccessError extends Error {
  override readonly name = 'FileAccessError';
  constructor(
    readonly reason: FileErrorReason,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The cluster's login node cannot be reached or refused the portal: the spec's
 * 'ssh connection is error, please check if the net is available!' (connect) and 'ssh node failed'
 * (authentication or channel).
 */
export class SshUnavailableError extends Error {
  override readonly name = 'SshUnavailableError';
  constructor(
    readonly reason: 'connect' | 'node',
    message: string,
  ) {
    super(message);
  }
}
