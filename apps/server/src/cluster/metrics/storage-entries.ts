import type { StorageSystemConfig } from '../../config/storage-schema.js';
import type { CatalogueEntry } from './catalogue.js';
import { sum } from './catalogue-read.js';
import type { Families, Labels } from './exposition.js';

/*
 * The series of a storage system on each of its servers, read like the catalogue's (a function over
 * one scrape for the embedded collector, PromQL for Prometheus) but bound to the system's mount
 * point and disks. Their ids carry the system's name (`storage.total@scratch`): two systems served
 * by one machine keep apart, and the catalogue's own ids never clash with them.
 */

export const STORAGE_SERIES = ['total', 'used', 'free', 'readIops', 'writeIops', 'readThroughput', 'writeThroughput'] as const;
export type StorageSeries = (typeof STORAGE_SERIES)[number];

export const storageMetricId = (storage: string, series: StorageSeries): string => `storage.${series}@${storage}`;

/** The exposition families storage series read, beyond the catalogue's. */
export const STORAGE_FAMILIES: ReadonlySet<string> = new Set([
  'node_filesystem_size_bytes',
  'node_filesystem_free_bytes',
  'node_filesystem_avail_bytes',
  'node_disk_reads_completed_total',
  'node_disk_writes_completed_total',
  'node_disk_read_bytes_total',
  'node_disk_written_bytes_total',
]);

const DISK_COUNTERS = [
  ['readIops', 'node_disk_reads_completed_total', 'perSecond'],
  ['writeIops', 'node_disk_writes_completed_total', 'perSecond'],
  ['readThroughput', 'node_disk_read_bytes_total', 'bytesPerSecond'],
  ['writeThroughput', 'node_disk_written_bytes_total', 'bytesPerSecond'],
] as const;

/** A label value inside PromQL double quotes (Go string escapes are a superset of JSON's). */
const quote = (v: string) => JSON.stringify(v);
const regexEscape = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The six series of one storage system, as catalogue entries. */
export const storageEntries = (s: StorageSystemConfig): CatalogueEntry[] => {
  const mounted = (l: Labels) => l.mountpoint === s.mountpoint;
  const devices = s.devices ? new Set(s.devices) : undefined;
  const onDisks = (l: Labels) => !devices || devices.has(l.device ?? '');
  const mountSel = `mountpoint=${quote(s.mountpoint)}`;
  const deviceSel = s.devices ? `,device=~${quote(s.devices.map(regexEscape).join('|'))}` : '';
  // One file system per mount point; a mount point listed twice (bind mounts) is the same one.
  const at = (f: Families, name: string) => {
    const v = (f.get(name) ?? []).filter((x) => mounted(x.labels)).map((x) => x.value);
    return v.length === 0 ? undefined : Math.max(...v);
  };
  const fs = (series: 'total' | 'used' | 'free', from: string, read: CatalogueEntry['read'], promql: string): CatalogueEntry => ({
    id: storageMetricId(s.name, series),
    group: 'filesystem',
    unit: 'bytes',
    rate: false,
    from,
    read,
    promql,
  });
  // As df counts: used is what is taken (blocks not free), free is what users may still write
  // (blocks available to them); the blocks reserved for root are in neither.
  return [
    fs(
      'total',
      'node_filesystem_size_bytes',
      (f) => at(f, 'node_filesystem_size_bytes'),
      `max(node_filesystem_size_bytes{${mountSel},$sel})`,
    ),
    fs(
      'used',
      'node_filesystem_size_bytes - node_filesystem_free_bytes',
      (f) => {
        const size = at(f, 'node_filesystem_size_bytes');
        const free = at(f, 'node_filesystem_free_bytes');
        return size === undefined || free === undefined ? undefined : size - free;
      },
      `max(node_filesystem_size_bytes{${mountSel},$sel} - node_filesystem_free_bytes{${mountSel},$sel})`,
    ),
    fs(
      'free',
      'node_filesystem_avail_bytes',
      (f) => at(f, 'node_filesystem_avail_bytes'),
      `max(node_filesystem_avail_bytes{${mountSel},$sel})`,
    ),
    ...DISK_COUNTERS.map(([series, name, unit]): CatalogueEntry => ({
      id: storageMetricId(s.name, series),
      group: 'disk',
      unit,
      rate: true,
      from: name,
      read: (f) => sum(f, name, onDisks),
      promql: `sum(rate(${name}{$sel${deviceSel}}[$w]))`,
    })),
  ];
};

/** The storage entries each server is scraped for: a server of two systems has both's. */
export const storageEntriesByServer = (systems: readonly StorageSystemConfig[]): Map<string, CatalogueEntry[]> => {
  const out = new Map<string, CatalogueEntry[]>();
  for (const s of systems) {
    const entries = storageEntries(s);
    for (const server of s.servers) out.set(server, [...(out.get(server) ?? []), ...entries]);
  }
  return out;
};
