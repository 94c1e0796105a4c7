import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chmodFile,
  copyFiles,
  deleteFiles,
  listFiles,
  makeFile,
  makeFolder,
  moveFiles,
  readTextFile,
  renameFile,
  Role,
  searchFiles,
  TEXT_EDIT_MAX_BYTES,
  writeTextFile,
} from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { mkdirSync, symlinkSync, writeFileSync } from '../../test/planted-files.js';

/* The file service through HTTP, on local access (each user's folder under <dataDir>/home). */

describe('file service', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let viewer: TestClient;
  let home: string;
  let bobHome: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedIn(t.app, 'alice', Role.user);
    bob = await signedIn(t.app, 'bob', Role.user);
    viewer = await signedIn(t.app, 'vera', Role.viewer);
    home = (await alice.call(listFiles)).data.home;
    bobHome = (await bob.call(listFiles)).data.home;
    await viewer.call(listFiles);
  });
  afterAll(() => t.close());

  const list = async (c: TestClient, query: Record<string, unknown> = {}) => {
    const res = await c.callUnchecked(listFiles, { query: query });
    expect(res.errCode, JSON.stringify(res.data)).toBe(0);
    return res.data;
  };

  it("opens in the user's own folder", async () => {
    const res = await list(alice);
    expect(res.path).toBe(home);
    expect(res.roots).toEqual([home]);
    expect(home).toBe(join(t.dataDir, 'home', 'alice'));
    expect(bobHome).toBe(join(t.dataDir, 'home', 'bob'));
  });

  describe('listing', () => {
    let dir: string;
    beforeAll(() => {
      dir = join(home, 'many');
      mkdirSync(join(dir, 'sub-b'), { recursive: true });
      mkdirSync(join(dir, 'Sub-a'));
      for (let i = 0; i < 40; i++) writeFileSync(join(dir, `f${String(i).padStart(2, '0')}.txt`), 'x'.repeat(40 - i));
      writeFileSync(join(dir, '.hidden'), '');
      symlinkSync(join(dir, 'sub-b'), join(dir, 'to-sub'));
    });

    it('pages with folders (and links to folders) first, sorted by name', async () => {
      const first = await list(alice, { path: dir, pageStart: 0, pageLimit: 5 });
      expect(first.total).toBe(43);
      expect(first.list.map((e) => e.name)).toEqual(['Sub-a', 'sub-b', 'to-sub', 'f00.txt', 'f01.txt']);
      const later = await list(alice, { path: dir, pageStart: 40, pageLimit: 5 });
      expect(later.list.map((e) => e.name)).toEqual(['f37.txt', 'f38.txt', 'f39.txt']);
      const link = first.list.find((e) => e.name === 'to-sub');
      expect(link).toMatchObject({ kind: 'link', targetKind: 'dir', path: join(dir, 'to-sub') });
      const file = first.list.find((e) => e.name === 'f00.txt');
      expect(file).toMatchObject({ kind: 'file', size: 40, mode: '644', permissions: '-rw-r--r--', targetKind: null });
      expect(first.list[0]?.permissions).toMatch(/^d[rwx-]{9}$/);
    });

    it('sorts by size descending and shows hidden entries only when asked', async () => {
      const bySize = await list(alice, { path: dir, sort: 'size', order: 'desc', pageLimit: 6 });
      expect(bySize.list.slice(3).map((e) => e.name)).toEqual(['f00.txt', 'f01.txt', 'f02.txt']);
      const hidden = await list(alice, { path: dir, showHidden: true, pageLimit: 300 });
      expect(hidden.total).toBe(44);
      expect(hidden.list.some((e) => e.name === '.hidden')).toBe(true);
      const filtered = await list(alice, { path: dir, filter: 'F3' });
      expect(filtered.list.map((e) => e.name)).toEqual([
        'f30.txt',
        'f31.txt',
        'f32.txt',
        'f33.txt',
        'f34.txt',
        'f35.txt',
        'f36.txt',
        'f37.txt',
        'f38.txt',
        'f39.txt',
      ]);
    });

    it('sees its own writes at once despite the listing cache', async () => {
      await list(alice, { path: dir });
      expect((await alice.call(makeFile, { body: { path: dir, name: 'aaa.txt' } })).errCode).toBe(0);
      const after = await list(alice, { path: dir });
      expect(after.total).toBe(44);
      expect(after.list[3]?.name).toBe('aaa.txt');
    });
  });

  describe('operations', () => {
    it('creates folders and empty files, refusing existing names', async () => {
      expect((await alice.call(makeFolder, { body: { path: home, name: 'work' } })).errCode).toBe(0);
      expect(statSync(join(home, 'work')).isDirectory()).toBe(true);
      expect((await alice.call(makeFile, { body: { path: join(home, 'work'), name: 'a.txt' } })).errCode).toBe(0);
      expect(statSync(join(home, 'work', 'a.txt')).size).toBe(0);
      writeFileSync(join(home, 'work', 'a.txt'), 'keep me');
      const again = await alice.call(makeFile, { body: { path: join(home, 'work'), name: 'a.txt' } });
      expect(again.status).toBe(409);
      expect(again.error?.reason).toBe('fileExists');
      expect(readFileSync(join(home, 'work', 'a.txt'), 'utf8')).toBe('keep me');
      expect((await alice.call(makeFolder, { body: { path: home, name: 'work' } })).error?.reason).toBe('fileExists');
      expect((await alice.call(makeFolder, { body: { path: home, name: '..' } })).status).toBe(400);
      expect((await alice.call(makeFolder, { body: { path: join(home, 'nowhere'), name: 'x' } })).error?.reason).toBe(
        'fileNotExist',
      );
    });

    it('renames to an absent name only', async () => {
      writeFileSync(join(home, 'r1.txt'), '1');
      writeFileSync(join(home, 'r2.txt'), '2');
      expect((await alice.call(renameFile, { body: { from: join(home, 'r1.txt'), to: join(home, 'r3.txt') } })).errCode).toBe(0);
      expect(readFileSync(join(home, 'r3.txt'), 'utf8')).toBe('1');
      const clash = await alice.call(renameFile, { body: { from: join(home, 'r3.txt'), to: join(home, 'r2.txt') } });
      expect(clash.status).toBe(409);
      expect(readFileSync(join(home, 'r2.txt'), 'utf8')).toBe('2');
    });

    it('copies and moves many into a folder, never a folder into itself', async () => {
      mkdirSync(join(home, 'src', 'deep'), { recursive: true });
      writeFileSync(join(home, 'src', 'deep', 'x.dat'), 'xx');
      writeFileSync(join(home, 'm1'), 'm1');
      mkdirSync(join(home, 'dest'));
      const copied = await alice.call(copyFiles, {
        body: { paths: [join(home, 'src'), join(home, 'm1')], to: join(home, 'dest') },
      });
      expect(copied.errCode).toBe(0);
      expect(readFileSync(join(home, 'dest', 'src', 'deep', 'x.dat'), 'utf8')).toBe('xx');
      expect(readFileSync(join(home, 'm1'), 'utf8')).toBe('m1');
      const moved = await alice.call(moveFiles, { body: { paths: [join(home, 'm1')], to: join(home, 'src') } });
      expect(moved.errCode).toBe(0);
      expect(readFileSync(join(home, 'src', 'm1'), 'utf8')).toBe('m1');
      for (const to of [join(home, 'src'), join(home, 'src', 'deep')]) {
        const self = await alice.call(moveFiles, { body: { paths: [join(home, 'src')], to } });
        expect(self.error?.reason).toBe('moveIntoItself');
        expect((await alice.call(copyFiles, { body: { paths: [join(home, 'src')], to } })).error?.reason).toBe('moveIntoItself');
      }
      expect(statSync(join(home, 'src', 'deep')).isDirectory()).toBe(true);
    });

    it('deletes files and whole folders, but never the home folder', async () => {
      mkdirSync(join(home, 'trash', 'inner'), { recursive: true });
      writeFileSync(join(home, 'trash', 'inner', 'f'), '');
      writeFileSync(join(home, 'trash.txt'), '');
      const res = await alice.call(deleteFiles, { body: { paths: [join(home, 'trash'), join(home, 'trash.txt')] } });
      expect(res.errCode).toBe(0);
      expect(() => statSync(join(home, 'trash'))).toThrow();
      expect(() => statSync(join(home, 'trash.txt'))).toThrow();
      const root = await alice.call(deleteFiles, { body: { paths: [home] } });
      expect(root.status).toBe(403);
      expect(statSync(home).isDirectory()).toBe(true);
    });

    it('changes permission bits', async () => {
      writeFileSync(join(home, 'run.sh'), '#!/bin/sh\n');
      expect((await alice.call(chmodFile, { body: { path: join(home, 'run.sh'), mode: '750' } })).errCode).toBe(0);
      expect(statSync(join(home, 'run.sh')).mode & 0o777).toBe(0o750);
      const entry = (await list(alice)).list.find((e) => e.name === 'run.sh');
      expect(entry).toMatchObject({ mode: '750', permissions: '-rwxr-x---' });
      expect((await alice.call(chmodFile, { body: { path: join(home, 'run.sh'), mode: '999' } })).status).toBe(400);
    });

    it('searches below a folder, saying when there were more', async () => {
      mkdirSync(join(home, 'proj', 'a', 'b'), { recursive: true });
      for (const p of ['proj/Result-1.csv', 'proj/a/result-2.csv', 'proj/a/b/RESULT-3.csv', 'proj/a/other'])
        writeFileSync(join(home, p), '');
      const all = await alice.call(searchFiles, { query: { path: join(home, 'proj'), text: 'result' } });
      expect(all.errCode).toBe(0);
      expect([...all.data.list].sort()).toEqual(
        ['proj/Result-1.csv', 'proj/a/b/RESULT-3.csv', 'proj/a/result-2.csv'].map((p) => join(home, p)).sort(),
      );
      expect(all.data.truncated).toBe(false);
      const some = await alice.call(searchFiles, { query: { path: join(home, 'proj'), text: 'result', limit: 2 } });
      expect(some.data.list).toHaveLength(2);
      expect(some.data.truncated).toBe(true);
    });
  });

  describe('text editor', () => {
    it('reads text and saves it, refusing a save over a newer version', async () => {
      const file = join(home, 'notes.txt');
      writeFileSync(file, 'héllo\n');
      const read = await alice.call(readTextFile, { query: { path: file } });
      expect(read.data).toMatchObject({ content: 'héllo\n', size: 7 });
      const saved = await alice.call(writeTextFile, { body: { path: file, content: 'v2', mtime: read.data.mtime } });
      expect(saved.errCode).toBe(0);
      expect(saved.data.size).toBe(2);
      expect(readFileSync(file, 'utf8')).toBe('v2');
      // Someone else wrote meanwhile: the stale mtime is refused and the file kept.
      writeFileSync(file, 'theirs');
      const { utimesSync } = await import('node:fs');
      utimesSync(file, new Date(), new Date(Date.now() + 5000));
      const stale = await alice.call(writeTextFile, { body: { path: file, content: 'mine', mtime: saved.data.mtime } });
      expect(stale.status).toBe(409);
      expect(stale.error?.reason).toBe('fileChanged');
      expect(readFileSync(file, 'utf8')).toBe('theirs');
      // Without an mtime the save is unconditional (a new file, for instance).
      expect((await alice.call(writeTextFile, { body: { path: join(home, 'new.txt'), content: 'n' } })).errCode).toBe(0);
    });

    it('refuses files over the size guard and binary files', async () => {
      writeFileSync(join(home, 'big.txt'), 'a'.repeat(TEXT_EDIT_MAX_BYTES + 1));
      const big = await alice.call(readTextFile, { query: { path: join(home, 'big.txt') } });
      expect(big.status).toBe(413);
      expect(big.error?.reason).toBe('outputTooLarge');
      expect(big.errMsg).toBe('The file content is too large, it is recommended to download the file...');
      writeFileSync(join(home, 'bin.dat'), Buffer.from([0x41, 0, 0x42]));
      const bin = await alice.call(readTextFile, { query: { path: join(home, 'bin.dat') } });
      expect(bin.error?.reason).toBe('binaryFile');
      const missing = await alice.call(readTextFile, { query: { path: join(home, 'nope.txt') } });
      expect(missing.status).toBe(404);
      expect(missing.errMsg).toBe('file not exist');
    });
  });

  describe('security', () => {
    const auditLines = async (action: string) =>
      t.app.services.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

    it('refuses traversal, system paths and escaping links, and audits each attempt', async () => {
      symlinkSync('/etc', join(home, 'etc'));
      const before = (await auditLines('files.pathRefused')).length;
      const attempts = [
        alice.call(listFiles, { query: { path: '/../..' } }),
        alice.call(listFiles, { query: { path: `${home}/../bob` } }),
        alice.call(readTextFile, { query: { path: '/etc/passwd' } }),
        alice.call(readTextFile, { query: { path: join(home, 'etc', 'passwd') } }),
        alice.call(listFiles, { query: { path: join(home, 'etc') } }),
        alice.call(makeFile, { body: { path: join(home, 'etc'), name: 'evil' } }),
        alice.call(copyFiles, { body: { paths: ['/etc/passwd'], to: home } }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(403);
        expect(res.error?.reason).toBe('pathOutsideRoots');
      }
      const lines = (await auditLines('files.pathRefused')).slice(before);
      expect(lines).toHaveLength(attempts.length);
      expect(lines.every((l) => l.user_name === 'alice' && l.result === 'failure')).toBe(true);
      expect(lines.map((l) => l.target)).toContain('files.readText /etc/passwd');
      // The link itself is hers to remove.
      expect((await alice.call(deleteFiles, { body: { paths: [join(home, 'etc')] } })).errCode).toBe(0);
      expect(statSync('/etc').isDirectory()).toBe(true);
    });

    it("keeps one user out of another's folder", async () => {
      writeFileSync(join(bobHome, 'private.txt'), 'bob only');
      const read = await alice.call(readTextFile, { query: { path: join(bobHome, 'private.txt') } });
      expect(read.status).toBe(403);
      const del = await alice.call(deleteFiles, { body: { paths: [join(bobHome, 'private.txt')] } });
      expect(del.status).toBe(403);
      expect(readFileSync(join(bobHome, 'private.txt'), 'utf8')).toBe('bob only');
    });

    it('lets a viewer browse but not change anything', async () => {
      const vhome = (await list(viewer)).home;
      const res = await viewer.call(makeFolder, { body: { path: vhome, name: 'x' } });
      expect(res.status).toBe(403);
      expect(res.error?.reason).toBe('forbidden');
      expect((await viewer.call(deleteFiles, { body: { paths: [join(vhome, 'x')] } })).status).toBe(403);
    });

    it('refuses changes made by another site', async () => {
      const res = await alice.call(makeFolder, {
        body: { path: home, name: 'csrf' },
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(res.status).toBe(403);
      expect(res.error?.reason).toBe('crossOrigin');
    });
  });
});
