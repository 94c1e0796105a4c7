import { METRIC_POINTS_MAX } from '@portal/shared';
import type { CatalogueEntry } from './catalogue.js';

/* The metric source of a cluster (DESIGN.md, cluster/metrics): the embedded store or Prometheus. */

export interface SeriesRequest {
  resources: readonly string[];
  metrics: readonly CatalogueEntry[];
  /** Epoch milliseconds, from inclusive, to exclusive. */
  from: number;
  to: number;
}

export interface SeriesPoint {
  time: number;
  value: number | null;
}

export interface SeriesAnswer {
  stepSeconds: number;
  resolution: 'raw' | '5m' | '1h' | 'prometheus';
  series: { resource: string; metric: string; points: SeriesPoint[] }[];
}

/** A value the embedded collector accepted (null: the resource's targets did not answer, or had no value for it). */
export interface CollectedSample {
  resource: string;
  metric: string;
  time: number;
  value: number | null;
}

export type SamplesListener = (samples: readonly CollectedSample[]) => Promise<void>;

export interface MetricSource {
  readonly kind: 'embedded' | 'prometheus';
  /** The resources this source collects (the embedded collector's targets); empty when it cannot tell. */
  resources(): string[];
  history(req: SeriesRequest): Promise<SeriesAnswer>;
  /**
   * Targets found outside portal.yaml (the inventory's assets with an exporter on their address,
   * `metrics.fromAssets`), replacing the last ones given; the embedded collector scrapes them
   * from its next round. Prometheus finds its own targets: it ignores them.
   */
  setDiscoveredTargets(targets: readonly { resource: string; url: string }[]): void;
  /**
   * Calls `listener` with every round's samples once they are stored, before the next round (the
   * alarm engine); false when the source has no rounds of its own (Prometheus: read it on a schedule).
   */
  onSamples(listener: SamplesListener): boolean;
  start(): void;
  stop(): Promise<void>;
}

/** Steps a chart's points may have, in seconds: round ones, so buckets line up across series. */
const STEPS = [1, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];

/** The step for a range: at least `minSeconds`, and few enough points (METRIC_POINTS_MAX). */
export const chooseStep = (rangeMs: number, minSeconds: number): number => {
  const wanted = Math.max(minSeconds, Math.ceil(rangeMs / 1000 / METRIC_POINTS_MAX));
  return STEPS.find((s) => s >= wanted) ?? Math.ceil(wanted / 86400) * 86400;
};

/** Every step of the range, with the values found (null where none). */
export const fillPoints = (from: number, to: number, stepMs: number, values: ReadonlyMap<number, number>): SeriesPoint[] => {
  const points: SeriesPoint[] = [];
  for (let t = Math.floor(from / stepMs) * stepMs; t < to; t += stepMs) points.push({ time: t, value: values.get(t) ?? null });
  return points;
};
