import type { FileEntry } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { rowActionKeys } from './file-dialog';

const entry = (kind: FileEntry['kind'], targetKind: FileEntry['targetKind'] = null): FileEntry => ({
  name: 'x',
  path: '/h/x',
  kind,
  targetKind,
  size: 1,
  mtime: '2026-01-01T00:00:00Z',
  mode: '644',
  permissions: '-rw-r--r--',
  owner: 'u',
  group: 'u',
});

describe('row actions', () => {
  it('offers a viewer only opening and downloading', () => {
    expect(rowActionKeys(entry('file'), { write: false, shell: false })).toEqual(['open', 'download']);
  });

  it('offers a writer every change, and the shell only on folders', () => {
    expect(rowActionKeys(entry('file'), { write: true, shell: true })).toEqual([
      'open',
      'download',
      'rename',
      'copy',
      'move',
      'chmod',
      'delete',
    ]);
    expect(rowActionKeys(entry('link', 'dir'), { write: true, shell: true })).toContain('shell');
  });
});
