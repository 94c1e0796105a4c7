import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Test runs on one machine share the POSIX accounts the portal makes (alice, bob, …): a run that
 * removed them at its end would pull them from under another run still going. Each run (vitest,
 * Playwright) signs in here; only the last one to leave removes the accounts.
 */
const RUNS = join(tmpdir(), 'hpc-portal-test-runs');

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return e instanceof Error && 'code' in e && e.code === 'EPERM';
  }
};

/** Records this process as a running test run. */
export const joinTestRun = (): void => {
  mkdirSync(RUNS, { recursive: true, mode: 0o700 });
  writeFileSync(join(RUNS, String(process.pid)), '');
};

/** Leaves; true when no other run is still alive (runs that died without leaving are forgotten). */
export const leaveTestRun = (): boolean => {
  rmSync(join(RUNS, String(process.pid)), { force: true });
  let others = 0;
  for (const name of readdirSync(RUNS)) {
    const pid = Number(name);
    if (Number.isInteger(pid) && alive(pid)) others += 1;
    else rmSync(join(RUNS, name), { force: true });
  }
  return others === 0;
};
