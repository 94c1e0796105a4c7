import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAccessContract } from '../access-contract.test-support.js';
import { LocalClusterAccess } from './local-access.js';
import { localSeparation } from './user-accounts.js';

const fixture = (separation: 'perUser' | 'shared') => async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-access-'));
  return {
    access: new LocalClusterAccess({ homeRoot: join(dataDir, 'home'), dataDir, separation }),
    alice: { id: 1, name: 'alice' },
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
};

// As root: each user their own POSIX account; as any account: everyone the server's own.
runAccessContract('local, a POSIX account per user (root)', fixture('perUser'), localSeparation() === 'perUser');
runAccessContract('local, the server account for everyone', fixture('shared'));
