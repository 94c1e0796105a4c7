import { ErrCode } from '@portal/shared';
import type { AccessUser, ClusterAccess } from '../../cluster/access/types.js';
import { AppError } from '../../lib/app-error.js';
import { expandRoots, PathGuard, viaFiles } from '../files/index.js';

/**
 * The folder a shell may start in: a folder inside the user's allowed roots, checked by the same
 * rules as the file manager (links resolved, no '..' escapes), since E-File opens shells there.
 * A shell can `cd` anywhere the account may afterwards; this only keeps the portal from being the
 * one that leads a user, or a crafted link, outside their roots.
 */
export const checkShellCwd = (access: ClusterAccess, user: AccessUser, roots: readonly string[], cwd: string) =>
  viaFiles(async () => {
    const session = await access.files(user);
    const guard = new PathGuard(session, expandRoots(roots, await session.home(), user.name));
    const path = await guard.check(cwd);
    if ((await session.stat(path)).kind !== 'dir')
      throw new AppError(ErrCode.PARAM_INVALID, 'notADirectory', 'This is not a folder', { status: 400 });
    return path;
  });
