import { catalogueEntry } from '../../cluster/metrics/catalogue.js';
import type { CollectedSample, MetricSource } from '../../cluster/metrics/types.js';
import type { Clock } from '../../lib/time.js';
import type { Logger } from '../../lib/logger.js';
import type { Sample } from './engine/evaluate.js';
import { keyOf, type AlarmStatesRepository, type RecordedEvent } from './alarm-states.repository.js';
import type { AlarmRules } from './alarm-rules.service.js';
import type { WatchedRule } from './alarm-rules.js';

/*
 * Runs the engine on what each cluster's metric source collects (docs/alarms.md): on every round
 * the embedded collector stores, with the round's own samples; against Prometheus, once per
 * scrape interval, reading what came since the newest sample applied. Either way the state is the
 * database's, so a restart goes on where the last committed batch ended.
 */

/** How far back a read goes after a pause (a stop, a source that did not answer). */
const CATCH_UP_MS = 3_600_000;

/** What the engine needs of a cluster: its metric source and how often it collects. */
export interface MetricCluster {
  id: string;
  intervalSeconds: number;
  metrics: MetricSource;
}

export class AlarmEvaluator {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly clusters: readonly MetricCluster[],
    private readonly rules: AlarmRules,
    private readonly states: AlarmStatesRepository,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** Work after each round of a cluster (keeping alarms' snapshots). */
    private readonly afterRound: (c: MetricCluster) => Promise<unknown> = async () => {},
  ) {}

  /**
   * Catches up on what each source holds since the newest sample applied (what a stop, even a
   * kill -9, left unevaluated), then listens to every embedded collector, whose rounds wait for
   * the catch-up, and reads every Prometheus source on a schedule.
   */
  start(): void {
    for (const c of this.clusters) {
      const caughtUp = this.track(this.poll(c.id));
      const pushed = c.metrics.onSamples(async (samples) => {
        await caughtUp;
        await this.track(this.onSamples(c.id, samples).then(() => this.afterRound(c)));
      });
      if (!pushed) this.schedule(c);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
    // The quiet keys' streaks held in memory, so a restart goes on from them.
    await this.states.flush();
  }

  /** One round of a cluster's collector: every rule of the cluster gets its sample (missing ones as null). */
  async onSamples(clusterId: string, samples: readonly CollectedSample[]): Promise<RecordedEvent[]> {
    if (this.stopped) return [];
    const rules = (await this.rules.load()).filter((r) => r.key.clusterId === clusterId);
    if (rules.length === 0) return [];
    // Only the watched metrics' samples (a round carries every catalogue metric of every target).
    const watched = new Set(rules.map((r) => r.key.metric));
    const byKey = new Map<string, Sample[]>();
    for (const s of samples) {
      if (!watched.has(s.metric)) continue;
      const k = `${s.resource}\u0000${s.metric}`;
      const list = byKey.get(k);
      if (list) list.push({ time: s.time, value: s.value });
      else byKey.set(k, [{ time: s.time, value: s.value }]);
    }
    // A watched resource the round did not read at all (no target) has nothing to say: no sample.
    return this.states.applyBatch(
      rules.map((r) => ({ key: r.key, rule: r.rule, samples: byKey.get(`${r.key.resource}\u0000${r.key.metric}`) ?? [] })),
    );
  }

  /** Reads a cluster's source for what came since each rule's newest applied sample (Prometheus). */
  async poll(clusterId: string): Promise<RecordedEvent[]> {
    const c = this.clusters.find((x) => x.id === clusterId);
    if (!c) return [];
    const rules = (await this.rules.load()).filter((r) => r.key.clusterId === clusterId);
    if (rules.length === 0) return [];
    const now = this.clock.now();
    const last = await this.states.lastTimes(clusterId);
    const items: { key: WatchedRule['key']; rule: WatchedRule['rule']; samples: Sample[] }[] = [];
    for (const [metric, group] of groupBy(rules, (r) => r.key.metric)) {
      const entry = catalogueEntry(metric);
      if (!entry) continue;
      // A rule without state (new) starts at the last two intervals, not an hour of the past.
      const fresh = now - 2 * c.intervalSeconds * 1000;
      const since = (r: WatchedRule) => Math.max(last.get(keyOf(r.key)) ?? fresh, now - CATCH_UP_MS);
      const from = Math.min(...group.map(since)) + 1;
      const answer = await c.metrics.history({
        resources: [...new Set(group.map((r) => r.key.resource))],
        metrics: [entry],
        from,
        to: now,
      });
      const stepMs = answer.stepSeconds * 1000;
      const pointsOf = new Map(answer.series.map((s) => [s.resource, s.points]));
      for (const r of group) {
        const after = since(r);
        const points = (pointsOf.get(r.key.resource) ?? []).filter((p) => p.time > after);
        items.push({ key: r.key, rule: r.rule, samples: settled(points, stepMs, now) });
      }
    }
    return this.states.applyBatch(items);
  }

  private schedule(c: MetricCluster): void {
    const id = c.id;
    const everyMs = c.intervalSeconds * 1000;
    const tick = () => {
      this.track(
        this.poll(id)
          .then(() => this.afterRound(c))
          .catch((e: unknown) => this.log.warn({ err: e, cluster: id }, 'alarm evaluation against the metric source failed'))
          .finally(() => {
            if (!this.stopped) this.timers.set(id, setTimeout(tick, everyMs));
          }),
      );
    };
    this.timers.set(id, setTimeout(tick, everyMs));
  }

  private async track<T>(work: Promise<T>): Promise<void> {
    this.running.add(work);
    try {
      await work;
    } catch (e) {
      this.log.warn({ err: e }, 'alarm evaluation failed');
    } finally {
      this.running.delete(work);
    }
  }
}

/**
 * The points to apply now: every value, and a missing step only once a whole step has passed after
 * its own (a sample may still arrive for it); the first unsettled gap ends the list, so no later
 * value jumps over it.
 */
export const settled = (points: readonly { time: number; value: number | null }[], stepMs: number, now: number): Sample[] => {
  const out: Sample[] = [];
  for (const p of points) {
    if (p.value === null && p.time + 2 * stepMs > now) break;
    out.push({ time: p.time, value: p.value });
  }
  return out;
};

const groupBy = <T>(list: readonly T[], keyOfItem: (t: T) => string): Map<string, T[]> => {
  const m = new Map<string, T[]>();
  for (const t of list) m.set(keyOfItem(t), [...(m.get(keyOfItem(t)) ?? []), t]);
  return m;
};
