import { randomBytes } from 'node:crypto';
import { ErrCode, ShellCloseCode, type ShellSessionInfo } from '@portal/shared';
import type { ShellSession } from '../../cluster/access/types.js';
import { AppError } from '../../lib/app-error.js';
import { LiveShell, type ShellTimings } from './live-shell.js';

export interface ShellLimits extends ShellTimings {
  maxPerUser: number;
}

/**
 * Every shell of this server process. Shells live in memory: behind several server instances the
 * proxy must send a page's WebSocket to the instance that opened its shell (docs/shell.md).
 */
export class ShellRegistry {
  private readonly shells = new Map<string, LiveShell>();
  /** Shells being opened right now, per user, so two quick opens cannot both pass the limit. */
  private readonly opening = new Map<number, number>();

  constructor(readonly limits: ShellLimits) {}

  /**
   * Opens a shell for a user within their limit: `start` makes the terminal, called only when a
   * place is free. Answers the new shell's id.
   */
  async open(
    ownerId: number,
    describe: Omit<ShellSessionInfo, 'sessionId' | 'graceSeconds'>,
    start: () => Promise<ShellSession>,
  ): Promise<ShellSessionInfo> {
    const pending = this.opening.get(ownerId) ?? 0;
    if (this.countFor(ownerId) + pending >= this.limits.maxPerUser) throw tooMany(this.limits.maxPerUser);
    this.opening.set(ownerId, pending + 1);
    let term: ShellSession;
    try {
      term = await start();
    } finally {
      const left = (this.opening.get(ownerId) ?? 1) - 1;
      if (left > 0) this.opening.set(ownerId, left);
      else this.opening.delete(ownerId);
    }
    const info: ShellSessionInfo = {
      ...describe,
      // The id is not a credential (attaching also needs the owner's portal session), but it is
      // unguessable anyway so one user cannot even probe for another's shells.
      sessionId: randomBytes(18).toString('base64url'),
      graceSeconds: Math.round(this.limits.graceMs / 1000),
    };
    const shell = new LiveShell(info.sessionId, ownerId, info, term, this.limits, (s) => this.shells.delete(s.id));
    this.shells.set(info.sessionId, shell);
    return info;
  }

  /** The shell with this id when `ownerId` owns it; another user's shell is as absent as none. */
  get(sessionId: string, ownerId: number): LiveShell | undefined {
    const shell = this.shells.get(sessionId);
    return shell && shell.ownerId === ownerId ? shell : undefined;
  }

  countFor(ownerId: number): number {
    let n = 0;
    for (const s of this.shells.values()) if (s.ownerId === ownerId) n++;
    return n;
  }

  get size(): number {
    return this.shells.size;
  }

  /** Server shutdown: every shell ends and its page is told why. */
  closeAll(): void {
    for (const s of [...this.shells.values()]) s.close(ShellCloseCode.shutdown, 'server shutting down');
  }
}

const tooMany = (max: number) =>
  new AppError(ErrCode.PARAM_INVALID, 'shellLimit', `At most ${max} shells can be open at the same time`, {
    status: 429,
    extra: { max },
  });
