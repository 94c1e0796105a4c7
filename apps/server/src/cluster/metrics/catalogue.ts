import type { MetricInfo } from '@portal/shared';
import { avg, countWhere, max, minus, sum, usedShare, values, all, type Match } from './catalogue-read.js';
import type { Families } from './exposition.js';
import { HARDWARE_ENTRIES } from './hardware-entries.js';
import { SWITCH_ENTRIES } from './switch-entries.js';

/*
 * The catalogue: each portal metric read from exporters' samples, twice, the same way: as a
 * function over one scrape (the embedded collector) and as PromQL (the Prometheus source). A
 * counter ("rate") is stored raw and shown as its rate per second, then `fromRate` (CPU: the idle
 * share becomes usage). The parity test holds the two readings to each other on a real
 * node_exporter scraped by a real Prometheus.
 */

export interface CatalogueEntry extends MetricInfo {
  /** The value for one target from one scrape (the raw counter for a rate); undefined when absent. */
  read(f: Families): number | undefined;
  /** From the counter's rate per second to the metric. */
  fromRate?: (perSecond: number) => number;
  /** One series for one resource: `$sel` is its label matcher, `$w` the rate window. */
  promql: string;
}

const mode =
  (m: string): Match =>
  (l) =>
    l.mode === m;
const root: Match = (l) => l.mountpoint === '/';
const notLoopback: Match = (l) => l.device !== 'lo';
const clampPercent = (v: number) => Math.min(100, Math.max(0, v));
const MiB = 1024 * 1024;
/** The InfiniBand port state ACTIVE (IBTA: 1 DOWN, 2 INIT, 3 ARMED, 4 ACTIVE, 5 ACTIVE_DEFER). */
const IB_PORT_ACTIVE = 4;

const entries: CatalogueEntry[] = [
  {
    id: 'cpu.usage',
    group: 'cpu',
    unit: 'percent',
    rate: true,
    from: 'node_cpu_seconds_total{mode="idle"}',
    read: (f) => avg(f, 'node_cpu_seconds_total', mode('idle')),
    fromRate: (r) => clampPercent(100 * (1 - r)),
    promql: '100 * (1 - avg(rate(node_cpu_seconds_total{mode="idle",$sel}[$w])))',
  },
  {
    id: 'cpu.iowait',
    group: 'cpu',
    unit: 'percent',
    rate: true,
    from: 'node_cpu_seconds_total{mode="iowait"}',
    read: (f) => avg(f, 'node_cpu_seconds_total', mode('iowait')),
    fromRate: (r) => clampPercent(100 * r),
    promql: '100 * avg(rate(node_cpu_seconds_total{mode="iowait",$sel}[$w]))',
  },
  {
    id: 'cpu.count',
    group: 'cpu',
    unit: 'count',
    rate: false,
    from: 'node_cpu_seconds_total{mode="idle"}',
    read: (f) => values(f, 'node_cpu_seconds_total', mode('idle')).length || undefined,
    promql: 'count(node_cpu_seconds_total{mode="idle",$sel})',
  },
  ...(['1', '5', '15'] as const).map((m): CatalogueEntry => ({
    id: `cpu.load${m}`,
    group: 'cpu',
    unit: 'load',
    rate: false,
    from: `node_load${m}`,
    read: (f) => max(f, `node_load${m}`),
    promql: `max(node_load${m}{$sel})`,
  })),
  {
    id: 'memory.total',
    group: 'memory',
    unit: 'bytes',
    rate: false,
    from: 'node_memory_MemTotal_bytes',
    read: (f) => max(f, 'node_memory_MemTotal_bytes'),
    promql: 'max(node_memory_MemTotal_bytes{$sel})',
  },
  {
    id: 'memory.used',
    group: 'memory',
    unit: 'bytes',
    rate: false,
    from: 'node_memory_MemTotal_bytes - node_memory_MemAvailable_bytes',
    read: (f) => minus(max(f, 'node_memory_MemTotal_bytes'), max(f, 'node_memory_MemAvailable_bytes')),
    promql: 'max(node_memory_MemTotal_bytes{$sel} - node_memory_MemAvailable_bytes{$sel})',
  },
  {
    id: 'memory.usage',
    group: 'memory',
    unit: 'percent',
    rate: false,
    from: 'node_memory_MemAvailable_bytes / node_memory_MemTotal_bytes',
    read: (f) => usedShare(max(f, 'node_memory_MemTotal_bytes'), max(f, 'node_memory_MemAvailable_bytes')),
    promql: 'max(100 * (1 - node_memory_MemAvailable_bytes{$sel} / node_memory_MemTotal_bytes{$sel}))',
  },
  {
    id: 'memory.swapUsed',
    group: 'memory',
    unit: 'bytes',
    rate: false,
    from: 'node_memory_SwapTotal_bytes - node_memory_SwapFree_bytes',
    read: (f) => minus(max(f, 'node_memory_SwapTotal_bytes'), max(f, 'node_memory_SwapFree_bytes')),
    promql: 'max(node_memory_SwapTotal_bytes{$sel} - node_memory_SwapFree_bytes{$sel})',
  },
  {
    id: 'filesystem.rootUsage',
    group: 'filesystem',
    unit: 'percent',
    rate: false,
    from: 'node_filesystem_avail_bytes{mountpoint="/"} / node_filesystem_size_bytes',
    read: (f) => usedShare(max(f, 'node_filesystem_size_bytes', root), max(f, 'node_filesystem_avail_bytes', root)),
    promql: 'max(100 * (1 - node_filesystem_avail_bytes{mountpoint="/",$sel} / node_filesystem_size_bytes{mountpoint="/",$sel}))',
  },
  {
    id: 'filesystem.rootUsed',
    group: 'filesystem',
    unit: 'bytes',
    rate: false,
    from: 'node_filesystem_size_bytes{mountpoint="/"} - node_filesystem_avail_bytes',
    read: (f) => minus(max(f, 'node_filesystem_size_bytes', root), max(f, 'node_filesystem_avail_bytes', root)),
    promql: 'max(node_filesystem_size_bytes{mountpoint="/",$sel} - node_filesystem_avail_bytes{mountpoint="/",$sel})',
  },
  ...(
    [
      ['disk.readBytes', 'bytesPerSecond', 'node_disk_read_bytes_total'],
      ['disk.writeBytes', 'bytesPerSecond', 'node_disk_written_bytes_total'],
      ['disk.readIops', 'perSecond', 'node_disk_reads_completed_total'],
      ['disk.writeIops', 'perSecond', 'node_disk_writes_completed_total'],
    ] as const
  ).map(([id, unit, name]): CatalogueEntry => ({
    id,
    group: 'disk',
    unit,
    rate: true,
    from: name,
    read: (f) => sum(f, name),
    promql: `sum(rate(${name}{$sel}[$w]))`,
  })),
  ...(
    [
      ['network.receive', 'node_network_receive_bytes_total'],
      ['network.transmit', 'node_network_transmit_bytes_total'],
    ] as const
  ).map(([id, name]): CatalogueEntry => ({
    id,
    group: 'network',
    unit: 'bytesPerSecond',
    rate: true,
    from: `${name}{device!="lo"}`,
    read: (f) => sum(f, name, notLoopback),
    promql: `sum(rate(${name}{device!="lo",$sel}[$w]))`,
  })),
  ...(
    [
      ['infiniband.receive', 'node_infiniband_port_data_received_bytes_total'],
      ['infiniband.transmit', 'node_infiniband_port_data_transmitted_bytes_total'],
    ] as const
  ).map(([id, name]): CatalogueEntry => ({
    id,
    group: 'infiniband',
    unit: 'bytesPerSecond',
    rate: true,
    from: name,
    read: (f) => sum(f, name),
    promql: `sum(rate(${name}{$sel}[$w]))`,
  })),
  // Port states (node_exporter reads /sys/class/infiniband/*/ports/*/state; 4 is ACTIVE): the IB service.
  {
    id: 'infiniband.ports',
    group: 'infiniband',
    unit: 'count',
    rate: false,
    from: 'node_infiniband_state_id (ports)',
    read: (f) => values(f, 'node_infiniband_state_id', all).length || undefined,
    promql: 'count(node_infiniband_state_id{$sel})',
  },
  {
    id: 'infiniband.portsActive',
    group: 'infiniband',
    unit: 'count',
    rate: false,
    from: 'node_infiniband_state_id == 4 (ACTIVE)',
    read: (f) => countWhere(f, ['node_infiniband_state_id'], (v) => v === IB_PORT_ACTIVE),
    promql: `sum(node_infiniband_state_id{$sel} == bool ${IB_PORT_ACTIVE})`,
  },
  ...HARDWARE_ENTRIES,
  {
    id: 'gpu.usage',
    group: 'gpu',
    unit: 'percent',
    rate: false,
    from: 'DCGM_FI_DEV_GPU_UTIL (DCGM exporter, mean of the cards)',
    read: (f) => avg(f, 'DCGM_FI_DEV_GPU_UTIL'),
    promql: 'avg(DCGM_FI_DEV_GPU_UTIL{$sel})',
  },
  {
    id: 'gpu.memoryUsed',
    group: 'gpu',
    unit: 'bytes',
    rate: false,
    from: 'DCGM_FI_DEV_FB_USED (MiB, all cards)',
    read: (f) => {
      const v = sum(f, 'DCGM_FI_DEV_FB_USED');
      return v === undefined ? undefined : v * MiB;
    },
    promql: `sum(DCGM_FI_DEV_FB_USED{$sel}) * ${MiB}`,
  },
  {
    id: 'gpu.temperature',
    group: 'gpu',
    unit: 'celsius',
    rate: false,
    from: 'DCGM_FI_DEV_GPU_TEMP (hottest card)',
    read: (f) => max(f, 'DCGM_FI_DEV_GPU_TEMP'),
    promql: 'max(DCGM_FI_DEV_GPU_TEMP{$sel})',
  },
  {
    id: 'gpu.power',
    group: 'gpu',
    unit: 'watts',
    rate: false,
    from: 'DCGM_FI_DEV_POWER_USAGE (all cards)',
    read: (f) => sum(f, 'DCGM_FI_DEV_POWER_USAGE'),
    promql: 'sum(DCGM_FI_DEV_POWER_USAGE{$sel})',
  },
  ...SWITCH_ENTRIES,
];

export const CATALOGUE: readonly CatalogueEntry[] = entries;
const byId = new Map(entries.map((e) => [e.id, e]));

export const catalogueEntry = (id: string): CatalogueEntry | undefined => byId.get(id);

/** The exporter metric names the catalogue reads: a scrape parses only these families. */
export const CATALOGUE_FAMILIES: ReadonlySet<string> = new Set(
  entries.flatMap((e) =>
    [...e.from.matchAll(/\b(node_[A-Za-z0-9_]+|DCGM_[A-Z0-9_]+|ipmi_[a-z0-9_]+|if[A-Z][A-Za-z0-9]+)/g)].map(
      (m) => m[1] as string,
    ),
  ),
);

/** What the API answers for an entry (the functions stay on the server). */
export const metricInfo = (e: CatalogueEntry): MetricInfo => ({
  id: e.id,
  group: e.group,
  unit: e.unit,
  rate: e.rate,
  from: e.from,
});
