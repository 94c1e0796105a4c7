/*
 * bench/quotas: what the quota check adds to a job submission.
 *
 * The portal's side at centre scale: 1,000 accounts with 10 members each (10,000 users), a quota on
 * every account and every member (11,000 rows), usage_totals of that size (10,000 rows) and a jobs
 * table of 1,000,000 finished jobs (inserted in batches, the totals summed from them), plus 2,000
 * queued jobs on the built-in scheduler, so the active-job snapshot the check reads is not empty.
 *
 * 1. The check alone (QuotaCheck.check, what submission calls): --checks times for random members
 *    of random accounts, a 1-core, 1-GPU, one-hour job (so both hour limits are read), p50/p99.
 * 2. Side by side, the whole submission (JobActionsService.submit: account check, queue checks,
 *    the scheduler's insert, the snapshot refresh): --submissions each with and without the check,
 *    alternating, p50/p99.
 *
 * SQLite by default; PostgreSQL when DATABASE_URL points at one (a fresh schema, dropped at the
 * end). As root the built-in scheduler runs jobs as each user's POSIX account: the 20 users who
 * submit get one (bq_u00000..), removed at the end.
 *
 *   node_modules/.bin/tsx --conditions=source bench/quotas/run.ts [--jobs 1000000] [--checks 10000] [--submissions 500]
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { Role } from '@portal/shared';
import { buildApp } from '../../apps/server/src/app.js';
import { parseConfig } from '../../apps/server/src/config/load.js';
import type { Auth } from '../../apps/server/src/lib/auth.js';
import { JobActionsService, type SubmitRequest } from '../../apps/server/src/modules/jobs/job-actions.service.js';
import { SubmissionsRepository } from '../../apps/server/src/modules/jobs/submissions.repository.js';
import { createTestStorage } from '../../apps/server/src/test/test-storage.js';
import { seedQuotaScale } from './seed.js';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    'per-account': { type: 'string', default: '10' },
    jobs: { type: 'string', default: '1000000' },
    active: { type: 'string', default: '2000' },
    checks: { type: 'string', default: '10000' },
    submissions: { type: 'string', default: '500' },
  },
});
const ACCOUNTS = Number(args.accounts);
const PER = Number(args['per-account']);
const SUBMITTERS = 20;

const say = (text: string) => process.stdout.write(`${text}\n`);
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) : NaN;
};
const ms = (x: number) => x.toFixed(3);
const stats = (xs: number[]) => ({ p50: percentile(xs, 50), p99: percentile(xs, 99), max: Math.max(...xs) });

const main = async () => {
  const storage = createTestStorage('portal-bench-quotas-');
  const config = parseConfig({
    dataDir: storage.dataDir,
    database: storage.database,
    logLevel: 'warn',
    admin: { password: 'Admin_bench1' },
    // One one-core node: every submitted job but the first waits, so the queue holds them all.
    clusters: [
      {
        id: 'local',
        name: 'Bench',
        local: {
          nodes: [{ name: 'n1', cpus: 1, gpus: 1 }],
          partitions: [{ name: 'compute', nodes: ['n1'], default: true, maxTime: '24:00:00' }],
        },
      },
    ],
  });
  const app = await buildApp({ config, logger: false });
  const s = app.services;
  const cluster = s.clusters.get();
  try {
    const seeded = await seedQuotaScale(s.db, { accounts: ACCOUNTS, perAccount: PER, jobs: Number(args.jobs) }, (m) =>
      process.stderr.write(`${m}\n`),
    );
    await s.quotas.written();
    const members = seeded.members;
    const pick = () => members[Math.floor(Math.random() * members.length)] as (typeof members)[number];
    const submitters = members.slice(0, SUBMITTERS);

    // Queued jobs in the snapshot: the check sums their reservations.
    const t0 = performance.now();
    for (let i = 0; i < Number(args.active); i++) {
      const m = submitters[i % SUBMITTERS] as (typeof members)[number];
      await cluster.scheduler.submit(m.name, {
        name: `queued-${i}`,
        partition: 'compute',
        nodes: 1,
        cores: 1,
        gpus: 0,
        memoryMB: 0,
        timeLimit: 3600,
        workDir: `${await cluster.homeOf(m.name)}/work`,
        script: '#!/bin/bash\nsleep 3600\n',
        account: m.account,
      });
    }
    await cluster.snapshot.refresh();
    process.stderr.write(`queued ${args.active} jobs in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

    // 1. The check alone.
    const job = { cores: 1, gpus: 1, timeLimit: 3600 };
    for (let i = 0; i < 500; i++) {
      const m = pick();
      await s.quotaCheck.check({ id: m.id, name: m.name }, m.account, job);
    }
    // Wall time per check, and the process's CPU time over all of them (which the machine's other
    // load does not stretch).
    const checks: number[] = [];
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < Number(args.checks); i++) {
      const m = i % 10 === 0 ? (submitters[i % SUBMITTERS] as (typeof members)[number]) : pick();
      const start = performance.now();
      await s.quotaCheck.check({ id: m.id, name: m.name }, m.account, job);
      checks.push(performance.now() - start);
    }
    const cpu = process.cpuUsage(cpu0);
    const cpuPerCheckMs = (cpu.user + cpu.system) / 1000 / checks.length;
    const load = loadavg()[0] ?? 0;

    // 2. The whole submission, with and without the check.
    const withCheck = s.jobActions;
    const withoutCheck = new JobActionsService(s.clusters, s.jobs, new SubmissionsRepository(s.db), s.clock, (user, requested) =>
      s.userAccounts.submissionAccount(user, requested),
    );
    const submitTimes = { with: [] as number[], without: [] as number[] };
    for (let i = 0; i < Number(args.submissions) * 2; i++) {
      const m = submitters[i % SUBMITTERS] as (typeof members)[number];
      const auth: Auth = { user: { id: m.id, userName: m.name, roleId: Role.user }, sessionId: '', csrfToken: '' };
      const req: SubmitRequest = {
        name: `bench-${i}`,
        nodes: 1,
        cores: 1,
        gpus: 0,
        memoryMB: 0,
        timeLimit: '01:00:00',
        script: '#!/bin/bash\nsleep 3600\n',
        account: m.account,
      };
      const side = i % 2 === 0 ? 'with' : 'without';
      const start = performance.now();
      await (side === 'with' ? withCheck : withoutCheck).submit(auth, req);
      submitTimes[side].push(performance.now() - start);
    }

    const c = stats(checks);
    const w = stats(submitTimes.with);
    const wo = stats(submitTimes.without);
    const snapshotJobs = cluster.snapshot.read();
    say(
      `\n${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${
        storage.database.schema ? 'PostgreSQL' : 'SQLite'
      }`,
    );
    say(
      `${seeded.accounts} accounts, ${seeded.members.length} users, ${seeded.quotas} quotas, ${seeded.usageRows} usage_totals rows, ` +
        `${seeded.jobs} finished jobs (inserted in ${seeded.jobsSeconds.toFixed(0)} s), ` +
        `${snapshotJobs.ok ? snapshotJobs.snapshot.jobs.length : '?'} active jobs at the end`,
    );
    say('| measured | n | p50 (ms) | p99 (ms) | max (ms) |');
    say('| --- | --- | --- | --- | --- |');
    say(`| quota check alone | ${checks.length} | ${ms(c.p50)} | ${ms(c.p99)} | ${ms(c.max)} |`);
    say(`| submission with the check | ${w.p50 ? submitTimes.with.length : 0} | ${ms(w.p50)} | ${ms(w.p99)} | ${ms(w.max)} |`);
    say(`| submission without the check | ${submitTimes.without.length} | ${ms(wo.p50)} | ${ms(wo.p99)} | ${ms(wo.max)} |`);
    say(
      `\nthe process's CPU time per check (user + system, mean; the scheduler's passes meanwhile included): ${ms(cpuPerCheckMs)} ms; load average during the run: ${load.toFixed(2)}`,
    );
    say(`\ngoal: the check's p99 under 5 ms: ${c.p99 < 5 ? 'met' : 'NOT met'}`);
  } finally {
    const scheduler = cluster.scheduler;
    for (const j of await scheduler.activeJobs())
      await scheduler.cancel({ user: 'admin', privileged: true }, j.jobId).catch(() => undefined);
    await app.close();
    await storage.dispose();
    // The POSIX accounts the built-in scheduler made for the submitters (root only).
    if (process.getuid?.() === 0)
      for (let i = 0; i < SUBMITTERS; i++) {
        try {
          execFileSync('userdel', [`bq_u${String(i).padStart(5, '0')}`], { stdio: 'ignore' });
        } catch {
          // Not made (the run stopped before it submitted), or already gone.
        }
      }
  }
};

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
