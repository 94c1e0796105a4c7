/*
 * bench/jobs: does the scheduler's load grow with the number of people watching their jobs?
 *
 * 10,000 active (pending) jobs on the built-in local scheduler, owned by 200 users. For 1, 50 and
 * 200 simulated users, each signed in and polling the current-jobs list once per refresh interval
 * (20 s, the shortest an administrator can set), it records the scheduler calls per minute and the
 * list's p50/p99 latency over real HTTP. With --slurm it also times `squeue` and the portal's list
 * for 10,000 held jobs on the dev Slurm cluster (scripts/dev-cluster start first; run as root).
 *
 *   node_modules/.bin/tsx --conditions=source bench/jobs/run.ts [--seconds 60] [--slurm | --slurm-only]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Role } from '@portal/shared';
import { buildApp } from '../../apps/server/src/app.js';
import type { CountedAdapter } from '../../apps/server/src/cluster/scheduler/counted.js';
import { parseConfig } from '../../apps/server/src/config/load.js';
import { hashPassword } from '../../apps/server/src/modules/users/password.js';
import { newUserRow } from '../../apps/server/src/modules/users/users.repository.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    slurm: { type: 'boolean', default: false },
    'slurm-only': { type: 'boolean', default: false },
  },
});
const PHASE_MS = Number(args.seconds) * 1000;
const INTERVAL_S = 20;
const JOBS = 10_000;
const OWNERS = 200;
const PASSWORD = 'Bench_pass1';

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) : NaN;
};

interface Session {
  cookie: string;
}

const signIn = async (base: string, user: string): Promise<Session> => {
  const res = await fetch(`${base}/login/loginAuth.action`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strUserName: user, strPassword: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${user}: ${res.status}`);
  return {
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
};

const poll = async (base: string, s: Session, latencies: number[]) => {
  const t0 = performance.now();
  const res = await fetch(`${base}/jm_jobmanagement/api/jobs?pageLimit=25`, { headers: { cookie: s.cookie } });
  const body = (await res.json()) as { errCode: number; data: { total: number } };
  latencies.push(performance.now() - t0);
  if (body.errCode !== 0) throw new Error(`list failed: ${JSON.stringify(body)}`);
};

/** N users poll for one phase; answers calls per minute and latency percentiles. */
const phase = async (base: string, adapter: CountedAdapter, sessions: Session[]) => {
  const before = { ...adapter.calls };
  const latencies: number[] = [];
  const start = Date.now();
  const end = start + PHASE_MS;
  await Promise.all(
    sessions.map(async (s) => {
      // Users do not all arrive at once: each starts at a random point of the interval.
      let next = start + Math.random() * INTERVAL_S * 1000;
      while (next < end) {
        await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
        await poll(base, s, latencies);
        next += INTERVAL_S * 1000;
      }
    }),
  );
  const minutes = (Date.now() - start) / 60_000;
  const delta = (k: string) => ((adapter.calls[k] ?? 0) - (before[k] ?? 0)) / minutes;
  return {
    users: sessions.length,
    requests: latencies.length,
    schedulerCallsPerMinute: Math.round((delta('activeJobs') + delta('clusterInfo')) * 10) / 10,
    p50ms: Math.round(percentile(latencies, 50) * 100) / 100,
    p99ms: Math.round(percentile(latencies, 99) * 100) / 100,
  };
};

const main = async () => {
  if (args['slurm-only']) {
    process.stdout.write(`slurm: ${JSON.stringify(await slurmFigures())}\n`);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const config = parseConfig({
    dataDir,
    logLevel: 'warn',
    admin: { password: 'Admin_bench1' },
    ui: { refreshInterval: INTERVAL_S },
    // One small node: every job but the first waits, so 10,000 stay active without 10,000 processes.
    clusters: [
      {
        id: 'local',
        name: 'Bench',
        local: { nodes: [{ name: 'n1', cpus: 1 }], partitions: [{ name: 'compute', nodes: ['n1'], default: true }] },
      },
    ],
  });
  const app = await buildApp({ config, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const cluster = app.services.clusters.get();
  const adapter = cluster.scheduler;

  const hash = await hashPassword(PASSWORD);
  const owners = Array.from({ length: OWNERS }, (_, i) => `user${String(i).padStart(3, '0')}`);
  for (const name of owners)
    await app.services.usersRepo.insert(
      newUserRow({ user_name: name, password_hash: hash, role_id: Role.user, status: 'active' }, Date.now()),
    );
  const t0 = Date.now();
  for (let i = 0; i < JOBS; i++) {
    const user = owners[i % OWNERS] as string;
    await adapter.submit(user, {
      name: `bench-${i}`,
      partition: 'compute',
      nodes: 1,
      cores: 1,
      gpus: 0,
      memoryMB: 0,
      timeLimit: 3600,
      workDir: join(dataDir, 'home', user),
      script: '#!/bin/bash\nsleep 3600\n',
    });
  }
  await cluster.snapshot.refresh();
  process.stderr.write(`submitted ${JOBS} jobs in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

  const sessions = await Promise.all(owners.map((u) => signIn(base, u)));
  const results = [];
  for (const n of [1, 50, 200]) {
    const r = await phase(base, adapter, sessions.slice(0, n));
    process.stderr.write(`${JSON.stringify(r)}\n`);
    results.push(r);
  }
  const t1 = performance.now();
  const snap = await adapter.activeJobs();
  const activeJobsMs = performance.now() - t1;

  let slurm: Record<string, number> | null = null;
  if (args.slurm) slurm = await slurmFigures();

  const lines = [
    `| simulated users | list requests | scheduler calls / min | list p50 (ms) | list p99 (ms) |`,
    `|---|---|---|---|---|`,
    ...results.map((r) => `| ${r.users} | ${r.requests} | ${r.schedulerCallsPerMinute} | ${r.p50ms} | ${r.p99ms} |`),
    '',
    `local adapter: one activeJobs() read of ${snap.length} jobs took ${activeJobsMs.toFixed(1)} ms`,
    ...(slurm ? [`slurm: ${JSON.stringify(slurm)}`] : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  for (const j of snap) await adapter.cancel({ user: j.user, privileged: true }, j.jobId).catch(() => {});
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
};

/** squeue and the Slurm adapter for 10,000 held jobs on the dev cluster. */
const slurmFigures = async () => {
  const { SlurmAdapter } = await import('../../apps/server/src/cluster/scheduler/slurm/slurm-adapter.js');
  const { LocalCommandRunner } = await import('../../apps/server/src/cluster/access/command-runner.js');
  const sh = (argv: string[], input?: string) =>
    execFileSync(argv[0] as string, argv.slice(1), { input, maxBuffer: 1 << 30 }).toString();
  const count = () => Number(sh(['bash', '-c', 'squeue -h -u alice -t PD | wc -l']).trim());
  const t0 = Date.now();
  while (count() < JOBS) {
    const batch = Math.min(500, JOBS - count());
    // Held at submission: nothing runs, the queue just holds 10,000 entries.
    sh([
      'bash',
      '-c',
      `for i in $(seq 1 ${batch}); do runuser -u alice -- sbatch -H -p compute -t 10 --wrap 'sleep 1' -o /dev/null >/dev/null; done`,
    ]);
  }
  const submitS = (Date.now() - t0) / 1000;
  const time = (fn: () => void) => {
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      fn();
      runs.push(performance.now() - s);
    }
    return Math.round(percentile(runs, 50));
  };
  const squeueMs = time(() =>
    sh([
      'squeue',
      '-h',
      '-a',
      '--states=all',
      '-o',
      '%i\x1f%j\x1f%u\x1f%a\x1f%P\x1f%T\x1f%r\x1f%Q\x1f%V\x1f%S\x1f%l\x1f%M\x1f%D\x1f%C\x1f%N',
    ]),
  );
  const adapter = new SlurmAdapter({
    runner: new LocalCommandRunner(),
    config: { binDir: '/usr/bin', commandTimeoutSeconds: 120 },
  });
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    await adapter.activeJobs();
    runs.push(performance.now() - s);
  }
  sh(['scancel', '-u', 'alice']);
  return {
    jobs: JOBS,
    submitSeconds: Math.round(submitS),
    squeueMedianMs: squeueMs,
    adapterActiveJobsMedianMs: Math.round(percentile(runs, 50)),
  };
};

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
