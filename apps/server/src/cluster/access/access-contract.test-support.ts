import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessUser, ClusterAccess, FileSession } from './types.js';
import { FileAccessError } from './types.js';

/*
 * The behaviour every cluster-access mode must have, run unchanged against each of them
 * (local.contract.test.ts, ssh.contract.test.ts). Real files, a real shell: the assertions are what
 * a user would see in the file manager or the web shell.
 */

export interface AccessFixture {
  access: ClusterAccess;
  /** An ordinary user whose home the contract may fill. */
  alice: AccessUser;
  cleanup(): Promise<void>;
}

const text = async (r: Readable): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

const write = async (files: FileSession, path: string, data: string, offset?: number) => {
  await pipeline(Readable.from([Buffer.from(data)]), await files.createWriteStream(path, { offset }));
};

export const expectReason = async (p: Promise<unknown>, reason: FileAccessError['reason']) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FileAccessError);
  expect((err as FileAccessError).reason).toBe(reason);
};

export const runAccessContract = (name: string, setup: () => Promise<AccessFixture>, enabled = true) => {
  (enabled ? describe : describe.skip)(`cluster access contract: ${name}`, () => {
    let f: AccessFixture;
    let files: FileSession;
    let root: string;

    beforeAll(async () => {
      f = await setup();
      files = await f.access.files(f.alice);
      root = `${await files.home()}/contract-${process.pid}`;
      await files.remove(root).catch(() => undefined);
      await files.mkdir(root, 0o755);
    }, 60_000);

    afterAll(async () => {
      await files?.remove(root).catch(() => undefined);
      await f?.cleanup();
    });

    it('lists a folder with kinds, sizes and modes', async () => {
      await files.mkdir(`${root}/list`);
      await files.mkdir(`${root}/list/sub`, 0o700);
      await write(files, `${root}/list/a.txt`, 'hello');
      await files.chmod(`${root}/list/a.txt`, 0o640);
      const entries = await files.list(`${root}/list`);
      const byName = new Map(entries.map((e) => [e.name, e]));
      expect([...byName.keys()].sort()).toEqual(['a.txt', 'sub']);
      expect(byName.get('a.txt')).toMatchObject({ kind: 'file', size: 5, owner: expect.any(String) as string });
      expect((byName.get('a.txt')?.mode ?? 0) & 0o777).toBe(0o640);
      expect(byName.get('sub')?.kind).toBe('dir');
      expect((byName.get('sub')?.mode ?? 0) & 0o777).toBe(0o700);
      expect(Math.abs((byName.get('a.txt')?.mtimeMs ?? 0) - Date.now())).toBeLessThan(120_000);
      expect(await files.list(`${root}/list/sub`)).toEqual([]);
      await expectReason(files.list(`${root}/list/a.txt`), 'notDir');
      await expectReason(files.list(`${root}/list/none`), 'notFound');
    });

    it('tells a link from its target and resolves it', async () => {
      await files.mkdir(`${root}/links`);
      await write(files, `${root}/links/target.txt`, 'abc');
      const ok = await f.access.commands.run(f.alice.name, ['ln', '-s', 'target.txt', `${root}/links/l`]);
      expect(ok.code).toBe(0);
      expect(await files.lstat(`${root}/links/l`)).toMatchObject({ kind: 'link', target: 'target.txt' });
      expect(await files.stat(`${root}/links/l`)).toMatchObject({ kind: 'file', size: 3 });
      const real = await files.realpath(`${root}/links/l`);
      expect(real.endsWith('/links/target.txt')).toBe(true);
      expect((await files.list(`${root}/links`)).find((e) => e.name === 'l')?.kind).toBe('link');
      await expectReason(files.stat(`${root}/links/missing`), 'notFound');
    });

    it('resolves several paths in one call where it can, and fails when any is missing', async () => {
      if (!files.realpaths) return;
      await files.mkdir(`${root}/many`);
      await write(files, `${root}/many/t.txt`, 'abc');
      const ok = await f.access.commands.run(f.alice.name, ['ln', '-s', 't.txt', `${root}/many/l`]);
      expect(ok.code).toBe(0);
      const real = await files.realpaths([`${root}/many/l`, `${root}/many/./t.txt`, `${root}/many`]);
      expect(real).toEqual([
        await files.realpath(`${root}/many/t.txt`),
        await files.realpath(`${root}/many/t.txt`),
        await files.realpath(`${root}/many`),
      ]);
      await expectReason(files.realpaths([`${root}/many`, `${root}/many/none`]), 'notFound');
    });

    it('names entries with their kinds (links with their target kind) and stats only the ones asked', async () => {
      const dir = `${root}/two-phase`;
      await files.mkdir(dir);
      await files.mkdir(`${dir}/sub`, 0o700);
      await write(files, `${dir}/a b.txt`, 'hello');
      await write(files, `${dir}/-dash`, 'x');
      await write(files, `${dir}/.hidden`, '');
      await files.symlink('sub', `${dir}/to-sub`);
      await files.symlink('a b.txt', `${dir}/to-file`);
      await files.symlink('nowhere', `${dir}/broken`);
      const names = await files.names(dir);
      expect(names.sort((a, b) => (a.name < b.name ? -1 : 1))).toEqual([
        { name: '-dash', kind: 'file', targetKind: null },
        { name: '.hidden', kind: 'file', targetKind: null },
        { name: 'a b.txt', kind: 'file', targetKind: null },
        { name: 'broken', kind: 'link', targetKind: null },
        { name: 'sub', kind: 'dir', targetKind: null },
        { name: 'to-file', kind: 'link', targetKind: 'file' },
        { name: 'to-sub', kind: 'link', targetKind: 'dir' },
      ]);
      const details = await files.details(dir, ['a b.txt', '-dash', 'to-sub', 'sub', 'gone', '../two-phase', 'sub/x']);
      const byName = new Map(details.map((e) => [e.name, e]));
      expect([...byName.keys()].sort()).toEqual(['-dash', 'a b.txt', 'sub', 'to-sub']);
      expect(byName.get('a b.txt')).toMatchObject({ kind: 'file', size: 5 });
      // The same details as the full listing gives.
      const listed = new Map((await files.list(dir)).map((e) => [e.name, e]));
      for (const [name, e] of byName) expect(e).toEqual(listed.get(name));
      expect(byName.get('to-sub')).toMatchObject({ kind: 'link', target: 'sub' });
      expect((byName.get('sub')?.mode ?? 0) & 0o777).toBe(0o700);
      // With a stat of each: the size and time the full listing gives (links: the link itself).
      for (const n of await files.names(dir, 'size')) expect([n.name, n.size]).toEqual([n.name, listed.get(n.name)?.size]);
      for (const n of await files.names(dir, 'mtime'))
        expect([n.name, Math.trunc(n.mtimeMs ?? 0)]).toEqual([n.name, listed.get(n.name)?.mtimeMs]);
      expect(await files.details(dir, [])).toEqual([]);
      expect(await files.names(`${dir}/sub`)).toEqual([]);
      await expectReason(files.names(`${dir}/a b.txt`), 'notDir');
      await expectReason(files.names(`${dir}/none`), 'notFound');
    });

    it('makes a link with the given text, and refuses a name that exists', async () => {
      await files.symlink('../somewhere/else', `${root}/made-link`);
      expect(await files.lstat(`${root}/made-link`)).toMatchObject({ kind: 'link', target: '../somewhere/else' });
      await expectReason(files.symlink('x', `${root}/made-link`), 'exists');
    });

    it('makes folders and refuses to rename onto an existing name', async () => {
      await files.mkdir(`${root}/mv`);
      await expectReason(files.mkdir(`${root}/mv`), 'exists');
      await write(files, `${root}/mv/a`, 'A');
      await write(files, `${root}/mv/b`, 'B');
      await expectReason(files.rename(`${root}/mv/a`, `${root}/mv/b`), 'exists');
      expect(await text(await files.createReadStream(`${root}/mv/b`))).toBe('B');
      await files.rename(`${root}/mv/a`, `${root}/mv/c`);
      expect((await files.list(`${root}/mv`)).map((e) => e.name).sort()).toEqual(['b', 'c']);
      await expectReason(files.rename(`${root}/mv/nope`, `${root}/mv/d`), 'notFound');
    });

    it('copies a folder tree and removes it', async () => {
      await files.mkdir(`${root}/tree`);
      await files.mkdir(`${root}/tree/deep`);
      await write(files, `${root}/tree/deep/x.txt`, 'x');
      await files.copy(`${root}/tree`, `${root}/tree2`);
      expect(await text(await files.createReadStream(`${root}/tree2/deep/x.txt`))).toBe('x');
      await expectReason(files.copy(`${root}/tree`, `${root}/tree2`), 'exists');
      await files.remove(`${root}/tree2`);
      await expectReason(files.lstat(`${root}/tree2`), 'notFound');
      await expectReason(files.remove(`${root}/tree2`), 'notFound');
    });

    it('reads a byte range and resumes a write at an offset', async () => {
      await write(files, `${root}/range.txt`, '0123456789');
      expect(await text(await files.createReadStream(`${root}/range.txt`, { start: 2, end: 5 }))).toBe('2345');
      expect(await text(await files.createReadStream(`${root}/range.txt`, { start: 8 }))).toBe('89');
      await write(files, `${root}/range.txt`, 'abc', 10);
      await write(files, `${root}/range.txt`, 'XY', 3);
      expect(await text(await files.createReadStream(`${root}/range.txt`))).toBe('012XY56789abc');
      await write(files, `${root}/range.txt`, 'new');
      expect(await text(await files.createReadStream(`${root}/range.txt`))).toBe('new');
      await expectReason(files.createReadStream(`${root}/absent.txt`), 'notFound');
      await expectReason(files.createWriteStream(`${root}/absent.txt`, { offset: 0 }), 'notFound');
      await expectReason(files.createReadStream(root), 'isDir');
    });

    it('moves a multi-megabyte file intact, resumed halfway, and reads a range across blocks', async () => {
      const data = randomBytes(3 * 1024 * 1024 + 17);
      const half = 1_500_001;
      await pipeline(Readable.from([data.subarray(0, half)]), await files.createWriteStream(`${root}/big.bin`));
      await pipeline(Readable.from([data.subarray(half)]), await files.createWriteStream(`${root}/big.bin`, { offset: half }));
      const back: Buffer[] = [];
      for await (const c of await files.createReadStream(`${root}/big.bin`)) back.push(Buffer.from(c as Buffer));
      expect(Buffer.concat(back).equals(data)).toBe(true);
      const part: Buffer[] = [];
      for await (const c of await files.createReadStream(`${root}/big.bin`, { start: 262_000, end: 1_049_999 }))
        part.push(Buffer.from(c as Buffer));
      expect(Buffer.concat(part).equals(data.subarray(262_000, 1_050_000))).toBe(true);
      expect((await files.stat(`${root}/big.bin`)).size).toBe(data.length);
    });

    it('streams a folder as tar.gz', async () => {
      await files.mkdir(`${root}/arch`);
      await files.mkdir(`${root}/arch/in`);
      await write(files, `${root}/arch/in/f.txt`, 'archived');
      const chunks: Buffer[] = [];
      for await (const c of await files.archive(`${root}/arch`)) chunks.push(Buffer.from(c as Buffer));
      const listing = execFileSync('tar', ['-tzf', '-'], { input: Buffer.concat(chunks) }).toString();
      expect(listing.split('\n').filter(Boolean).sort()).toEqual(['arch/', 'arch/in/', 'arch/in/f.txt']);
    });

    it('streams the home folder itself, whose parent may only be traversed', async () => {
      const home = await files.home();
      const base = home.split('/').pop() ?? '';
      const chunks: Buffer[] = [];
      for await (const c of await files.archive(home)) chunks.push(Buffer.from(c as Buffer));
      const listing = execFileSync('tar', ['-tzf', '-'], { input: Buffer.concat(chunks), maxBuffer: 256 * 1024 * 1024 });
      const names = listing.toString().split('\n');
      expect(names).toContain(`${base}/`);
      expect(names).toContain(`${base}/${root.split('/').pop() ?? ''}/`);
    });

    it('searches names case-insensitively with a limit', async () => {
      await files.mkdir(`${root}/find`);
      await files.mkdir(`${root}/find/d`);
      for (const n of ['Report-1.txt', 'report-2.txt', 'd/REPORT-3.txt', 'other.txt'])
        await write(files, `${root}/find/${n}`, '');
      const all = await files.search(`${root}/find`, 'report', 10);
      expect(all.map((p) => p.slice(`${root}/find/`.length)).sort()).toEqual(['Report-1.txt', 'd/REPORT-3.txt', 'report-2.txt']);
      expect(await files.search(`${root}/find`, 'report', 2)).toHaveLength(2);
    });

    it('changes modes', async () => {
      await write(files, `${root}/mode.sh`, '#!/bin/sh\n');
      await files.chmod(`${root}/mode.sh`, 0o751);
      expect((await files.stat(`${root}/mode.sh`)).mode & 0o777).toBe(0o751);
    });

    it('runs a command with input, in the home folder, and reports a failure', async () => {
      const home = await files.home();
      const r = await f.access.commands.run(f.alice.name, ['sh', '-c', 'pwd; cat; exit 3'], { input: 'from-stdin' });
      expect(r.code).toBe(3);
      expect(r.stdout).toBe(`${home}\nfrom-stdin`);
      const big = await f.access.commands.run(f.alice.name, ['head', '-c', '100000', '/dev/zero'], { maxOutputBytes: 10 });
      expect(big.stdout.length).toBe(10);
    });

    it('opens a shell that runs what is typed and can be resized', async () => {
      const sh = await f.access.shell(f.alice, { cols: 80, rows: 24, cwd: root });
      let seen = '';
      sh.output.on('data', (d: Buffer | string) => (seen += d.toString()));
      const exited = new Promise<number | null>((r) => sh.onExit(r));
      sh.write('echo hi-$((1+2)); pwd\n');
      const deadline = Date.now() + 15_000;
      while (!/hi-3/.test(seen) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(seen).toMatch(/hi-3/);
      expect(seen).toContain(root);
      expect(() => sh.resize(120, 40)).not.toThrow();
      sh.close();
      await exited;
    });
  });
};
