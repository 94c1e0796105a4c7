import { ErrCode, ErrReason } from '@portal/shared';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { CatalogueEntry } from './catalogue.js';
import { chooseStep, fillPoints, type MetricSource, type SeriesAnswer, type SeriesRequest } from './types.js';

/*
 * The Prometheus source: the same catalogue read through Prometheus's HTTP API (range queries,
 * downsampled by `step`), for centres whose Prometheus (or VictoriaMetrics, Thanos) scrapes and
 * keeps the samples. The portal only reads.
 */

/** Queries in flight at once for one request. */
const QUERY_PARALLEL = 8;
const NAME = 'Prometheus';

export interface PrometheusOptions {
  url: string;
  resourceLabel: string;
  /** The label's value for a resource; '{resource}' is its name. */
  resourceValue: string;
  scrapeIntervalSeconds: number;
  timeoutSeconds: number;
}

/** What a range query answers (only what is read of it). */
const RangeAnswer = z.object({
  status: z.string(),
  error: z.string().optional(),
  data: z.object({ result: z.array(z.object({ values: z.array(z.tuple([z.number(), z.string()])).optional() })) }).optional(),
});

const unavailable = (detail: string) =>
  new AppError(ErrCode.INTERNAL, ErrReason.serviceUnavailable, `${NAME} Service unavailable!`, {
    status: 502,
    extra: { name: NAME, detail },
  });
const interfaceError = (detail: string) =>
  new AppError(ErrCode.INTERNAL, ErrReason.serviceInterfaceError, `${NAME} interface error`, {
    status: 502,
    extra: { name: NAME, detail },
  });

/** A label value inside PromQL double quotes. */
const quote = (v: string) => JSON.stringify(v);

export class PrometheusMetricSource implements MetricSource {
  readonly kind = 'prometheus';

  constructor(private readonly opts: PrometheusOptions) {}

  setDiscoveredTargets(): void {
    // Prometheus's own service discovery finds its targets.
  }

  resources(): string[] {
    return [];
  }

  onSamples(): boolean {
    // Prometheus scrapes: the portal learns of samples only by asking.
    return false;
  }

  start(): void {}

  async stop(): Promise<void> {}

  /** The PromQL for one resource's metric, its rate window at least four scrapes and one step. */
  queryOf(entry: CatalogueEntry, resource: string, stepSeconds: number): string {
    const sel = `${this.opts.resourceLabel}=${quote(this.opts.resourceValue.replaceAll('{resource}', resource))}`;
    const window = Math.max(stepSeconds, 4 * this.opts.scrapeIntervalSeconds);
    return entry.promql.replaceAll('$sel', sel).replaceAll('$w', `${window}s`);
  }

  private async rangeQuery(query: string, start: number, end: number, step: number): Promise<Map<number, number>> {
    const url = new URL('/api/v1/query_range', this.opts.url);
    url.search = new URLSearchParams({ query, start: String(start), end: String(end), step: String(step) }).toString();
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.opts.timeoutSeconds * 1000) });
    } catch (e) {
      throw unavailable(e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e));
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw interfaceError(`HTTP ${res.status}, not JSON`);
    }
    const parsed = RangeAnswer.safeParse(json);
    if (!parsed.success) throw interfaceError(`HTTP ${res.status}, not a range query's answer`);
    const body = parsed.data;
    if (body.status !== 'success' || !body.data) throw interfaceError(body.error ?? `HTTP ${res.status}`);
    const values = new Map<number, number>();
    for (const series of body.data.result)
      for (const [t, v] of series.values ?? []) {
        const n = Number(v);
        if (Number.isFinite(n)) values.set(Math.round(t * 1000), n);
      }
    return values;
  }

  async history(req: SeriesRequest): Promise<SeriesAnswer> {
    const stepSeconds = chooseStep(req.to - req.from, this.opts.scrapeIntervalSeconds);
    const stepMs = stepSeconds * 1000;
    // Evaluate at the same instants as the embedded source's buckets start.
    const start = Math.floor(req.from / stepMs) * stepSeconds;
    const end = Math.floor((req.to - 1) / stepMs) * stepSeconds;
    const jobs = req.resources.flatMap((resource) => req.metrics.map((entry) => ({ resource, entry })));
    const out: SeriesAnswer['series'] = new Array(jobs.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < jobs.length; i = next++) {
        const { resource, entry } = jobs[i] as (typeof jobs)[number];
        const values = await this.rangeQuery(this.queryOf(entry, resource, stepSeconds), start, end, stepSeconds);
        out[i] = { resource, metric: entry.id, points: fillPoints(req.from, req.to, stepMs, values) };
      }
    };
    await Promise.all(Array.from({ length: Math.min(QUERY_PARALLEL, jobs.length) }, worker));
    return { stepSeconds, resolution: 'prometheus', series: out };
  }
}
