import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, need, running, waitFor } from './daemons.js';

/*
 * Real metric parts for tests: Debian's prometheus-node-exporter and prometheus, each on a free
 * loopback port, Prometheus scraping the exporter every second with the label node="<resource>"
 * (docs/metrics.md). Self-contained: the parity test and the browser tests start their own.
 */

export interface TestNodeExporter {
  url: string;
  stop(): Promise<void>;
}

/** node_exporter on a free port; with `sysfs`, it reads that folder as /sys (an InfiniBand fixture, say). */
export const startNodeExporter = async (opts: { sysfs?: string } = {}): Promise<TestNodeExporter> => {
  need('prometheus-node-exporter', 'prometheus-node-exporter');
  const port = await freePort();
  const sysfs = opts.sysfs ? [`--path.sysfs=${opts.sysfs}`] : [];
  const p = running('prometheus-node-exporter', [`--web.listen-address=127.0.0.1:${port}`, ...sysfs]);
  const url = `http://127.0.0.1:${port}/metrics`;
  await waitFor('node_exporter', async () => (await fetch(url)).ok, p.output);
  return {
    url,
    stop: async () => {
      p.child.kill('SIGTERM');
      await p.exited;
    },
  };
};

export interface TestPrometheus {
  url: string;
  stop(): Promise<void>;
}

/**
 * Prometheus scraping each target every second (or every `intervalSeconds`: a BMC takes a while to
 * answer), labelled node="<resource>"; a URL with a path or query (snmp_exporter's /snmp?target=)
 * gets its own job.
 */
export const startPrometheus = async (
  targets: { resource: string; url: string; intervalSeconds?: number }[],
): Promise<TestPrometheus> => {
  need('prometheus', 'prometheus');
  const dir = mkdtempSync(join(tmpdir(), 'portal-prometheus-'));
  const jobs = targets.map((t, i) => {
    const u = new URL(t.url);
    const params = [...u.searchParams].map(([k, v]) => `      ${k}: ['${v}']`).join('\n');
    return [
      `  - job_name: job${i}`,
      `    metrics_path: '${u.pathname}'`,
      ...(t.intervalSeconds ? [`    scrape_interval: ${t.intervalSeconds}s`, `    scrape_timeout: ${t.intervalSeconds}s`] : []),
      ...(params ? ['    params:', params] : []),
      '    static_configs:',
      `      - targets: ['${u.host}']`,
      `        labels:`,
      `          node: '${t.resource}'`,
    ].join('\n');
  });
  writeFileSync(
    join(dir, 'prometheus.yml'),
    `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nscrape_configs:\n${jobs.join('\n')}\n`,
  );
  const port = await freePort();
  const p = running('prometheus', [
    `--config.file=${join(dir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${join(dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
  ]);
  const url = `http://127.0.0.1:${port}`;
  await waitFor('prometheus', async () => (await fetch(`${url}/-/ready`)).ok, p.output);
  return {
    url,
    stop: async () => {
      p.child.kill('SIGTERM');
      await p.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
