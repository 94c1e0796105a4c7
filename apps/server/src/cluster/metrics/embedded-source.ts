import type { MetricRawRow } from '../../db/metric-tables.js';
import type { Logger } from '../../lib/logger.js';
import type { Clock } from '../../lib/time.js';
import { CATALOGUE, CATALOGUE_FAMILIES, type CatalogueEntry } from './catalogue.js';
import { counterRate } from './counter-rate.js';
import { mergeFamilies, parseExposition, type Families } from './exposition.js';
import { sampleHost } from './host-sampler.js';
import { STORAGE_FAMILIES } from './storage-entries.js';
import { ROLLUPS, type MetricStore, type RollupLevel, type SeriesSums } from './metric-store.js';
import {
  chooseStep,
  fillPoints,
  type CollectedSample,
  type MetricSource,
  type SamplesListener,
  type SeriesAnswer,
  type SeriesRequest,
} from './types.js';

/*
 * The embedded source: scrapes each target every interval (off the request path), stores one row
 * per catalogue metric in the store, and answers series from raw days, 5-minute or 1-hour rollups
 * by the range asked. Counters are stored raw with their rate beside them; a counter that went
 * down restarted from zero (a node reboot), so its increase is its new value, as in Prometheus.
 */

const DAY = 86_400_000;
/** Targets scraped at the same time. */
const SCRAPE_PARALLEL = 16;
/** What a scrape keeps of an exposition: the catalogue's families and the storage series'. */
const FAMILIES: ReadonlySet<string> = new Set([...CATALOGUE_FAMILIES, ...STORAGE_FAMILIES]);

export interface MetricTarget {
  resource: string;
  url: string;
}

export interface EmbeddedOptions {
  clusterId: string;
  targets: readonly MetricTarget[];
  /** Whether targets may come from the inventory (metrics.fromAssets): the collector runs even with none configured. */
  discovers?: boolean;
  intervalSeconds: number;
  timeoutSeconds: number;
  retentionDays: number;
  rollupRetentionDays: number;
  /** Entries beyond the catalogue a resource is read for (a storage server's storage series). */
  extraEntries?: ReadonlyMap<string, readonly CatalogueEntry[]>;
}

export interface RoundResult {
  samples: number;
  failed: string[];
}

export class EmbeddedMetricSource implements MetricSource {
  readonly kind = 'embedded';
  private readonly previous = new Map<number, { raw: number; ts: number }>();
  private readonly failing = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> | undefined;
  private lastExpire = 0;
  private discovered: readonly MetricTarget[] = [];
  private readonly listeners: SamplesListener[] = [];

  constructor(
    private readonly store: MetricStore,
    private readonly opts: EmbeddedOptions,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** The configured targets, then the discovered ones whose resource no configured target names. */
  private targets(): MetricTarget[] {
    const named = new Set(this.opts.targets.map((t) => t.resource));
    return [...this.opts.targets, ...this.discovered.filter((t) => !named.has(t.resource))];
  }

  resources(): string[] {
    return [...new Set(this.targets().map((t) => t.resource))];
  }

  setDiscoveredTargets(targets: readonly MetricTarget[]): void {
    this.discovered = [...targets];
  }

  onSamples(listener: SamplesListener): boolean {
    this.listeners.push(listener);
    return true;
  }

  start(): void {
    if (this.timer || (this.opts.targets.length === 0 && !this.opts.discovers)) return;
    const tick = () => {
      this.round = this.scrapeRound()
        .then(() => this.maintain())
        .catch((e: unknown) => this.log.warn({ err: e, cluster: this.opts.clusterId }, 'metric collection failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.opts.intervalSeconds * 1000);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.round;
  }

  private async families(t: MetricTarget): Promise<Families> {
    if (t.url === 'builtin:host') return sampleHost();
    const res = await fetch(t.url, { signal: AbortSignal.timeout(this.opts.timeoutSeconds * 1000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return parseExposition(await res.text(), FAMILIES);
  }

  /** Rows for one resource's scrape at `ts`, and the catalogue's values of it (null where it had none). */
  private async rowsOf(
    resource: string,
    f: Families | undefined,
    ts: number,
    samples: CollectedSample[],
  ): Promise<MetricRawRow[]> {
    const rows: MetricRawRow[] = [];
    const extra = this.opts.extraEntries?.get(resource) ?? [];
    for (const entry of extra.length === 0 ? CATALOGUE : [...CATALOGUE, ...extra]) {
      const v = f && entry.read(f);
      if (v === undefined) {
        samples.push({ resource, metric: entry.id, time: ts, value: null });
        continue;
      }
      const id = await this.store.seriesId(this.opts.clusterId, resource, entry.id);
      if (!entry.rate) {
        rows.push({ series_id: id, ts, value: v, raw: null });
        samples.push({ resource, metric: entry.id, time: ts, value: v });
        continue;
      }
      const prev = this.previous.get(id);
      this.previous.set(id, { raw: v, ts });
      const perSecond = prev ? counterRate(prev, { raw: v, ts }) : undefined;
      const value = perSecond === undefined ? null : entry.fromRate ? entry.fromRate(perSecond) : perSecond;
      rows.push({ series_id: id, ts, value, raw: v });
      samples.push({ resource, metric: entry.id, time: ts, value });
    }
    return rows;
  }

  /** One resource's targets (a node's node_exporter and its BMC's ipmi_exporter, say), read as one scrape. */
  private async scrapeResource(resource: string, urls: readonly MetricTarget[]): Promise<Families | undefined> {
    const answers = await Promise.all(
      urls.map(async (t) => {
        try {
          const f = await this.families(t);
          if (this.failing.delete(t.url)) this.log.info({ resource, url: t.url }, 'metric target answers again');
          return f;
        } catch (e) {
          // Said once per outage, not every interval.
          if (!this.failing.has(t.url)) this.log.warn({ resource, url: t.url, err: e }, 'metric target does not answer');
          this.failing.add(t.url);
          return undefined;
        }
      }),
    );
    const answered = answers.filter((f) => f !== undefined);
    return answered.length <= 1 ? answered[0] : mergeFamilies(answered);
  }

  /** Scrapes every target once and writes what came back in one batch; a resource fails when none of its targets answers. */
  async scrapeRound(): Promise<RoundResult> {
    const rows: MetricRawRow[] = [];
    const samples: CollectedSample[] = [];
    const failed: string[] = [];
    const byResource = new Map<string, MetricTarget[]>();
    for (const t of this.targets()) byResource.set(t.resource, [...(byResource.get(t.resource) ?? []), t]);
    const queue = [...byResource];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [resource, urls] = next;
        const f = await this.scrapeResource(resource, urls);
        rows.push(...(await this.rowsOf(resource, f, this.clock.now(), samples)));
        if (!f) failed.push(resource);
      }
    };
    await Promise.all(Array.from({ length: Math.min(SCRAPE_PARALLEL, queue.length) }, worker));
    await this.store.write(rows);
    for (const listener of this.listeners) {
      try {
        await listener(samples);
      } catch (e) {
        this.log.warn({ err: e, cluster: this.opts.clusterId }, 'a listener of the metric samples failed');
      }
    }
    return { samples: rows.length, failed };
  }

  /** Rolls up closed buckets; once an hour drops what the retention lets go. */
  async maintain(): Promise<void> {
    const now = this.clock.now();
    // A bucket is closed once a scrape round after its end has been written.
    await this.store.rollup(now - 2 * this.opts.intervalSeconds * 1000);
    if (now - this.lastExpire < 3_600_000) return;
    this.lastExpire = now;
    const dropped = await this.store.expire(now - this.opts.retentionDays * DAY, now - this.opts.rollupRetentionDays * DAY);
    if (dropped.length > 0) this.log.info({ days: dropped }, 'raw metric days dropped');
  }

  async history(req: SeriesRequest): Promise<SeriesAnswer> {
    const { from, to } = req;
    const range = to - from;
    const now = this.clock.now();
    let resolution: SeriesAnswer['resolution'];
    let stepSeconds: number;
    if (range <= 2 * DAY && from >= now - this.opts.retentionDays * DAY) {
      resolution = 'raw';
      stepSeconds = chooseStep(range, this.opts.intervalSeconds);
    } else {
      resolution = range <= 31 * DAY ? '5m' : '1h';
      stepSeconds = chooseStep(range, ROLLUPS[resolution] / 1000);
    }
    const stepMs = stepSeconds * 1000;
    const metricIds = req.metrics.map((m) => m.id);
    const ids = await this.store.findSeries(this.opts.clusterId, req.resources, metricIds);
    const idList = [...ids.values()];
    const sums: SeriesSums = new Map();
    if (resolution === 'raw') await this.store.readRaw(idList, from, to, stepMs, sums);
    else {
      // Rollups up to their watermark, raw samples after it (the last minutes are not rolled up yet).
      const level: RollupLevel = resolution;
      const done = Math.max(from, Math.min(to, (await this.store.doneUntil(level)) ?? from));
      await this.store.readRollup(level, idList, from, done, stepMs, sums);
      await this.store.readRaw(idList, done, to, stepMs, sums);
    }
    const series = req.resources.flatMap((resource) =>
      req.metrics.map((m) => {
        const id = ids.get(`${resource}\u0000${m.id}`);
        const buckets = id === undefined ? undefined : sums.get(id);
        const values = new Map<number, number>();
        for (const [t, s] of buckets ?? []) if (s.count > 0) values.set(t, s.sum / s.count);
        return { resource, metric: m.id, points: fillPoints(from, to, stepMs, values) };
      }),
    );
    return { stepSeconds, resolution, series };
  }
}
