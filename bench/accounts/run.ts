/*
 * bench/accounts: synchronising 10,000 users in 1,000 accounts into the dev cluster's Slurm.
 *
 * The portal's side: 1,000 accounts (each with its own description, 20 organizations, one in 50
 * blocked), 10 members each, every user's only account being their default. Runs the Slurm
 * synchroniser three times: the first run creates everything, the second (goal: no sacctmgr change,
 * under 5 s) and a dry run only read and plan. Counts the sacctmgr commands each run issued. Slurm
 * users need no POSIX account. Everything it made is removed at the end (and leftovers of an
 * interrupted run at the start). Run as root after `bash scripts/dev-cluster start`:
 *
 *   node_modules/.bin/tsx --conditions=source bench/accounts/run.ts [--accounts 1000] [--per-account 10]
 */
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { type CommandRunner, LocalCommandRunner } from '../../apps/server/src/cluster/access/command-runner.js';
import { SlurmAccountSyncer } from '../../apps/server/src/cluster/accounts/slurm-accounts.js';
import { chunks } from '../../apps/server/src/cluster/accounts/slurm-commands.js';
import { NO_LIMITS, type DesiredAccount } from '../../apps/server/src/cluster/accounts/types.js';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    'per-account': { type: 'string', default: '10' },
  },
});
const ACCOUNTS = Number(args.accounts);
const PER = Number(args['per-account']);
const ACCOUNT = (i: number) => `bencha_${String(i).padStart(4, '0')}`;
const USER = (i: number) => `benchu${String(i).padStart(5, '0')}`;

/** Counts the commands that change Slurm (sacctmgr -i) and those that read it. */
class CountingRunner implements CommandRunner {
  changes = 0;
  reads = 0;
  private readonly inner = new LocalCommandRunner();
  run(...a: Parameters<CommandRunner['run']>) {
    if (a[1].includes('-i')) this.changes++;
    else this.reads++;
    return this.inner.run(...a);
  }
}

const say = (text: string) => process.stdout.write(`${text}\n`);

const sacctmgr = async (argv: string[]) => {
  const r = await new LocalCommandRunner().run(null, ['sacctmgr', ...argv], { timeoutMs: 300_000 });
  return r.stdout;
};

/** Removes the benchmark's users and accounts (Slurm refuses to delete a default account first). */
const cleanupOnce = async () => {
  const users = (await sacctmgr(['-n', '-P', 'show', 'user', 'format=user'])).split('\n').filter((u) => u.startsWith('benchu'));
  for (const part of chunks(users)) await sacctmgr(['-i', 'delete', 'user', 'where', `name=${part.join(',')}`]);
  const accounts = (await sacctmgr(['-n', '-P', 'show', 'account', 'format=account']))
    .split('\n')
    .filter((a) => a.startsWith('bencha_'));
  for (const part of chunks(accounts)) await sacctmgr(['-i', 'delete', 'account', 'where', `name=${part.join(',')}`]);
  return { users: users.length, accounts: accounts.length };
};

/** Until nothing is left: a batch slurmdbd refused while busy (200 users were once left over) goes again. */
const cleanup = async () => {
  const total = { users: 0, accounts: 0 };
  for (let round = 0; round < 5; round++) {
    const r = await cleanupOnce();
    if (!r.users && !r.accounts) break;
    total.users += r.users;
    total.accounts += r.accounts;
  }
  return total;
};

const desired: DesiredAccount[] = Array.from({ length: ACCOUNTS }, (_, i) => ({
  name: ACCOUNT(i),
  description: `Project ${i} of the benchmark`,
  organization: `Department ${i % 20}`,
  blocked: i % 50 === 0,
  limits: NO_LIMITS,
  members: Array.from({ length: PER }, (_, j) => ({ user: USER(i * PER + j), isDefault: true, limits: NO_LIMITS })),
}));

const main = async () => {
  if (process.getuid?.() !== 0) throw new Error('run as root, after bash scripts/dev-cluster start');
  const left = await cleanup();
  if (left.users || left.accounts) say(`removed leftovers: ${left.users} users, ${left.accounts} accounts`);

  const rows: string[][] = [];
  const run = async (label: string, dryRun: boolean) => {
    const runner = new CountingRunner();
    const syncer = new SlurmAccountSyncer({ runner, config: { binDir: '/usr/bin', commandTimeoutSeconds: 120 } });
    const t0 = performance.now();
    const r = await syncer.sync(desired, { dryRun });
    const wall = performance.now() - t0;
    const byKind = Object.entries(
      r.changes.reduce<Record<string, number>>((m, c) => ({ ...m, [c.kind]: (m[c.kind] ?? 0) + 1 }), {}),
    )
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    const row = [
      label,
      String(r.changes.length),
      byKind || '–',
      String(runner.changes),
      String(runner.reads),
      `${(wall / 1000).toFixed(2)} s`,
    ];
    rows.push(row);
    say(row.join(' | '));
  };

  say(`${ACCOUNTS} accounts, ${ACCOUNTS * PER} users (${PER} per account)`);
  await run('first run', false);
  await run('second run (unchanged)', false);
  await run('dry run (unchanged)', true);

  const t0 = performance.now();
  const removed = await cleanup();
  const cleanupS = ((performance.now() - t0) / 1000).toFixed(1);

  say(
    `\n${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  say('| run | changes | by kind | sacctmgr changes run | sacctmgr reads | time |');
  say('| --- | --- | --- | --- | --- | --- |');
  for (const r of rows) say(`| ${r.join(' | ')} |`);
  say(`\ncleanup: ${removed.users} users and ${removed.accounts} accounts deleted in ${cleanupS} s`);
};

await main();
