import { posix } from 'node:path';
import { ErrCode } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';
import type { Opened } from '../files/index.js';

/** One thing to copy: a folder to create, a file to stream or a link to remake, in walk order (parents first). */
export interface Item {
  kind: 'dir' | 'file' | 'link';
  src: string;
  dest: string;
  size: number;
  mode: number;
  /** A link's text, copied unchanged. */
  target?: string;
}

export const fileExists = (path: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'fileExists', 'A file or folder with this name already exists', {
    status: 409,
    extra: { path },
  });

export const exists = (o: Opened, path: string) =>
  o.session.lstat(path).then(
    () => true,
    () => false,
  );

/**
 * What to copy, parents first: every source checked against the roots again (they may have
 * changed since the transfer was queued), folders walked without following links. Links are
 * made again with the same text (a relative link inside the copied tree keeps working; where it
 * leads is checked, as always, when someone follows it); sockets, devices and FIFOs are skipped.
 */
export const planItems = async (
  from: Opened,
  to: Opened,
  paths: string[],
  toPath: string,
  signal: AbortSignal,
): Promise<Item[]> => {
  const items: Item[] = [];
  const dir = await to.guard.check(toPath);
  const walk = async (src: string, dest: string): Promise<void> => {
    signal.throwIfAborted();
    const st = await from.session.lstat(src);
    if (st.kind === 'file') items.push({ kind: 'file', src, dest, size: st.size, mode: st.mode & 0o777 });
    if (st.kind === 'link' && st.target) items.push({ kind: 'link', src, dest, size: 0, mode: 0, target: st.target });
    if (st.kind !== 'dir') return;
    items.push({ kind: 'dir', src, dest, size: 0, mode: st.mode & 0o777 });
    const entries = (await from.session.list(src)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) await walk(posix.join(src, e.name), posix.join(dest, e.name));
  };
  for (const p of paths) {
    const src = await from.guard.check(p, { follow: false });
    await walk(src, posix.join(dir, posix.basename(src)));
  }
  return items;
};
