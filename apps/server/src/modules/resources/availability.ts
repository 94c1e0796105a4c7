import type { AvailabilityCode } from '@portal/shared';
import { reachable } from '../../cluster/services/reachable.js';
import { rmcpPing } from '../../cluster/services/rmcp-ping.js';
import type { Config } from '../../config/schema.js';
import type { Logger } from '../../lib/logger.js';
import { mapBounded } from '../../lib/map-bounded.js';
import type { Clock } from '../../lib/time.js';
import type { AssetAddresses, AssetsRepository } from './assets.repository.js';
import { IPMI_DEFAULT_PORT } from './assets.service.js';

/*
 * Availability of each asset's IPMI, management and compute addresses (spec section 4, docs/resources.md):
 * checked in the background every `availability.intervalSeconds`, at most `parallel` at a time,
 * kept in memory. The BMC by the RMCP presence ping (no credentials), the other two by a TCP
 * connection that is accepted or refused. A result counts only for the address it was taken
 * for: an edited address is unknown until the next round.
 */

type Kind = 'ipmi' | 'manage' | 'compute';

interface Result {
  address: string;
  ok: boolean;
}

export interface AvailabilityCodes {
  ipmiAvailable: AvailabilityCode;
  manageAvailable: AvailabilityCode;
  computeAvailable: AvailabilityCode;
}

const addressOf = (
  row: Pick<AssetAddresses, 'manage_ip' | 'compute_ip' | 'ipmi_ip' | 'ipmi_port'>,
  kind: Kind,
): string | null => {
  if (kind === 'manage') return row.manage_ip;
  if (kind === 'compute') return row.compute_ip;
  return row.ipmi_ip === null ? null : `${row.ipmi_ip}:${row.ipmi_port ?? IPMI_DEFAULT_PORT}`;
};

export class AvailabilityMonitor {
  private readonly results = new Map<string, Result>();
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly repo: AssetsRepository,
    private readonly settings: Config['availability'],
    private readonly clock: Clock,
    private readonly log: Logger,
    /** Given the addressed assets each round, before they are checked (the metric targets taken from them). */
    private readonly onRead: (rows: readonly AssetAddresses[]) => void = () => undefined,
  ) {}

  /** The codes of one asset: 2 without the address, '' before its first check. */
  codes(row: Pick<AssetAddresses, 'id' | 'manage_ip' | 'compute_ip' | 'ipmi_ip' | 'ipmi_port'>): AvailabilityCodes {
    const code = (kind: Kind): AvailabilityCode => {
      const address = addressOf(row, kind);
      if (address === null) return '2';
      const r = this.results.get(`${row.id}:${kind}`);
      if (!r || r.address !== address) return '';
      return r.ok ? '1' : '0';
    };
    return { ipmiAvailable: code('ipmi'), manageAvailable: code('manage'), computeAvailable: code('compute') };
  }

  /** Checks now, then every interval after the previous round ended. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round;
  }

  /** One round over every addressed asset (tests call it to wait for fresh results). */
  checkAll(): Promise<void> {
    this.round ??= this.runRound().finally(() => {
      this.round = null;
    });
    return this.round;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.checkAll()
        .catch((err: unknown) => this.log.warn({ err }, 'availability checks failed'))
        .finally(() => this.schedule(this.settings.intervalSeconds * 1000));
    }, delayMs);
    this.timer.unref();
  }

  private async runRound(): Promise<void> {
    const started = this.clock.now();
    const rows = await this.repo.addressed();
    this.onRead(rows);
    const timeoutMs = this.settings.timeoutSeconds * 1000;
    const checks = rows.flatMap((row) =>
      (['ipmi', 'manage', 'compute'] as const).flatMap((kind) => {
        const address = addressOf(row, kind);
        return address === null ? [] : [{ row, kind, address, key: `${row.id}:${kind}` }];
      }),
    );
    await mapBounded(checks, this.settings.parallel, async ({ row, kind, address, key }) => {
      if (this.stopped) return;
      const ok =
        kind === 'ipmi' && row.ipmi_ip !== null
          ? await rmcpPing(row.ipmi_ip, row.ipmi_port ?? IPMI_DEFAULT_PORT, timeoutMs)
          : await reachable(address, this.settings.networkPort, timeoutMs);
      this.results.set(key, { address, ok });
    });
    const seen = new Set(checks.map((c) => c.key));
    // Deleted assets and removed addresses leave nothing behind.
    for (const key of this.results.keys()) if (!seen.has(key)) this.results.delete(key);
    this.log.debug({ addresses: checks.length, ms: this.clock.now() - started }, 'availability checked');
  }
}
