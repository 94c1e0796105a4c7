import { describe, expect, it } from 'vitest';
import type { CommandResult, CommandRunner, RunOptions } from '../../access/command-runner.js';
import { SchedulerRejectedError, type SubmitSpec } from '../types.js';
import { sbatchArgs } from './commands.js';
import { SlurmAdapter } from './slurm-adapter.js';
import { parseTestOnly, sbatchTestOnlyArgs } from './test-only.js';

/* sbatch --test-only: the argv (the submission's own) and Slurm's answers, recorded from Slurm 23.02. */

const spec: SubmitSpec = {
  name: 'sim',
  partition: 'compute',
  nodes: 1,
  cores: 4,
  gpus: 0,
  memoryMB: 0,
  timeLimit: 3600,
  workDir: '/home/alice',
  script: '#!/bin/bash\nhostname\n',
  account: 'chem01',
};

describe('sbatch --test-only output', () => {
  it('reads the start time in Slurm ISO form (UTC, as SLURM_ENV sets TZ) and the nodes', () => {
    const line = 'sbatch: Job 123 to start at 2026-11-26T19:30:00 using 4 processors on nodes node01 in partition compute\n';
    expect(parseTestOnly(line)).toEqual({ startAt: Date.UTC(2026, 10, 26, 19, 30, 0), nodes: ['node01'] });
  });

  it('reads the start time as epoch seconds (SLURM_TIME_FORMAT=%s) and a node range', () => {
    const line = 'sbatch: Job 4077 to start at 1795721400 using 16 processors on nodes node[01-02] in partition gpu';
    expect(parseTestOnly(line)).toEqual({ startAt: 1795721400_000, nodes: ['node[01-02]'] });
  });

  it('has nothing to read in other output', () => {
    expect(parseTestOnly('')).toBeNull();
    expect(parseTestOnly('allocation failure: Requested node configuration is not available')).toBeNull();
  });

  it('is the submission argv with --test-only in place of --parsable', () => {
    const submit = sbatchArgs('/usr/bin', spec);
    const test = sbatchTestOnlyArgs('/usr/bin', spec);
    expect(test).toEqual(submit.map((a) => (a === '--parsable' ? '--test-only' : a)));
    expect(test).toContain('--test-only');
    expect(test).not.toContain('--parsable');
  });
});

describe('SlurmAdapter.estimateStart', () => {
  const adapterAnswering = (sbatch: Partial<CommandResult>) => {
    const calls: { user: string | null; argv: string[]; opts: RunOptions }[] = [];
    const runner: CommandRunner = {
      run: (user, argv, opts = {}) => {
        calls.push({ user, argv, opts });
        const a = argv[0]?.endsWith('/sbatch') ? sbatch : {};
        return Promise.resolve({ code: 0, stdout: '', stderr: '', ...a });
      },
    };
    return { adapter: new SlurmAdapter({ runner, config: { binDir: '/opt/slurm/bin', commandTimeoutSeconds: 7 } }), calls };
  };

  it('runs sbatch --test-only as the user with the script on standard input', async () => {
    const { adapter, calls } = adapterAnswering({
      stderr: 'sbatch: Job 77 to start at 1795721400 using 4 processors on nodes node01 in partition compute\n',
    });
    expect(await adapter.estimateStart('alice', spec)).toEqual({ startAt: 1795721400_000, nodes: ['node01'] });
    const run = calls.find((c) => c.argv[0] === '/opt/slurm/bin/sbatch');
    expect(run).toMatchObject({ user: 'alice', opts: { input: spec.script } });
    expect(run?.argv).toContain('--test-only');
    expect(run?.argv).not.toContain('--parsable');
  });

  it("turns Slurm's allocation failure into a refusal with Slurm's words", async () => {
    const { adapter } = adapterAnswering({
      code: 1,
      stderr: 'allocation failure: Requested node configuration is not available\n',
    });
    const refused = adapter.estimateStart('alice', spec);
    await expect(refused).rejects.toBeInstanceOf(SchedulerRejectedError);
    await expect(refused).rejects.toThrow('Requested node configuration is not available');
  });

  it('refuses as sbatch does for an account the user may not use', async () => {
    const { adapter } = adapterAnswering({
      code: 1,
      stderr: 'sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified\n',
    });
    await expect(adapter.estimateStart('alice', spec)).rejects.toThrow(/Invalid account or account\/partition combination/);
  });

  it('answers no start time when Slurm prints none', async () => {
    const { adapter } = adapterAnswering({ stderr: '' });
    expect(await adapter.estimateStart('alice', spec)).toEqual({ startAt: null });
  });
});
