import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalFileSession } from '../../cluster/access/local/local-files.js';
import { FileAccessError } from '../../cluster/access/types.js';
import { expandRoots, isInside, normalizePath, OutsideRootsError, PathGuard } from './paths.js';

describe('path rules', () => {
  it('normalise to an absolute posix path without a trailing slash', () => {
    expect(normalizePath('/home/a/./b//c/')).toBe('/home/a/b/c');
    expect(normalizePath('/home/a/../b')).toBe('/home/b');
    expect(normalizePath('/../..')).toBe('/');
    expect(normalizePath('/')).toBe('/');
    expect(() => normalizePath('home/a')).toThrow(OutsideRootsError);
    expect(() => normalizePath('~/x')).toThrow(OutsideRootsError);
    expect(() => normalizePath('/a\0b')).toThrow(OutsideRootsError);
  });

  it('tell inside from a sibling with the same prefix', () => {
    expect(isInside('/home/al', '/home/al')).toBe(true);
    expect(isInside('/home/al/x', '/home/al')).toBe(true);
    expect(isInside('/home/alice', '/home/al')).toBe(false);
    expect(isInside('/anything', '/')).toBe(true);
  });

  it('expand ~ and {user}, home first, without duplicates or relative roots', () => {
    expect(expandRoots(['~'], '/home/alice', 'alice')).toEqual(['/home/alice']);
    expect(expandRoots(['/scratch/{user}', '~', '~/../alice/', 'data'], '/home/alice', 'alice')).toEqual([
      '/home/alice',
      '/scratch/alice',
    ]);
    // Home is always a root, even when the configuration names only others.
    expect(expandRoots(['/scratch/{user}'], '/home/alice/', 'alice')).toEqual(['/home/alice', '/scratch/alice']);
  });
});

describe('PathGuard on real folders', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'portal-paths-')));
  const home = join(base, 'alice');
  const bob = join(base, 'bob');
  mkdirSync(join(home, 'docs'), { recursive: true });
  mkdirSync(bob, { recursive: true });
  writeFileSync(join(bob, 'secret'), 'x');
  symlinkSync('/etc', join(home, 'etc-link'));
  symlinkSync(join(bob, 'secret'), join(home, 'bob-secret'));
  symlinkSync(join(home, 'docs'), join(home, 'docs-link'));
  symlinkSync(join(bob, 'new-file'), join(home, 'dangling'));
  // A root reached through a link counts in both spellings.
  symlinkSync(home, join(base, 'alice-alias'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  const guard = new PathGuard(new LocalFileSession(home), [home]);
  const refused = (p: string, follow = true) => expect(guard.check(p, { follow })).rejects.toBeInstanceOf(OutsideRootsError);

  it('accepts paths inside the home folder, existing or new', async () => {
    await expect(guard.check(`${home}/docs/`)).resolves.toBe(join(home, 'docs'));
    await expect(guard.check(`${home}/docs/new/deeper`)).resolves.toBe(join(home, 'docs/new/deeper'));
    await expect(guard.check(`${home}/docs-link`)).resolves.toBe(join(home, 'docs-link'));
  });

  it('refuses climbing out, other users and absolute system paths', async () => {
    await refused(`${home}/../bob/secret`);
    await refused(`${home}/../..`);
    await refused('/etc/passwd');
    await refused('/../..');
    await refused(bob);
  });

  it('refuses links that lead out, but lets the link itself be removed', async () => {
    await refused(`${home}/etc-link`);
    await refused(`${home}/etc-link/passwd`);
    await refused(`${home}/bob-secret`);
    // Writing a new name through a dangling link would create it outside.
    await refused(`${home}/dangling`);
    await expect(guard.check(`${home}/etc-link`, { follow: false })).resolves.toBe(join(home, 'etc-link'));
    await refused(`${home}/etc-link/passwd`, false);
  });

  it('tells a link loop from a dangling link where the file system says only "not found"', async () => {
    symlinkSync('loop-b', join(home, 'loop-a'));
    symlinkSync('loop-a', join(home, 'loop-b'));
    // OpenSSH's sftp-server answers ELOOP as NO_SUCH_FILE: the same real files, seen that way.
    class AsSftpSees extends LocalFileSession {
      override async realpath(path: string): Promise<string> {
        try {
          return await super.realpath(path);
        } catch (err) {
          if (err instanceof FileAccessError && err.reason === 'loop') throw new FileAccessError('notFound', err.message);
          throw err;
        }
      }
    }
    const overSftp = new PathGuard(new AsSftpSees(home), [home]);
    for (const p of [`${home}/loop-a`, `${home}/loop-a/new`]) {
      await expect(overSftp.check(p)).rejects.toMatchObject({ reason: 'loop' });
      // Local access hears ELOOP itself.
      await expect(guard.check(p)).rejects.toMatchObject({ reason: 'loop' });
    }
    await expect(overSftp.check(`${home}/dangling`)).rejects.toBeInstanceOf(OutsideRootsError);
  });

  it('resolves the path and the roots in one call where the session can, refusing the same paths', async () => {
    const calls: string[][] = [];
    // The real session with `realpaths` (one program per call in local access as root).
    class Batched extends LocalFileSession {
      realpaths(paths: string[]): Promise<string[]> {
        calls.push(paths);
        return Promise.all(paths.map((p) => this.realpath(p)));
      }
    }
    const fresh = () => new PathGuard(new Batched(home), [join(base, 'alice-alias')]);
    const alias = join(base, 'alice-alias');
    await expect(fresh().check(join(alias, 'docs-link'))).resolves.toBe(join(alias, 'docs-link'));
    expect(calls).toEqual([[join(alias, 'docs-link'), alias]]);
    await expect(fresh().check(join(alias, 'etc-link'))).rejects.toBeInstanceOf(OutsideRootsError);
    await expect(fresh().check(join(alias, 'bob-secret'))).rejects.toBeInstanceOf(OutsideRootsError);
    // A missing path fails the one call: resolved as before, its nearest existing parent's.
    await expect(fresh().check(join(alias, 'docs', 'new.txt'))).resolves.toBe(join(alias, 'docs', 'new.txt'));
    await expect(fresh().check(join(alias, 'dangling'))).rejects.toBeInstanceOf(OutsideRootsError);
    expect(calls).toHaveLength(5);
  });

  it('accepts a root given through a link to it', async () => {
    const aliased = new PathGuard(new LocalFileSession(home), [join(base, 'alice-alias')]);
    await expect(aliased.check(join(base, 'alice-alias', 'docs'))).resolves.toBe(join(base, 'alice-alias', 'docs'));
    await expect(aliased.check(join(base, 'alice-alias', '..', 'bob'))).rejects.toBeInstanceOf(OutsideRootsError);
  });
});
