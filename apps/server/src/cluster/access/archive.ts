import { posix } from 'node:path';

/**
 * tar of a folder as the user, named by its own name in the archive. `cd` first rather than
 * `tar -C`: GNU tar opens the -C folder for reading, which fails where the parent may only be
 * traversed (a home root of mode 711), while cd needs the traversal the user already has.
 */
export const archiveArgv = (dir: string): string[] => [
  'sh',
  '-c',
  'cd -- "$1" && exec tar -czf - -- "$2"',
  'sh',
  posix.dirname(dir),
  posix.basename(dir),
];
