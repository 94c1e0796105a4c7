import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../scheduler-contract.test-support.js';
import { JobProcesses, parseExitFile, type LaunchSpec } from './process.js';

const root = mkdtempSync(join(tmpdir(), 'portal-proc-'));
const procs = new JobProcesses(join(root, 'state'), 'test');
const started: number[] = [];
afterAll(() => {
  for (const pid of started) procs.signal(pid, 'SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

let nextId = 1;
const launch = async (script: string, over: Partial<LaunchSpec> = {}) => {
  const jobId = nextId++;
  const spec: LaunchSpec = {
    jobId,
    run: 0,
    script,
    workDir: root,
    stdoutPath: join(root, `j${jobId}.out`),
    stderrPath: join(root, `j${jobId}.err`),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', MARK: 'yes' },
    append: false,
    ...over,
  };
  const { pid } = await procs.launch(spec);
  started.push(pid);
  return { pid, jobId, spec };
};
const ended = (pid: number, jobId: number) => waitFor(async () => !procs.isAlive(pid, jobId, 0), `job ${jobId} to end`, 20_000);

describe('job processes', () => {
  it('parses the exit file', () => {
    expect(parseExitFile('3\n0m0.001s 0m0.002s\n1m2.500s 0m0.500s\n')).toEqual({ status: 3, cpuSeconds: 63 });
    expect(parseExitFile('0\n')).toEqual({ status: 0, cpuSeconds: null });
    expect(parseExitFile('garbage')).toBeNull();
  });

  it('runs a script in its folder with its environment and records its exit status', async () => {
    const { pid, jobId, spec } = await launch('#!/bin/bash\necho "out $MARK $(pwd)"\necho err >&2\nexit 3\n');
    expect(procs.isAlive(pid, jobId, 0) || existsSync(procs.files(jobId, 0).exit)).toBe(true);
    await ended(pid, jobId);
    expect(await procs.readExit(jobId, 0)).toMatchObject({ status: 3 });
    expect(readFileSync(spec.stdoutPath, 'utf8')).toBe(`out yes ${root}\n`);
    expect(readFileSync(spec.stderrPath, 'utf8')).toBe('err\n');
    expect(await procs.readPid(jobId, 0)).toBe(pid);
  });

  it('measures the CPU time of the script', async () => {
    const { pid, jobId } = await launch('#!/bin/bash\nx=0; for i in $(seq 1 200000); do x=$((x+i)); done\n');
    await ended(pid, jobId);
    const exit = await procs.readExit(jobId, 0);
    expect(exit?.status).toBe(0);
    expect(exit?.cpuSeconds).toBeGreaterThan(0.05);
  });

  it('records the signal that ended the script, and the status of a script that handles it', async () => {
    const a = await launch('#!/bin/bash\nsleep 60\n');
    const b = await launch('#!/bin/bash\ntrap "exit 7" TERM\necho trapped\nsleep 60 &\nwait\n');
    await waitFor(async () => existsSync(procs.files(a.jobId, 0).pid) && existsSync(procs.files(b.jobId, 0).pid), 'pid files');
    // The signal must find b's trap in place: wait until the script says it has set it.
    await waitFor(
      async () => existsSync(b.spec.stdoutPath) && readFileSync(b.spec.stdoutPath, 'utf8').includes('trapped'),
      'the trap to be set',
    );
    procs.signal(a.pid, 'SIGTERM');
    procs.signal(b.pid, 'SIGTERM');
    await ended(a.pid, a.jobId);
    await ended(b.pid, b.jobId);
    expect((await procs.readExit(a.jobId, 0))?.status).toBe(143);
    expect((await procs.readExit(b.jobId, 0))?.status).toBe(7);
  });

  it('stops and continues the whole group', async () => {
    const { pid, jobId, spec } = await launch('#!/bin/bash\nfor i in $(seq 1 30); do echo $i; sleep 0.05; done\n');
    await new Promise((r) => setTimeout(r, 300));
    procs.signal(pid, 'SIGSTOP');
    await new Promise((r) => setTimeout(r, 200));
    const frozen = readFileSync(spec.stdoutPath, 'utf8');
    await new Promise((r) => setTimeout(r, 500));
    expect(readFileSync(spec.stdoutPath, 'utf8')).toBe(frozen);
    expect(procs.isAlive(pid, jobId, 0)).toBe(true);
    procs.signal(pid, 'SIGCONT');
    await ended(pid, jobId);
    expect((await procs.readExit(jobId, 0))?.status).toBe(0);
  });

  it('does not take a stranger for a job', async () => {
    const { pid, jobId } = await launch('#!/bin/bash\nsleep 60\n');
    await waitFor(async () => existsSync(procs.files(jobId, 0).pid), 'pid file');
    expect(procs.isAlive(pid, jobId, 0)).toBe(true);
    expect(procs.isAlive(pid, jobId, 1)).toBe(false);
    expect(procs.isAlive(pid, jobId + 1000, 0)).toBe(false);
    expect(procs.isAlive(process.pid, jobId, 0)).toBe(false);
    procs.signal(pid, 'SIGKILL');
    await ended(pid, jobId);
    // Killed outright: no exit file.
    expect(await procs.readExit(jobId, 0)).toBeNull();
  });

  it('does not follow a link planted where an output file goes', async () => {
    const { symlinkSync, writeFileSync } = await import('node:fs');
    writeFileSync(join(root, 'victim'), 'keep');
    const id = nextId;
    symlinkSync(join(root, 'victim'), join(root, `j${id}.out`));
    await expect(launch('#!/bin/bash\necho overwritten\n')).rejects.toThrow(/output files/);
    expect(readFileSync(join(root, 'victim'), 'utf8')).toBe('keep');
  });
});
