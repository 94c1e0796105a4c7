import { readFile, statfs } from 'node:fs/promises';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import type { Families, Labels } from './exposition.js';

/*
 * builtin:host: this host's own figures, named as node_exporter names them, so the catalogue
 * reads them the same way. It is how the embedded defaults show metrics with no exporter
 * installed; a real node runs node_exporter.
 */

type Sample = { labels: Labels; value: number };

const meminfo = async (): Promise<Map<string, number>> => {
  const out = new Map<string, number>();
  try {
    for (const line of (await readFile('/proc/meminfo', 'utf8')).split('\n')) {
      const m = /^(\w+):\s+(\d+)\s*kB/.exec(line);
      if (m) out.set(m[1] as string, Number(m[2]) * 1024);
    }
  } catch {
    // Not Linux: os.totalmem/freemem below.
  }
  return out;
};

const netdev = async (): Promise<{ rx: Sample[]; tx: Sample[] }> => {
  const rx: Sample[] = [];
  const tx: Sample[] = [];
  try {
    for (const line of (await readFile('/proc/net/dev', 'utf8')).split('\n').slice(2)) {
      const m = /^\s*([^:\s]+):\s*(.*)$/.exec(line);
      if (!m) continue;
      const cols = (m[2] as string).trim().split(/\s+/).map(Number);
      rx.push({ labels: { device: m[1] as string }, value: cols[0] ?? 0 });
      tx.push({ labels: { device: m[1] as string }, value: cols[8] ?? 0 });
    }
  } catch {
    // No /proc/net/dev: no network figures.
  }
  return { rx, tx };
};

/** node_exporter's default: no RAM disks, loop devices, floppies or partitions (their disk counts them). */
const NOT_A_DISK = /^(z?ram|loop|fd|(h|s|v|xv)d[a-z]|nvme\d+n\d+p)\d+$/;
/** /proc/diskstats counts sectors of 512 bytes, whatever the disk's own sector size. */
const SECTOR = 512;

const diskstats = async (): Promise<Map<string, Sample[]>> => {
  const out = new Map<string, Sample[]>();
  const add = (name: string, device: string, value: number) =>
    out.set(name, [...(out.get(name) ?? []), { labels: { device }, value }]);
  try {
    for (const line of (await readFile('/proc/diskstats', 'utf8')).split('\n')) {
      const cols = line.trim().split(/\s+/);
      const device = cols[2];
      if (!device || cols.length < 10 || NOT_A_DISK.test(device)) continue;
      add('node_disk_reads_completed_total', device, Number(cols[3]));
      add('node_disk_read_bytes_total', device, Number(cols[5]) * SECTOR);
      add('node_disk_writes_completed_total', device, Number(cols[7]));
      add('node_disk_written_bytes_total', device, Number(cols[9]) * SECTOR);
    }
  } catch {
    // No /proc/diskstats: no disk figures.
  }
  return out;
};

export const sampleHost = async (): Promise<Families> => {
  const f = new Map<string, Sample[]>();
  f.set(
    'node_cpu_seconds_total',
    cpus().flatMap((c, i) =>
      (['user', 'nice', 'sys', 'idle', 'irq'] as const).map((mode) => ({
        labels: { cpu: String(i), mode: mode === 'sys' ? 'system' : mode },
        value: c.times[mode] / 1000,
      })),
    ),
  );
  const [l1, l5, l15] = loadavg();
  f.set('node_load1', [{ labels: {}, value: l1 ?? 0 }]);
  f.set('node_load5', [{ labels: {}, value: l5 ?? 0 }]);
  f.set('node_load15', [{ labels: {}, value: l15 ?? 0 }]);
  const mem = await meminfo();
  const one = (name: string, v: number | undefined) => {
    if (v !== undefined) f.set(name, [{ labels: {}, value: v }]);
  };
  one('node_memory_MemTotal_bytes', mem.get('MemTotal') ?? totalmem());
  one('node_memory_MemAvailable_bytes', mem.get('MemAvailable') ?? freemem());
  one('node_memory_SwapTotal_bytes', mem.get('SwapTotal'));
  one('node_memory_SwapFree_bytes', mem.get('SwapFree'));
  try {
    const s = await statfs('/');
    const root = { mountpoint: '/' };
    f.set('node_filesystem_size_bytes', [{ labels: root, value: s.blocks * s.bsize }]);
    f.set('node_filesystem_free_bytes', [{ labels: root, value: s.bfree * s.bsize }]);
    f.set('node_filesystem_avail_bytes', [{ labels: root, value: s.bavail * s.bsize }]);
  } catch {
    // statfs unavailable: no filesystem figures.
  }
  const { rx, tx } = await netdev();
  f.set('node_network_receive_bytes_total', rx);
  f.set('node_network_transmit_bytes_total', tx);
  for (const [name, samples] of await diskstats()) f.set(name, samples);
  return f;
};
