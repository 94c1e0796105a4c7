import { StringDecoder } from 'node:string_decoder';
import type { CommandResult } from './command-runner.js';
import { fromStderr } from './errors.js';
import { batches, childPaths, namesArgv, parseNames, targetOf } from './listing.js';
import { FileAccessError, type DirName, type FileKind, type StatKey } from './types.js';

/*
 * The names and kinds of a folder's entries (the first phase of a listing sorted by name, see
 * docs/files.md "Big folders"), read by `ls -f -b --file-type` instead of `find`: the same
 * directory entries and d_type, no stat, at half find's cost per entry (0.5 s against 1.2 s for a
 * million, bench/README.md). Every program runs as the user, over ssh or through setpriv.
 *
 * Why the output is unambiguous, with LC_ALL=C: -b writes a newline, a backslash and every byte
 * outside printable ASCII as a C escape, so each line is one name; with an indicator style, ls also
 * escapes the indicator characters inside names, so an unescaped last '/', '@', '|', '=' or '>' is
 * the kind (folder, link, fifo, socket, door). Regular files and devices have none: the page's
 * details tell them apart later; the sort only needs to know folders.
 */

/**
 * Runs a program as the user; its standard output is kept up to `maxOutputBytes`, or handed to
 * `onOutput` as it comes.
 */
export type RunProgram = (argv: string[], maxOutputBytes: number, onOutput?: (chunk: Buffer) => void) => Promise<CommandResult>;

/** `dir/.`: a file or a link to a file is refused ("Not a directory") instead of listed as itself. */
export const lsNamesArgv = (dir: string): string[] => ['ls', '-f', '-b', '--file-type', '--', dir === '/' ? '/.' : `${dir}/.`];

/** For links: the kind of what they point at (%Y), then the name. */
export const linkTargetsArgv = (paths: string[]): string[] => ['find', '-P', ...paths, '-maxdepth', '0', '-printf', '%Y%f\\0'];

const INDICATOR: Record<string, FileKind> = { '/': 'dir', '@': 'link', '|': 'other', '=': 'other', '>': 'other' };
const C_ESCAPE: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13 };
const BACKSLASH = 92;

/** A name as `ls -b` wrote it, back to its bytes (then UTF-8, as the other listings decode names). */
export const unescapeLs = (raw: string): string => {
  const parts: Buffer[] = [];
  let plain = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw.charCodeAt(i) !== BACKSLASH || i + 1 === raw.length) continue;
    parts.push(Buffer.from(raw.slice(plain, i), 'utf8'));
    const next = raw[i + 1] ?? '';
    if (next >= '0' && next <= '7') {
      parts.push(Buffer.of(parseInt(raw.slice(i + 1, i + 4), 8) & 0xff));
      i += 3;
    } else {
      parts.push(C_ESCAPE[next] !== undefined ? Buffer.of(C_ESCAPE[next]) : Buffer.from(next, 'utf8'));
      i += 1;
    }
    plain = i + 1;
  }
  parts.push(Buffer.from(raw.slice(plain), 'utf8'));
  return Buffer.concat(parts).toString('utf8');
};

/** Lines of `ls -f -b --file-type` → names and kinds ('.' and '..' left out; links' targets unknown yet). */
export const parseLsNames = (out: string, names: DirName[] = []): DirName[] => {
  for (let i = 0; i < out.length;) {
    let end = out.indexOf('\n', i);
    if (end < 0) end = out.length;
    let stop = end;
    let kind: FileKind = 'file';
    const indicated = INDICATOR[out[end - 1] ?? ''];
    if (end > i && indicated) {
      // Escaped (an odd run of backslashes before it), the character belongs to the name.
      let slashes = 0;
      while (end - 2 - slashes >= i && out.charCodeAt(end - 2 - slashes) === BACKSLASH) slashes++;
      if (slashes % 2 === 0) {
        kind = indicated;
        stop = end - 1;
      }
    }
    const raw = out.slice(i, stop);
    const name = raw.includes('\\') ? unescapeLs(raw) : raw;
    if (end > i && name !== '.' && name !== '..') names.push({ name, kind, targetKind: null });
    i = end + 1;
  }
  return names;
};

/**
 * A program's records parsed chunk by chunk while it still runs (a million names take a few
 * hundred ms to parse, done beside the program's own time instead of after it). `parse` gets
 * whole records only, each ended by `end`.
 */
export class StreamedNames {
  readonly names: DirName[] = [];
  private readonly decoder = new StringDecoder('utf8');
  private rest = '';
  /** Whether the program wrote anything. */
  wrote = false;

  constructor(
    private readonly end: string,
    private readonly parse: (text: string, into: DirName[]) => void,
  ) {}

  readonly push = (chunk: Buffer): void => {
    if (chunk.length > 0) this.wrote = true;
    const text = this.rest + this.decoder.write(chunk);
    const cut = text.lastIndexOf(this.end) + 1;
    this.parse(text.slice(0, cut), this.names);
    this.rest = text.slice(cut);
  };

  finish(): DirName[] {
    this.parse(this.rest + this.decoder.end(), this.names);
    this.rest = '';
    return this.names;
  }
}

/** Above this many links one pass of find (which follows each) is cheaper than asking for them apart. */
const LINKS_APART_MAX = 2000;

/** ls that is not GNU's (no -b or --file-type): the folder is read by find instead. */
const NOT_GNU_LS = /unrecognized option|invalid option|illegal option|unknown option/i;

/**
 * A folder's entries for sorting: names and kinds, links with their targets' kinds; with
 * `withStat`, each entry's size or time too (find, a stat of each). `statKind` tells a folder that
 * find listed as empty from a file.
 */
export const readNames = async (
  run: RunProgram,
  dir: string,
  withStat: StatKey | undefined,
  statKind: (path: string) => Promise<FileKind>,
): Promise<DirName[]> => {
  const byFind = async () => {
    const found = new StreamedNames('\0', (text, into) => parseNames(text, withStat, into));
    const r = await run(namesArgv(dir, withStat), 0, found.push);
    if (!found.wrote) {
      if ((await statKind(dir)) !== 'dir') throw new FileAccessError('notDir', `${dir}: notDir`);
      if (r.code !== 0) throw fromStderr(r.stderr, dir);
    }
    return found.finish();
  };
  if (withStat) return byFind();
  const listed = new StreamedNames('\n', parseLsNames);
  const r = await run(lsNamesArgv(dir), 0, listed.push);
  // A readable folder always lists '.' and '..': no output is a refusal (or an ls we cannot use).
  if (!listed.wrote) {
    if (NOT_GNU_LS.test(r.stderr)) return byFind();
    throw fromStderr(r.stderr, dir);
  }
  const names = listed.finish();
  const links = names.filter((n) => n.kind === 'link');
  if (links.length > LINKS_APART_MAX) return byFind();
  if (links.length > 0) {
    const byName = new Map(links.map((l) => [l.name, l]));
    // One after the other: a few programs at most, each a bounded argument list.
    for (const batch of batches(
      childPaths(
        dir,
        links.map((l) => l.name),
      ),
      32 * 1024,
    )) {
      const out = (await run(linkTargetsArgv(batch), 16 * 1024 * 1024)).stdout;
      for (const rec of out.split('\0')) {
        const link = byName.get(rec.slice(1));
        if (link && rec !== '') link.targetKind = targetOf(rec[0] ?? '');
      }
    }
  }
  return names;
};
