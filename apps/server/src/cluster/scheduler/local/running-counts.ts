import type { RunLimits } from '../run-limits.js';

const key = (account: string, user: string) => `${account}\u0000${user}`;

/**
 * The jobs running per account and per user within an account during one scheduling pass, held
 * against the quotas' running-job limits (Slurm's association job limits).
 */
export class RunningCounts {
  private readonly byAccount = new Map<string, number>();
  private readonly byMember = new Map<string, number>();

  constructor(
    private readonly limits: RunLimits,
    holding: Iterable<{ account: string; user: string }>,
  ) {
    for (const j of holding) this.add(j.account, j.user);
  }

  /** Whether one more running job of this user in this account would pass the account's or the user's limit. */
  atLimit(account: string, user: string): boolean {
    const limit = this.limits.maxRunning(account, user);
    return (
      (limit.account !== null && (this.byAccount.get(account) ?? 0) >= limit.account) ||
      (limit.user !== null && (this.byMember.get(key(account, user)) ?? 0) >= limit.user)
    );
  }

  add(account: string, user: string): void {
    this.byAccount.set(account, (this.byAccount.get(account) ?? 0) + 1);
    this.byMember.set(key(account, user), (this.byMember.get(key(account, user)) ?? 0) + 1);
  }
}
