import { can, type QuotaItem } from '@portal/shared';
import type { AssociationLimits } from '../../cluster/accounts/types.js';
import type { Auth } from '../../lib/auth.js';
import { iso, type Clock } from '../../lib/time.js';
import type { UserDirectory } from '../users/index.js';
import type { ActiveUsage } from './active-usage.js';
import { accountNotFound, forbidden, notAccountMember, userNotFound } from './quota-errors.js';
import type { NamedQuotaRow, QuotaAccount, QuotasRepository } from './quotas.repository.js';

export interface QuotaListQuery {
  pageStart: number;
  pageLimit: number;
  scope?: 'mine' | 'all' | undefined;
  accountName?: string | undefined;
  userName?: string | undefined;
}

export interface QuotaChange {
  accountName: string;
  /** Absent: the account's own quota. */
  userName?: string | undefined;
  coreHoursLimit: number | null;
  cardHoursLimit: number | null;
  maxRunningJobs: number | null;
}

const contains = (text: string, part: string | undefined) => !part || text.toLowerCase().includes(part.toLowerCase());

/** An entry for a quota nobody has set: no limit (the page shows the usage all the same). */
const unset = (a: QuotaAccount, userId: number, userName: string): NamedQuotaRow => ({
  account_id: Number(a.id),
  user_id: userId,
  account_name: a.name,
  user_name: userName,
  core_hours_limit: null,
  card_hours_limit: null,
  max_running_jobs: null,
  // Nobody set it: it has been "no limit" since the account exists.
  updated_at: Number(a.created_at),
  updated_by: '',
});

const nullable = (v: number | null) => (v === null ? null : Number(v));

/**
 * Quotas: reading them with what is used and reserved, and setting them (administrators). A
 * change is brought into the schedulers: the background account synchronisation (Slurm's
 * association limits) and the built-in scheduler's running-job limits (`changed`).
 */
export class QuotasService {
  constructor(
    private readonly repo: QuotasRepository,
    private readonly users: UserDirectory,
    private readonly active: ActiveUsage,
    private readonly clock: Clock,
    private readonly changed: () => Promise<void>,
  ) {}

  async list(auth: Auth, q: QuotaListQuery): Promise<{ total: number; list: QuotaItem[] }> {
    if (q.scope === 'all') {
      if (!can(auth.user.roleId, 'accounts:readAll')) throw forbidden();
      const page = await this.repo.page(q, { offset: q.pageStart, limit: q.pageLimit });
      return { total: page.total, list: await this.items(page.rows) };
    }
    const rows = await this.mine(auth);
    const visible = rows.filter(
      (r) => contains(r.account_name, q.accountName) && (!q.userName || contains(r.user_name, q.userName)),
    );
    return { total: visible.length, list: await this.items(visible.slice(q.pageStart, q.pageStart + q.pageLimit)) };
  }

  /**
   * The caller's own view: per account they are a member of, the account's quota and their own in
   * it (set or not), and in the accounts they own every member's quota that is set.
   */
  private async mine(auth: Auth): Promise<NamedQuotaRow[]> {
    const me = auth.user;
    const accounts = await this.repo.accountsOf(me.id);
    const rows = await this.repo.ofAccounts(accounts.map((a) => Number(a.id)));
    const owned = new Set(accounts.filter((a) => Number(a.owner_user_id) === me.id).map((a) => Number(a.id)));
    const out: NamedQuotaRow[] = [];
    for (const a of accounts) {
      const id = Number(a.id);
      const of = rows.filter((r) => Number(r.account_id) === id);
      const find = (userId: number) => of.find((r) => Number(r.user_id) === userId);
      out.push(find(0) ?? unset(a, 0, ''), find(me.id) ?? unset(a, me.id, me.userName));
      if (owned.has(id))
        out.push(
          ...of
            .filter((r) => Number(r.user_id) !== 0 && Number(r.user_id) !== me.id)
            .sort((x, y) => x.user_name.localeCompare(y.user_name)),
        );
    }
    return out;
  }

  /** Adds what is used, reserved and running to each quota. */
  private async items(rows: readonly NamedQuotaRow[]): Promise<QuotaItem[]> {
    const used = await this.repo.used(rows.map((r) => r.account_name));
    return rows.map((r) => {
      const own = Number(r.user_id) !== 0;
      const u = used.get(r.account_name);
      const finished = (own ? u?.members.get(r.user_name) : u?.account) ?? { core: 0, card: 0 };
      const active = this.active.of(r.account_name, own ? r.user_name : undefined);
      return {
        accountName: r.account_name,
        userName: own ? r.user_name : '',
        coreHoursLimit: nullable(r.core_hours_limit),
        cardHoursLimit: nullable(r.card_hours_limit),
        maxRunningJobs: nullable(r.max_running_jobs),
        coreSecondsUsed: Math.max(0, finished.core + active.coreSecondsRun),
        cardSecondsUsed: Math.max(0, finished.card + active.cardSecondsRun),
        coreSecondsReserved: active.coreSecondsReserved,
        cardSecondsReserved: active.cardSecondsReserved,
        runningJobs: active.runningJobs,
        updatedAt: iso(Number(r.updated_at)),
        updatedBy: r.updated_by,
      };
    });
  }

  /**
   * For code that writes the quotas table itself (an approved application): brings the change
   * into the schedulers as set() does.
   */
  written(): Promise<void> {
    return this.changed();
  }

  /** Every quota as Slurm's association limits, by account name and user name ('' for the account's own). */
  async associationLimits(): Promise<Map<string, Map<string, AssociationLimits>>> {
    const out = new Map<string, Map<string, AssociationLimits>>();
    for (const r of await this.repo.all()) {
      const byUser = out.get(r.account_name) ?? new Map<string, AssociationLimits>();
      byUser.set(Number(r.user_id) === 0 ? '' : r.user_name, {
        cpuMinutes: r.core_hours_limit === null ? null : Number(r.core_hours_limit) * 60,
        gpuMinutes: r.card_hours_limit === null ? null : Number(r.card_hours_limit) * 60,
        maxJobs: nullable(r.max_running_jobs),
      });
      out.set(r.account_name, byUser);
    }
    return out;
  }

  /** Sets (or, with every limit none, removes) an account's quota or a member's within it. */
  async set(auth: Auth, c: QuotaChange): Promise<QuotaItem> {
    const account = await this.repo.accountByName(c.accountName);
    if (!account) throw accountNotFound(c.accountName);
    let user = { id: 0, name: '' };
    if (c.userName) {
      const found = await this.users.findByName(c.userName);
      if (!found) throw userNotFound(c.userName);
      if (!(await this.repo.isMember(Number(account.id), found.id))) throw notAccountMember(found.user_name, account.name);
      user = { id: found.id, name: found.user_name };
    }
    const row = {
      account_id: Number(account.id),
      user_id: user.id,
      core_hours_limit: c.coreHoursLimit,
      card_hours_limit: c.cardHoursLimit,
      max_running_jobs: c.maxRunningJobs,
      updated_at: this.clock.now(),
      updated_by: auth.user.userName,
    };
    if (row.core_hours_limit === null && row.card_hours_limit === null && row.max_running_jobs === null)
      await this.repo.delete(row.account_id, row.user_id);
    else await this.repo.save(row);
    await this.changed();
    const [item] = await this.items([{ ...row, account_name: account.name, user_name: user.name }]);
    if (!item) throw new Error('a quota item was not built');
    return item;
  }
}
