import { describe, expect, it } from 'vitest';
import { isFolderEntry, parentOf, pathForField, startFolder } from './picker-paths';

describe('the pickers', () => {
  it('go up one folder at a time, never above /', () => {
    expect(parentOf('/home/alice/runs')).toBe('/home/alice');
    expect(parentOf('/home/alice/runs/')).toBe('/home/alice');
    expect(parentOf('/home')).toBe('/');
    expect(parentOf('/')).toBe('/');
  });

  it('start where the field points, else in the home', () => {
    expect(startFolder('/scratch/alice/run/')).toBe('/scratch/alice/run');
    expect(startFolder('~/jobs', '/home/alice')).toBe('/home/alice/jobs');
    expect(startFolder('~/jobs')).toBeUndefined();
    expect(startFolder('~')).toBeUndefined();
    expect(startFolder('relative')).toBeUndefined();
    expect(startFolder(undefined)).toBeUndefined();
  });

  it('give input files relative to the working directory when inside it', () => {
    expect(pathForField('/home/alice/run/in.lammps', '/home/alice/run')).toBe('in.lammps');
    expect(pathForField('/home/alice/run/data/x.dat', '/home/alice/run/')).toBe('data/x.dat');
    expect(pathForField('/home/alice/other/in.lammps', '/home/alice/run')).toBe('/home/alice/other/in.lammps');
    expect(pathForField('/home/alice/run2/in', '/home/alice/run')).toBe('/home/alice/run2/in');
    expect(pathForField('/home/alice/in', '~/run')).toBe('/home/alice/in');
  });

  it('open links to folders like folders', () => {
    expect(isFolderEntry({ kind: 'dir', targetKind: null })).toBe(true);
    expect(isFolderEntry({ kind: 'link', targetKind: 'dir' })).toBe(true);
    expect(isFolderEntry({ kind: 'link', targetKind: 'file' })).toBe(false);
    expect(isFolderEntry({ kind: 'file', targetKind: null })).toBe(false);
  });
});
