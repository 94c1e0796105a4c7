/*
 * The database of bench/quotas: users, accounts and members, a quota on every account and member,
 * a million finished jobs and the usage_totals summed from them, written in batched inserts
 * straight into the tables (what ingest would have built over years).
 */
import { sql, type Kysely } from 'kysely';
import { Role } from '@portal/shared';
import type { Database, NewJobRow } from '../../apps/server/src/db/types.js';
import { hashPassword } from '../../apps/server/src/modules/users/password.js';
import { newUserRow } from '../../apps/server/src/modules/users/users.repository.js';

export interface SeededMember {
  id: number;
  name: string;
  account: string;
}

const BATCH = 500;
const ACCOUNT = (i: number) => `bq_a${String(i).padStart(4, '0')}`;
const USER = (i: number) => `bq_u${String(i).padStart(5, '0')}`;

const inBatches = async <T>(rows: T[], write: (part: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
};

export const seedQuotaScale = async (
  db: Kysely<Database>,
  size: { accounts: number; perAccount: number; jobs: number },
  log: (message: string) => void,
) => {
  const now = Date.now();
  const hash = await hashPassword('Bench_pass1');
  const userCount = size.accounts * size.perAccount;
  await inBatches(
    Array.from({ length: userCount }, (_, i) =>
      newUserRow({ user_name: USER(i), password_hash: hash, role_id: Role.user, status: 'active' }, now),
    ),
    (part) => db.insertInto('users').values(part).execute(),
  );
  const userIds = new Map(
    (await db.selectFrom('users').select(['id', 'user_name']).where('user_name', 'like', 'bq_u%').execute()).map((u) => [
      u.user_name,
      Number(u.id),
    ]),
  );
  const idOf = (i: number) => userIds.get(USER(i)) as number;
  await inBatches(
    Array.from({ length: size.accounts }, (_, a) => ({
      name: ACCOUNT(a),
      description: `Bench project ${a}`,
      owner_user_id: idOf(a * size.perAccount),
      org_unit_id: null,
      status: 'Normal',
      created_at: now,
      updated_at: now,
    })),
    (part) => db.insertInto('accounts').values(part).execute(),
  );
  const accountIds = new Map(
    (await db.selectFrom('accounts').select(['id', 'name']).where('name', 'like', 'bq_a%').execute()).map((a) => [
      a.name,
      Number(a.id),
    ]),
  );
  const members: SeededMember[] = Array.from({ length: userCount }, (_, i) => ({
    id: idOf(i),
    name: USER(i),
    account: ACCOUNT(Math.floor(i / size.perAccount)),
  }));
  const accountIdOf = (m: SeededMember) => accountIds.get(m.account) as number;
  await inBatches(
    members.map((m) => ({ account_id: accountIdOf(m), user_id: m.id, is_default: 1, added_at: now, added_by: 'bench' })),
    (part) => db.insertInto('account_members').values(part).execute(),
  );
  // Limits far above the usage, so every check goes all the way through and none refuses.
  const quotaRows = [
    ...[...accountIds.values()].map((id) => ({
      account_id: id,
      user_id: 0,
      core_hours_limit: 100_000_000,
      card_hours_limit: 1_000_000,
    })),
    ...members.map((m) => ({
      account_id: accountIdOf(m),
      user_id: m.id,
      core_hours_limit: 10_000_000,
      card_hours_limit: 100_000,
    })),
  ].map((q) => ({ ...q, max_running_jobs: 1000, updated_at: now, updated_by: 'bench' }));
  await inBatches(quotaRows, (part) => db.insertInto('quotas').values(part).execute());
  log(`seeded ${userCount} users, ${size.accounts} accounts, ${quotaRows.length} quotas`);

  // A million finished jobs, and the totals summed as ingest keeps them.
  const totals = new Map<
    string,
    { account: string; user_name: string; core_seconds: number; card_seconds: number; jobs: number }
  >();
  const t0 = performance.now();
  // mulberry32: repeatable, and its low bits are as random as its high ones.
  let seed = 12345;
  const rnd = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((((x ^ (x >>> 14)) >>> 0) / 4294967296) * n) | 0;
  };
  for (let start = 0; start < size.jobs; start += BATCH * 20) {
    const rows: NewJobRow[] = [];
    for (let i = start; i < Math.min(size.jobs, start + BATCH * 20); i++) {
      const m = members[rnd(members.length)] as SeededMember;
      const cpus = 1 + rnd(32);
      const gpus = rnd(5) === 0 ? 1 + rnd(4) : 0;
      const elapsed = 60 + rnd(36_000);
      const end = now - rnd(365 * 86_400) * 1000;
      rows.push({
        cluster_id: 'hpc',
        job_id: String(1_000_000 + i),
        name: `job-${i}`,
        user_name: m.name,
        user_group: m.name,
        account: m.account,
        queue: 'compute',
        scheduler_state: 'COMPLETED',
        exit_status: 'complete',
        exit_code: '0:0',
        submit_at: end - elapsed * 1000 - 60_000,
        eligible_at: null,
        start_at: end - elapsed * 1000,
        end_at: end,
        elapsed_s: elapsed,
        time_limit_s: 86_400,
        nodes: 1,
        cpus,
        gpus,
        node_list: 'cn01',
        memory_mb: null,
        max_rss_mb: null,
        cpu_time_s: null,
        core_seconds: cpus * elapsed,
        card_seconds: gpus * elapsed,
        work_dir: `/home/${m.name}`,
        restart_count: 0,
        exclusive: 0,
        ingested_at: now,
      });
      const key = `${m.account}/${m.name}`;
      const t = totals.get(key) ?? { account: m.account, user_name: m.name, core_seconds: 0, card_seconds: 0, jobs: 0 };
      t.core_seconds += cpus * elapsed;
      t.card_seconds += gpus * elapsed;
      t.jobs += 1;
      totals.set(key, t);
    }
    await db.transaction().execute((trx) => inBatches(rows, (part) => trx.insertInto('jobs').values(part).execute()));
    if ((start / (BATCH * 20)) % 10 === 0) log(`jobs: ${start + rows.length} of ${size.jobs}`);
  }
  const jobsSeconds = (performance.now() - t0) / 1000;
  await inBatches([...totals.values()], (part) => db.insertInto('usage_totals').values(part).execute());
  // As a long-running database would have: statistics for the planner.
  await sql`analyze`.execute(db);
  return { accounts: size.accounts, members, quotas: quotaRows.length, usageRows: totals.size, jobs: size.jobs, jobsSeconds };
};
