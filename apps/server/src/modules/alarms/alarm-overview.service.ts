import { AlarmSeverity, type ResourceAlarmCount, type TrendBucket } from '@portal/shared';
import type { Clock } from '../../lib/time.js';
import { addDays, type ZoneDays } from '../../lib/zone-days.js';
import type { AlarmOverviewRepository } from './alarm-overview.repository.js';
import { assetOfAlarm, type AlarmsRepository } from './alarms.repository.js';

/*
 * The alarm overview (docs/alarms.md; spec section 2's last-day backtrack and historical trend,
 * section 3's resource alarm top-N): counts over the alarms raised in a range, the last day when
 * none is given. Days start at midnight in reports.timeZone, as the reports' do.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Ranges up to this long are counted per hour; longer ones per day. */
const HOURLY_UP_TO = 2 * DAY;

export interface AlarmRange {
  clusterId?: string | undefined;
  startTime?: Date | undefined;
  endTime?: Date | undefined;
}

export class AlarmOverviewService {
  constructor(
    private readonly repo: AlarmsRepository,
    private readonly counts: AlarmOverviewRepository,
    private readonly days: ZoneDays,
    private readonly clock: Clock,
  ) {}

  /** The range asked, or the last day up to now. */
  private range(q: AlarmRange): { from: number; to: number } {
    const to = q.endTime?.getTime() ?? this.clock.now();
    return { from: q.startTime?.getTime() ?? to - DAY, to };
  }

  private text(r: { from: number; to: number }) {
    return { from: new Date(r.from).toISOString(), to: new Date(r.to).toISOString() };
  }

  async count(q: AlarmRange) {
    const r = this.range(q);
    const open = await this.repo.openCounts(q.clusterId);
    const raised = await this.counts.countRaised(q.clusterId, r.from, r.to, []);
    return {
      ...this.text(r),
      open: open.reduce((n, c) => n + c.n, 0),
      unconfirmed: open.filter((c) => c.confirmed === 0).reduce((n, c) => n + c.n, 0),
      raised: raised[0]?.n ?? 0,
      recovered: await this.counts.countRecovered(q.clusterId, r.from, r.to),
    };
  }

  async trend(q: AlarmRange) {
    const r = this.range(q);
    const interval: 'hour' | 'day' = r.to - r.from <= HOURLY_UP_TO ? 'hour' : 'day';
    const starts = interval === 'hour' ? hourStarts(r.from, r.to) : this.dayStarts(r.from, r.to);
    const buckets: TrendBucket[] = starts.map((s) => ({
      time: new Date(s).toISOString(),
      warning: 0,
      minor: 0,
      major: 0,
      critical: 0,
      total: 0,
    }));
    for (const a of await this.counts.raisedTimes(q.clusterId, r.from, r.to)) {
      const i = lastAtOrBefore(starts, a.at);
      const b = buckets[i];
      const severity = AlarmSeverity.safeParse(a.severity);
      if (!b || !severity.success) continue;
      b[severity.data] += 1;
      b.total += 1;
    }
    return { ...this.text(r), interval, list: buckets };
  }

  async byMetric(q: AlarmRange) {
    const r = this.range(q);
    const rows = await this.counts.countRaised(q.clusterId, r.from, r.to, ['metric']);
    return { ...this.text(r), list: rows.map((x) => ({ metric: x.metric, count: x.n })) };
  }

  async topResources(q: AlarmRange, topN: number): Promise<{ from: string; to: string; list: ResourceAlarmCount[] }> {
    const r = this.range(q);
    const rows = await this.counts.countRaised(q.clusterId, r.from, r.to, ['cluster_id', 'resource'], topN);
    const assets = await this.repo.assetsNamed(rows.map((x) => x.resource));
    return {
      ...this.text(r),
      list: rows.map((x) => ({
        id: assetOfAlarm(assets, x)?.id ?? null,
        name: x.resource,
        clusterId: x.cluster_id,
        alarmCount: x.n,
      })),
    };
  }

  systemTime() {
    return { time: new Date(this.clock.now()).toISOString(), timeZone: this.days.zone };
  }

  /** The start of every day of the zone the range touches (the first one may begin before `from`). */
  private dayStarts(from: number, to: number): number[] {
    const out: number[] = [];
    for (let day = this.days.dayOf(from); this.days.startOf(day) <= to; day = addDays(day, 1)) {
      const start = this.days.startOf(day);
      // A day the zone skipped starts where the next one does: listed once.
      if (out[out.length - 1] !== start) out.push(start);
    }
    return out;
  }
}

const hourStarts = (from: number, to: number): number[] => {
  const out: number[] = [];
  for (let t = Math.floor(from / HOUR) * HOUR; t <= to; t += HOUR) out.push(t);
  return out;
};

/** The index of the last start at or before `at` (starts ascending); -1 before the first. */
const lastAtOrBefore = (starts: readonly number[], at: number): number => {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] ?? Infinity) <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
};
