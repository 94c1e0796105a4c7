import type { FileEntry } from '@portal/shared';

/** The one dialog or drawer the file manager shows at a time. */
export type FileDialog =
  | { kind: 'mkdir' | 'touch' | 'search' }
  | { kind: 'rename' | 'chmod'; entry: FileEntry }
  | { kind: 'copy' | 'move'; paths: string[] }
  | { kind: 'edit'; path: string }
  | { kind: 'image'; path: string }
  | null;

/** What a row's menu offers, by ability: readers download; writers also change. */
export const rowActionKeys = (e: FileEntry, abilities: { write: boolean; shell: boolean }): string[] => {
  const folder = e.kind === 'dir' || (e.kind === 'link' && e.targetKind === 'dir');
  return [
    'open',
    'download',
    ...(abilities.write ? ['rename', 'copy', 'move', 'chmod', 'delete'] : []),
    ...(abilities.shell && folder ? ['shell'] : []),
  ];
};
