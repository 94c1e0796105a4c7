import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunLimits, RunningJobLimits } from '../run-limits.js';
import { waitFor } from '../scheduler-contract.test-support.js';
import type { Actor, SubmitSpec } from '../types.js';
import { testSpec, useLocalScheduler } from './local-env.test-support.js';

/*
 * The quotas' running-job limits on the built-in scheduler (real processes): a job whose account,
 * or whose user within the account, already runs its maximum waits for AssocMaxJobsLimit, holds
 * no nodes back from others, and starts once the limit allows.
 */

/** The limits as the quotas module's cache answers them, changed by the test. */
class TableLimits implements RunLimits {
  readonly table = new Map<string, number>();
  maxRunning(account: string, user: string): RunningJobLimits {
    return { account: this.table.get(`${account}/`) ?? null, user: this.table.get(`${account}/${user}`) ?? null };
  }
}

const operator: Actor = { user: 'admin', privileged: true };

const limits = new TableLimits();

const local = useLocalScheduler({ tickMs: 200, killGraceMs: 1000, runLimits: limits });
afterEach(async () => {
  limits.table.clear();
  for (const j of await local.scheduler.activeJobs()) await local.scheduler.cancel(operator, j.jobId).catch(() => undefined);
  await waitFor(async () => (await local.scheduler.activeJobs()).length === 0, 'an empty queue', 20_000);
});

const submit = (user: string, account: string, over: Partial<SubmitSpec> = {}) =>
  local.scheduler.submit(user, testSpec(join(local.env.homeRoot, user, 'work'), { name: 'limited', account, ...over }));

/** Waits until the scheduler has decided about every job, then answers state and reason by id. */
const settled = (ids: string[]) =>
  waitFor(async () => {
    const jobs = (await local.scheduler.activeJobs()).filter((j) => ids.includes(j.jobId));
    const decided = jobs.length === ids.length && jobs.every((j) => j.state === 'R' || (j.state === 'Q' && j.reason !== 'None'));
    return decided && new Map(jobs.map((j) => [j.jobId, `${j.state} ${j.reason}`.trim()]));
  }, 'the scheduler to place every job');

describe('local scheduler: running-job limits', () => {
  it("keeps a user's jobs beyond their limit in the account waiting; others in the account and the user elsewhere run", async () => {
    limits.table.set('lim_a/alice', 1);
    const a1 = await submit('alice', 'lim_a');
    const a2 = await submit('alice', 'lim_a');
    const a3 = await submit('alice', 'lim_a');
    const b1 = await submit('bob', 'lim_a');
    const elsewhere = await submit('alice', 'lim_b');
    const states = await settled([a1, a2, a3, b1, elsewhere]);
    expect([...states.values()].filter((v) => v === 'R')).toHaveLength(3);
    expect(states.get(a1)).toBe('R');
    expect(states.get(a2)).toBe('Q AssocMaxJobsLimit');
    expect(states.get(a3)).toBe('Q AssocMaxJobsLimit');
    expect(states.get(b1)).toBe('R');
    expect(states.get(elsewhere)).toBe('R');
  });

  it("holds the account's limit over all its members, and a job held by it keeps no nodes from later jobs", async () => {
    limits.table.set('lim_c/', 2);
    // Fills three of the four nodes; the fourth is left for whoever may run.
    const big1 = await submit('alice', 'lim_c', { cores: 8 });
    const big2 = await submit('bob', 'lim_c', { cores: 8 });
    const big3 = await submit('carol', 'lim_c', { cores: 8 });
    const later = await submit('dave', 'lim_d', { cores: 8 });
    const states = await settled([big1, big2, big3, later]);
    expect([states.get(big1), states.get(big2)]).toEqual(['R', 'R']);
    expect(states.get(big3)).toBe('Q AssocMaxJobsLimit');
    // Lower in the queue, yet it runs: a job waiting for its limit reserves nothing.
    expect(states.get(later)).toBe('R');
  });

  it('counts a suspended job as running, and starts the waiting job once the limit is raised', async () => {
    limits.table.set('lim_e/alice', 1);
    const first = await submit('alice', 'lim_e');
    await waitFor(
      async () => (await local.scheduler.activeJobs()).find((j) => j.jobId === first && j.state === 'R'),
      'the first job to run',
    );
    await local.scheduler.suspend(operator, first);
    const second = await submit('alice', 'lim_e');
    expect((await settled([second])).get(second)).toBe('Q AssocMaxJobsLimit');
    limits.table.set('lim_e/alice', 2);
    await waitFor(
      async () => (await local.scheduler.activeJobs()).find((j) => j.jobId === second && j.state === 'R'),
      'the second job to start',
    );
  });
});
