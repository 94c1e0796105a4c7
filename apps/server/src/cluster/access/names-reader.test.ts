import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from './command-runner.js';
import { namesArgv, parseNames } from './listing.js';
import { StreamedNames, lsNamesArgv, parseLsNames, readNames, unescapeLs, type RunProgram } from './names-reader.js';
import { FileAccessError, type DirName, type FileKind } from './types.js';

/* The names of a folder read by `ls -f -b --file-type`: every name comes back as find gives it. */

const run: RunProgram = (argv, maxOutputBytes, onOutput) =>
  runProcess(argv, { env: { PATH: '/usr/bin:/bin', LC_ALL: 'C' } }, { timeoutMs: 60_000, maxOutputBytes, onOutput });
const kindOf = async (p: string): Promise<FileKind> =>
  (await run(['find', '-H', p, '-maxdepth', '0', '-printf', '%y'], 16)).stdout === 'd' ? 'dir' : 'file';
const byName = (names: DirName[]) => [...names].sort((a, b) => (a.name < b.name ? -1 : 1));

describe('ls -b output', () => {
  it('is split into names and kinds; an escaped indicator belongs to the name', () => {
    const out = [
      './',
      '../',
      'plain',
      'dir/',
      'link@',
      'x\\@',
      'fifo|',
      'sock=',
      'back\\\\/',
      'ends\\\\',
      'a\\ b',
      'n\\nl',
      '',
    ].join('\n');
    expect(parseLsNames(out)).toEqual([
      { name: 'plain', kind: 'file', targetKind: null },
      { name: 'dir', kind: 'dir', targetKind: null },
      { name: 'link', kind: 'link', targetKind: null },
      { name: 'x@', kind: 'file', targetKind: null },
      { name: 'fifo', kind: 'other', targetKind: null },
      { name: 'sock', kind: 'other', targetKind: null },
      { name: 'back\\', kind: 'dir', targetKind: null },
      { name: 'ends\\', kind: 'file', targetKind: null },
      { name: 'a b', kind: 'file', targetKind: null },
      { name: 'n\nl', kind: 'file', targetKind: null },
    ]);
  });

  it('is parsed the same in chunks cut anywhere, inside a line or an escape', () => {
    const out = Buffer.from(['./', '../', 'dir/', 'x\\@', '\\344\\270\\255.txt', 'link@', 'last'].join('\n'));
    const whole = parseLsNames(out.toString());
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const parser = new StreamedNames('\n', parseLsNames);
      for (let i = 0; i < out.length; i += size) parser.push(out.subarray(i, i + size));
      expect(parser.finish()).toEqual(whole);
      expect(parser.wrote).toBe(true);
    }
    expect(whole.map((n) => n.name)).toEqual(['dir', 'x@', '中.txt', 'link', 'last']);
  });

  it('turns octal escapes back into UTF-8', () => {
    expect(unescapeLs('\\344\\270\\255\\346\\226\\207.txt')).toBe('中文.txt');
    expect(unescapeLs('tab\\there')).toBe('tab\there');
    expect(unescapeLs('no escapes')).toBe('no escapes');
  });
});

describe('reading a folder of awkward names', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'names-reader-'));
    const files = ['plain.txt', 'a b', 'x@', 'y|', 'z=', 'w>', 'q"q', "it's", 'back\\slash', 'ends\\', 'n\nl', 't\tab'];
    files.push('中文名.dat', '-leading-dash', '.hidden', 'a??(b', 'star*', 'ümlaut');
    for (const f of files) writeFileSync(join(dir, f), '');
    // A name that is not UTF-8: both readers decode its byte the same way.
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/bad-`), Buffer.of(0xff)]), '');
    mkdirSync(join(dir, 'folder'));
    mkdirSync(join(dir, 'folder@'));
    mkdirSync(join(dir, '文件夹'));
    symlinkSync('folder', join(dir, 'to-folder'));
    symlinkSync('plain.txt', join(dir, 'to-file@'));
    symlinkSync('missing', join(dir, 'dangling'));
    symlinkSync('loop', join(dir, 'loop'));
    execFileSync('mkfifo', [join(dir, 'pipe')]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the names, kinds and link targets find gives', async () => {
    const byFind = parseNames((await run(namesArgv(dir), 1 << 20)).stdout);
    const byLs = await readNames(run, dir, undefined, kindOf);
    expect(byLs).toHaveLength(byFind.length);
    expect(byName(byLs)).toEqual(byName(byFind));
    expect(byLs.find((n) => n.name === 'to-folder')).toEqual({ name: 'to-folder', kind: 'link', targetKind: 'dir' });
    expect(byLs.find((n) => n.name === 'dangling')?.targetKind).toBeNull();
  });

  it('streams the records of find for sorting by size or time, as they would parse whole', async () => {
    for (const key of ['size', 'mtime'] as const) {
      const whole = parseNames((await run(namesArgv(dir, key), 1 << 20)).stdout, key);
      expect(byName(await readNames(run, dir, key, kindOf))).toEqual(byName(whole));
    }
    await expect(readNames(run, join(dir, 'plain.txt'), 'size', kindOf)).rejects.toMatchObject({ reason: 'notDir' });
  });

  it('says which folder is not one, or not there', async () => {
    await expect(readNames(run, join(dir, 'plain.txt'), undefined, kindOf)).rejects.toMatchObject({ reason: 'notDir' });
    await expect(readNames(run, join(dir, 'to-file@'), undefined, kindOf)).rejects.toMatchObject({ reason: 'notDir' });
    await expect(readNames(run, join(dir, 'nothing-here'), undefined, kindOf)).rejects.toBeInstanceOf(FileAccessError);
    await expect(readNames(run, join(dir, 'nothing-here'), undefined, kindOf)).rejects.toMatchObject({ reason: 'notFound' });
  });

  it('follows a link to a folder, as find -H does', async () => {
    writeFileSync(join(dir, 'folder', 'inside'), '');
    expect(await readNames(run, join(dir, 'to-folder'), undefined, kindOf)).toEqual([
      { name: 'inside', kind: 'file', targetKind: null },
    ]);
  });

  it('reads the folder with find where ls is not GNU ls', async () => {
    const asked: string[] = [];
    const busybox: RunProgram = (argv, max, onOutput) => {
      asked.push(argv[0] ?? '');
      if (argv[0] === 'ls') return Promise.resolve({ code: 1, stdout: '', stderr: "ls: unrecognized option '--file-type'" });
      return run(argv, max, onOutput);
    };
    const names = await readNames(busybox, dir, undefined, kindOf);
    expect(asked).toEqual(['ls', 'find']);
    expect(byName(names)).toEqual(byName(await readNames(run, dir, undefined, kindOf)));
  });

  it('lists the root folder as /.', () => {
    expect(lsNamesArgv('/')).toContain('/.');
    expect(lsNamesArgv('/home/a')).toContain('/home/a/.');
  });
});
