import { describe, expect, it } from 'vitest';
import { baseName, cleanPathInput, crumbsOf, isImageName, joinPath, parentOf } from './paths';

describe('file paths', () => {
  it('joins, splits and climbs paths', () => {
    expect(joinPath('/home/u', 'a.txt')).toBe('/home/u/a.txt');
    expect(joinPath('/', 'tmp')).toBe('/tmp');
    expect(parentOf('/home/u/a.txt')).toBe('/home/u');
    expect(parentOf('/home')).toBe('/');
    expect(parentOf('/')).toBe('/');
    expect(baseName('/home/u/a.txt')).toBe('a.txt');
    expect(baseName('/')).toBe('/');
  });

  it('cleans what the user typed in the path box and refuses relative paths', () => {
    expect(cleanPathInput('  /home//u/./data/ ')).toBe('/home/u/data');
    expect(cleanPathInput('/')).toBe('/');
    expect(cleanPathInput('home/u')).toBeNull();
    expect(cleanPathInput('')).toBeNull();
  });

  it('starts breadcrumbs at the root the folder is in, with ~ for home', () => {
    const roots = ['/data/home/ann', '/scratch'];
    expect(crumbsOf('/data/home/ann/run/out', roots, '/data/home/ann')).toEqual([
      { label: '~', path: '/data/home/ann' },
      { label: 'run', path: '/data/home/ann/run' },
      { label: 'out', path: '/data/home/ann/run/out' },
    ]);
    expect(crumbsOf('/scratch/x', roots, '/data/home/ann')).toEqual([
      { label: '/scratch', path: '/scratch' },
      { label: 'x', path: '/scratch/x' },
    ]);
    expect(crumbsOf('/other/y', roots, '/data/home/ann').map((c) => c.path)).toEqual(['/', '/other', '/other/y']);
  });

  it('recognises images by extension, in any case', () => {
    expect(isImageName('plot.PNG')).toBe(true);
    expect(isImageName('a.svg')).toBe(true);
    expect(isImageName('notes.txt')).toBe(false);
    expect(isImageName('.png')).toBe(false);
  });
});
