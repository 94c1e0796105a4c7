import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OutputMissingError, OutputTooLargeError, SchedulerRejectedError } from '../types.js';
import { readOutputFile } from './output.js';
import { containedPath, ensureHome, homePath, isWithin } from './paths.js';

const root = mkdtempSync(join(tmpdir(), 'portal-paths-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("users' folders", () => {
  it('accepts only safe user names', () => {
    expect(homePath('/h', 'alice')).toBe('/h/alice');
    for (const bad of ['', '..', '.', 'a/b', '-x', 'a b', 'x'.repeat(40)]) expect(() => homePath('/h', bad), bad).toThrow();
  });

  it('creates a private folder on demand', async () => {
    const home = await ensureHome(join(root, 'home'), 'alice');
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(await ensureHome(join(root, 'home'), 'alice')).toBe(home);
  });

  it('tells inside from outside', () => {
    expect(isWithin('/h/alice', '/h/alice')).toBe(true);
    expect(isWithin('/h/alice', '/h/alice/x/y')).toBe(true);
    expect(isWithin('/h/alice', '/h/alice2')).toBe(false);
    expect(isWithin('/h/alice', '/h')).toBe(false);
    expect(isWithin('/h/alice', '/h/alice/../bob')).toBe(false);
  });

  it('keeps paths inside the folder, symbolic links resolved', async () => {
    const home = await ensureHome(join(root, 'home'), 'carol');
    const other = await ensureHome(join(root, 'home'), 'dave');
    mkdirSync(join(home, 'real'));
    symlinkSync(other, join(home, 'escape'));
    symlinkSync(join(home, 'real'), join(home, 'fine'));
    expect(await containedPath(home, join(home, 'real', 'new', 'deeper'))).toEqual({
      path: join(home, 'real', 'new', 'deeper'),
      real: join(home, 'real', 'new', 'deeper'),
    });
    expect((await containedPath(home, join(home, 'fine', 'x')))?.real).toBe(join(home, 'real', 'x'));
    expect(await containedPath(home, `${home}/real/../real/`)).toMatchObject({ path: join(home, 'real') });
    expect(await containedPath(home, join(home, 'escape'))).toBeNull();
    expect(await containedPath(home, join(home, 'escape', 'x', 'y'))).toBeNull();
    expect(await containedPath(home, `${home}/../dave`)).toBeNull();
    expect(await containedPath(home, 'relative/path')).toBeNull();
    expect(await containedPath(home, '/etc/passwd')).toBeNull();
    expect(await containedPath(join(root, 'home', 'nobody'), join(root, 'home', 'nobody', 'x'))).toBeNull();
  });
});

describe('reading output', () => {
  const file = join(root, 'out.txt');
  writeFileSync(file, Array.from({ length: 1000 }, (_, i) => `line ${i + 1}\n`).join(''));

  it('reads a tail, or the whole file when small enough', async () => {
    const size = statSync(file).size;
    expect(await readOutputFile(file, { tailBytes: 9, maxBytes: 100 })).toEqual({
      size,
      content: 'line 1000\n'.slice(1),
      truncated: true,
    });
    expect(await readOutputFile(file, { tailBytes: 10 * size, maxBytes: 20 * size })).toMatchObject({ truncated: false, size });
    expect((await readOutputFile(file, { maxBytes: size })).content.startsWith('line 1\n')).toBe(true);
    await expect(readOutputFile(file, { maxBytes: size - 1 })).rejects.toBeInstanceOf(OutputTooLargeError);
  });

  it('does not cut a character in two', async () => {
    const utf = join(root, 'utf.txt');
    writeFileSync(utf, 'aé€');
    // The last 4 bytes start inside "é": only "€" comes back.
    expect((await readOutputFile(utf, { tailBytes: 4, maxBytes: 100 })).content).toBe('€');
  });

  it('says when a file is missing or not a file', async () => {
    await expect(readOutputFile(join(root, 'nope'), { maxBytes: 10 })).rejects.toBeInstanceOf(OutputMissingError);
    await expect(readOutputFile(root, { maxBytes: 10 })).rejects.toBeInstanceOf(SchedulerRejectedError);
    symlinkSync(file, join(root, 'link.txt'));
    await expect(readOutputFile(join(root, 'link.txt'), { maxBytes: 10 })).rejects.toBeInstanceOf(SchedulerRejectedError);
  });
});
