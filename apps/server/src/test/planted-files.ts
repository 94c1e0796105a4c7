import * as fs from 'node:fs';
import { dirname } from 'node:path';

/*
 * Files a test plants in a user's folder, made as the user would make them: owned like the folder
 * they land in. Under root, local access runs each user as their own POSIX account (whose folder
 * is theirs), and a file the test made as root would be closed to them.
 */

const takeParentsOwner = (path: string): void => {
  if (process.getuid?.() !== 0) return;
  const parent = fs.statSync(dirname(path));
  fs.lchownSync(path, parent.uid, parent.gid);
};

const chownTree = (path: string, uid: number, gid: number): void => {
  fs.lchownSync(path, uid, gid);
  if (fs.lstatSync(path).isDirectory()) for (const e of fs.readdirSync(path)) chownTree(`${path}/${e}`, uid, gid);
};

export const writeFileSync = (path: string, data: string | Uint8Array, opts?: fs.WriteFileOptions): void => {
  fs.writeFileSync(path, data, opts);
  takeParentsOwner(path);
};

export const symlinkSync = (target: string, path: string): void => {
  fs.symlinkSync(target, path);
  takeParentsOwner(path);
};

export const mkdirSync = (path: string, opts?: fs.MakeDirectoryOptions): void => {
  const made = fs.mkdirSync(path, opts);
  // recursive: the first folder made, or undefined when all were there.
  const first = opts?.recursive ? made : path;
  if (first === undefined || process.getuid?.() !== 0) return;
  const parent = fs.statSync(dirname(first));
  chownTree(first, parent.uid, parent.gid);
};
