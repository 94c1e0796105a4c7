import { userInfo } from 'node:os';
import { join } from 'node:path';
import { localSeparation } from '../../access/local/user-accounts.js';
import { runSchedulerContract } from '../scheduler-contract.test-support.js';
import { createLocalTestEnv } from './local-env.test-support.js';

/*
 * The contract every adapter passes, against the built-in scheduler with its default settings,
 * in both ways it runs jobs: as each user's own POSIX account (the server runs as root), where
 * the contract's "alice" is a portal user whose jobs say `id -un` = alice; and as the server's own
 * account, where "alice" is that account and "bob" any other portal user.
 */

const contract = (name: string, separation: 'perUser' | 'shared', alice: string, bob: string, enabled = true) =>
  runSchedulerContract(
    name,
    async () => {
      const env = createLocalTestEnv();
      const db = await env.openDb();
      const adapter = env.scheduler(db, { separation });
      const info = await adapter.clusterInfo();
      const compute = info.partitions.find((p) => p.name === 'compute');
      return {
        adapter,
        alice,
        bob,
        workDirOf: (user) => join(env.homeRoot, user, 'contract'),
        account: 'contract_acct',
        otherAccount: 'other_acct',
        partition: 'compute',
        totalCores: compute?.totalCores ?? 0,
        minTimeLimit: 2,
        timeLimitGraceMs: 5000,
        cleanup: async () => {
          await adapter.shutdownJobs();
          await adapter.close();
          await db.close();
          await env.dispose();
        },
      };
    },
    enabled,
  );

const self = userInfo().username;
contract('local, a POSIX account per user (root)', 'perUser', 'sched_alice', 'sched_bob', localSeparation() === 'perUser');
contract('local, the server account for everyone', 'shared', self, self === 'bob' ? 'bobby' : 'bob');
