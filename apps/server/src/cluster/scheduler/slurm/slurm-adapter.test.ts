import { describe, expect, it } from 'vitest';
import { CommandFailedError, type CommandResult, type CommandRunner, type RunOptions } from '../../access/command-runner.js';
import { OutputMissingError, OutputTooLargeError, SchedulerRejectedError, SchedulerUnavailableError } from '../types.js';
import { SEP, sacctTime, sbatchArgs, toMinutes } from './commands.js';
import { SlurmAdapter } from './slurm-adapter.js';
import { exitStatusOf, portalState } from './states.js';

interface Call {
  user: string | null;
  argv: string[];
  opts: RunOptions;
}

/** Answers commands from a script of handlers and records what ran as whom. */
const fakeRunner = (answer: (argv: string[], user: string | null) => Partial<CommandResult> | Error) => {
  const calls: Call[] = [];
  const runner: CommandRunner = {
    run: (user, argv, opts = {}) => {
      calls.push({ user, argv, opts });
      const a = answer(argv, user);
      if (a instanceof Error) return Promise.reject(a);
      return Promise.resolve({ code: 0, stdout: '', stderr: '', ...a });
    },
  };
  return { runner, calls };
};

const adapterWith = (answer: Parameters<typeof fakeRunner>[0]) => {
  const { runner, calls } = fakeRunner(answer);
  return { adapter: new SlurmAdapter({ runner, config: { binDir: '/opt/slurm/bin/', commandTimeoutSeconds: 7 } }), calls };
};

const owner = { user: 'alice', privileged: false };
const operator = { user: 'alice', privileged: true };

describe('Slurm commands', () => {
  it('builds sbatch from a spec, output named <name>-<jobId> in the work directory', () => {
    const argv = sbatchArgs('/usr/bin', {
      name: 'sim',
      partition: 'compute',
      nodes: 2,
      cores: 16,
      gpus: 2,
      memoryMB: 4000,
      timeLimit: 3601,
      workDir: '/home/alice/100%/',
      script: '#!/bin/bash\n',
      account: 'research',
    });
    expect(argv).toEqual([
      '/usr/bin/sbatch',
      '--parsable',
      '-J',
      'sim',
      '-p',
      'compute',
      '-N',
      '2',
      '-n',
      '16',
      '--gpus=2',
      '--mem=4000M',
      '-t',
      '61',
      '-D',
      '/home/alice/100%/',
      '-o',
      '/home/alice/100%%/%x-%j.out',
      '-e',
      '/home/alice/100%%/%x-%j.err',
      '-A',
      'research',
    ]);
    expect(toMinutes(59)).toBe(1);
    expect(toMinutes(60)).toBe(1);
    expect(toMinutes(61)).toBe(2);
    expect(sacctTime(Date.UTC(2026, 10, 22, 3, 4, 5, 678))).toBe('2026-11-22T03:04:05');
  });

  it('maps states and exit statuses', () => {
    expect(portalState('PENDING', 'Priority', 0)).toBe('Q');
    expect(portalState('PENDING', 'JobHeldUser', 0)).toBe('H');
    expect(portalState('REQUEUE_HOLD', 'JobHeldAdmin', 1)).toBe('H');
    expect(portalState('PENDING', 'Dependency', 0)).toBe('W');
    expect(portalState('PENDING', 'BeginTime', 0)).toBe('W');
    expect(portalState('PENDING', 'BeginTime', 1)).toBe('Q');
    expect(portalState('CONFIGURING', 'None', 0)).toBe('R');
    expect(portalState('COMPLETING', 'None', 0)).toBe('E');
    expect(portalState('SUSPENDED', 'None', 0)).toBe('S');
    expect(portalState('RESIZING', 'None', 0)).toBe('X');
    expect(exitStatusOf('COMPLETED')).toBe('complete');
    expect(exitStatusOf('OUT_OF_MEMORY')).toBe('fail');
    expect(exitStatusOf('DEADLINE')).toBe('timeout');
    expect(exitStatusOf('BOOT_FAIL')).toBe('nodeAbnormal');
    expect(exitStatusOf('CANCELLED by 1001')).toBe('delete');
    expect(exitStatusOf('PREEMPTED')).toBe('reenterQueue');
  });
});

describe('SlurmAdapter', () => {
  it('submits as the user with the script on standard input, times in epoch seconds', async () => {
    const { adapter, calls } = adapterWith(() => ({ stdout: '42\n' }));
    const id = await adapter.submit('alice', {
      name: 'x',
      partition: 'compute',
      nodes: 1,
      cores: 1,
      gpus: 0,
      memoryMB: 0,
      timeLimit: 60,
      workDir: '/w',
      script: '#!/bin/bash\necho hi\n',
    });
    expect(id).toBe('42');
    // Before it: the portal's partitions file is read once (cores per job of the portal's queues).
    const sbatch = calls.find((c) => c.argv[0] === '/opt/slurm/bin/sbatch');
    expect(sbatch).toMatchObject({ user: 'alice', opts: { input: '#!/bin/bash\necho hi\n', timeoutMs: 7000 } });
    expect(sbatch?.argv.slice(0, 2)).toEqual(['/opt/slurm/bin/sbatch', '--parsable']);
    expect(sbatch?.opts.env).toMatchObject({ SLURM_TIME_FORMAT: '%s' });
    expect(sbatch?.argv).not.toContain('--gpus=0');
  });

  it('runs owner actions as the owner, operator actions as the service identity', async () => {
    const { adapter, calls } = adapterWith(() => ({}));
    await adapter.hold(owner, '7');
    await adapter.release(owner, '7');
    await adapter.cancel(owner, '7');
    await adapter.cancel(operator, '7');
    await adapter.suspend(owner, '7');
    await adapter.resume(owner, '7');
    await adapter.setPriority(owner, '7', 4242);
    await adapter.setTimeLimit(owner, '7', 1200);
    expect(calls.map((c) => [c.user, c.argv.join(' ')])).toEqual([
      ['alice', '/opt/slurm/bin/scontrol hold 7'],
      ['alice', '/opt/slurm/bin/scontrol release 7'],
      ['alice', '/opt/slurm/bin/scancel -v 7'],
      [null, '/opt/slurm/bin/scancel -v 7'],
      [null, '/opt/slurm/bin/scontrol suspend 7'],
      [null, '/opt/slurm/bin/scontrol resume 7'],
      [null, '/opt/slurm/bin/scontrol update JobId=7 Priority=4242'],
      [null, '/opt/slurm/bin/scontrol update JobId=7 TimeLimit=20'],
    ]);
  });

  it('refuses job ids that are not Slurm job ids before running anything', async () => {
    const { adapter, calls } = adapterWith(() => ({}));
    await expect(adapter.cancel(owner, '--user=bob')).rejects.toBeInstanceOf(SchedulerRejectedError);
    await expect(adapter.hold(owner, '7 8')).rejects.toBeInstanceOf(SchedulerRejectedError);
    expect(await adapter.jobDetail('-1')).toBeNull();
    await adapter.hold(owner, '24_3');
    await adapter.cancel(owner, '27_[1-3%1]');
    expect(calls.map((c) => c.argv.at(-1))).toEqual(['24_3', '27_[1-3%1]']);
  });

  it('turns refusals into SchedulerRejectedError with Slurm’s words', async () => {
    const { adapter } = adapterWith((argv) =>
      argv[0]?.endsWith('scancel')
        ? {
            code: 0,
            stderr: 'scancel: Terminating job 999\nscancel: error: Kill job error on job id 999: Invalid job id specified\n',
          }
        : { code: 1, stderr: 'Job is pending execution for job 7\nslurm_suspend error: Job is pending execution\n' },
    );
    await expect(adapter.cancel(owner, '999')).rejects.toThrow(
      new SchedulerRejectedError('Kill job error on job id 999: Invalid job id specified'),
    );
    await expect(adapter.suspend(owner, '7')).rejects.toThrow(SchedulerRejectedError);
    await expect(adapter.suspend(owner, '7')).rejects.toThrow(/Job is pending execution/);
  });

  it('treats an unreachable controller, a timeout or a missing command as no answer', async () => {
    const down = adapterWith(() => ({
      code: 1,
      stderr: 'slurm_load_jobs error: Unable to contact slurm controller (connect failure)\n',
    }));
    await expect(down.adapter.activeJobs()).rejects.toBeInstanceOf(SchedulerUnavailableError);
    await expect(down.adapter.jobDetail('7')).rejects.toBeInstanceOf(SchedulerUnavailableError);
    const holdDown = adapterWith(() => ({
      code: 1,
      stderr: 'Unexpected message received for job 3\nslurm_suspend error: Unexpected message received\n',
    }));
    await expect(holdDown.adapter.hold(owner, '3')).rejects.toBeInstanceOf(SchedulerUnavailableError);
    const cancelDown = adapterWith(() => ({
      code: 8,
      stderr: 'scancel: error: Kill job error on job id 3: Unable to contact slurm controller (connect failure)\n',
    }));
    await expect(cancelDown.adapter.cancel(owner, '3')).rejects.toBeInstanceOf(SchedulerUnavailableError);
    const dbd = adapterWith(() => ({
      code: 1,
      stderr:
        'sacct: error: Sending PersistInit msg: Connection refused\nsacct: error: Problem talking to the database: Connection refused\n',
    }));
    await expect(dbd.adapter.finishedSince(0)).rejects.toBeInstanceOf(SchedulerUnavailableError);
    const slow = adapterWith(() => new CommandFailedError('squeue did not finish within 7000 ms'));
    await expect(slow.adapter.clusterInfo()).rejects.toBeInstanceOf(SchedulerUnavailableError);
    const missing = adapterWith(() => ({
      code: 127,
      stderr: 'runuser: failed to execute /opt/slurm/bin/sbatch: No such file or directory\n',
    }));
    await expect(
      missing.adapter.submit('alice', {
        name: 'x',
        partition: 'p',
        nodes: 1,
        cores: 1,
        gpus: 0,
        memoryMB: 0,
        timeLimit: 60,
        workDir: '/w',
        script: '',
      }),
    ).rejects.toBeInstanceOf(SchedulerUnavailableError);
  });

  it('answers null for a job Slurm does not know', async () => {
    const { adapter } = adapterWith((argv) =>
      argv[1] === 'show'
        ? { code: 1, stderr: 'slurm_load_jobs error: Invalid job id specified\n' }
        : { code: 0, stderr: 'job script retrieval failed: Invalid job id specified\n' },
    );
    expect(await adapter.jobDetail('999999999')).toBeNull();
  });

  it('waits after a requeue until the old run has ended', async () => {
    let polls = 0;
    const row = (state: string) =>
      ['7', '7', '7', 'N/A', 'x', 'alice', 'alice', 'research', 'compute', state, 'None', '1'].map((v) => v + SEP).join('') +
      '\n';
    const { adapter, calls } = adapterWith((argv) => {
      if (!argv[0]?.endsWith('squeue')) return {};
      polls += 1;
      return { stdout: row(polls < 3 ? 'COMPLETING' : 'PENDING') };
    });
    await adapter.requeue(owner, '7');
    expect(calls[0]).toMatchObject({ user: 'alice', argv: ['/opt/slurm/bin/scontrol', 'requeue', '7'] });
    expect(polls).toBe(3);
    expect(calls[1]?.argv).toContain('-j');
  });

  describe('readOutput', () => {
    const files = (size: number, content: string) =>
      adapterWith((argv, user) => {
        if (user !== 'alice') return { code: 1, stderr: `stat: cannot statx '${argv.at(-1)}': Permission denied\n` };
        if (argv[0] === 'stat') return { stdout: `regular file|${size}\n` };
        return { stdout: content };
      });

    it('reads the tail as the user', async () => {
      const { adapter, calls } = files(128_000, 'line 20000\n');
      expect(await adapter.readOutput('alice', '/home/alice/x.out', { tailBytes: 11, maxBytes: 1000 })).toEqual({
        size: 128_000,
        content: 'line 20000\n',
        truncated: true,
      });
      expect(calls.map((c) => [c.user, c.argv.join(' ')])).toEqual([
        ['alice', 'stat -L -c %F|%s -- /home/alice/x.out'],
        ['alice', 'tail -c 11 -- /home/alice/x.out'],
      ]);
    });

    it('reads a small file whole and refuses a large one', async () => {
      expect(await files(6, 'hello\n').adapter.readOutput('alice', '/x', { maxBytes: 1000 })).toEqual({
        size: 6,
        content: 'hello\n',
        truncated: false,
      });
      await expect(files(5000, '').adapter.readOutput('alice', '/x', { maxBytes: 1000 })).rejects.toEqual(
        new OutputTooLargeError(5000),
      );
    });

    it('says the file is missing when the user cannot read it', async () => {
      await expect(files(1, '').adapter.readOutput('bob', '/home/alice/x.out', { maxBytes: 1000 })).rejects.toBeInstanceOf(
        OutputMissingError,
      );
      await expect(files(1, '').adapter.readOutput('alice', 'relative.out', { maxBytes: 1000 })).rejects.toBeInstanceOf(
        OutputMissingError,
      );
      const dir = adapterWith(() => ({ stdout: 'directory|4096\n' }));
      await expect(dir.adapter.readOutput('alice', '/home/alice', { maxBytes: 1000 })).rejects.toBeInstanceOf(OutputMissingError);
    });
  });
});
