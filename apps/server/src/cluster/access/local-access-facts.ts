import { userInfo } from 'node:os';
import { LocalAccessRefusedError, localSeparation } from './local/user-accounts.js';

/**
 * What the console tells users about local access mode: which clusters use it, whether each user
 * acts as their own POSIX account (server as root) or all share the server's account.
 */
export const localAccessFacts = (
  clusters: readonly { id: string; name: string; access: { mode: string } }[],
  separation: () => 'perUser' | 'shared' = () => localSeparation(),
): { clusters: { id: string; name: string }[]; separation: 'perUser' | 'shared'; serverAccount: string } => {
  const local = clusters.filter((c) => c.access.mode === 'local').map((c) => ({ id: c.id, name: c.name }));
  let how: 'perUser' | 'shared' = 'shared';
  if (local.length > 0) {
    try {
      how = separation();
    } catch (err) {
      // The server refuses to start in this case (main.ts); tests building services still may.
      if (!(err instanceof LocalAccessRefusedError)) throw err;
    }
  }
  return { clusters: local, separation: how, serverAccount: userInfo().username };
};
