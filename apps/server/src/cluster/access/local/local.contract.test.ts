import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAccessContract } from '../access-contract.test-support.js';
import { LocalClusterAccess } from './local-access.js';

runAccessContract('local', async () => {
  const homeRoot = await mkdtemp(join(tmpdir(), 'portal-access-'));
  return {
    access: new LocalClusterAccess({ homeRoot }),
    alice: { id: 1, name: 'alice' },
    cleanup: () => rm(homeRoot, { recursive: true, force: true }),
  };
});
