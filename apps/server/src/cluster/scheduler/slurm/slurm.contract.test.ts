import { LocalCommandRunner } from '../../access/command-runner.js';
import { runSchedulerContract } from '../scheduler-contract.test-support.js';
import { SlurmAdapter } from './slurm-adapter.js';

/*
 * The scheduler contract against a real Slurm cluster on this machine: start it with
 * `bash scripts/dev-cluster start` (as root), then run with PORTAL_TEST_SLURM=1, as root (jobs are
 * submitted as the test users alice and bob through runuser).
 */

const workDirOf = (user: string) => `/home/${user}/portal-contract`;

runSchedulerContract(
  'slurm',
  async () => {
    if (process.getuid?.() !== 0) throw new Error('the Slurm contract runs as root (it acts as alice and bob)');
    const runner = new LocalCommandRunner();
    const adapter = new SlurmAdapter({ runner, config: { binDir: '/usr/bin', commandTimeoutSeconds: 30 } });
    for (const user of ['alice', 'bob']) {
      // Created by the user: theirs, closed to others. Output of earlier runs goes.
      const dir = workDirOf(user);
      for (const argv of [
        ['mkdir', '-p', dir],
        ['chmod', '700', dir],
        ['find', dir, '-mindepth', '1', '-delete'],
      ]) {
        const r = await runner.run(user, argv, { timeoutMs: 10_000 });
        if (r.code !== 0)
          throw new Error(`${argv.join(' ')} as ${user}: ${r.stderr} (is the dev cluster up? bash scripts/dev-cluster start)`);
      }
    }
    return {
      adapter,
      alice: 'alice',
      bob: 'bob',
      workDirOf,
      account: 'research',
      otherAccount: 'root',
      partition: 'compute',
      totalCores: 32,
      minTimeLimit: 60,
      // Slurm checks time limits every 30 s, then gives KillWait (5 s on the dev cluster).
      timeLimitGraceMs: 90_000,
      cleanup: () => adapter.close(),
    };
  },
  process.env.PORTAL_TEST_SLURM === '1',
);
