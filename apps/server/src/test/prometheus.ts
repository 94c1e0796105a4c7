import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Real metric parts for tests: Debian's prometheus-node-exporter and prometheus, each on a free
 * loopback port, Prometheus scraping the exporter every second with the label node="<resource>"
 * (docs/metrics.md). Self-contained: the parity test and the browser tests start their own.
 */

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });

const need = (program: string, pkg: string) => {
  if (spawnSync(program, ['--version'], { stdio: 'ignore' }).status !== 0)
    throw new Error(`${program} is missing: apt-get install ${pkg} (scripts/test-all.sh installs it)`);
};

const running = (program: string, args: string[]): { child: ChildProcess; exited: Promise<void>; output: () => string } => {
  const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
  });
  child.once('error', () => undefined);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, output: () => output };
};

const waitFor = async (what: string, ok: () => Promise<boolean>, output: () => string, timeoutMs = 60_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await ok().catch(() => false))) {
    if (Date.now() > end) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

export interface TestNodeExporter {
  url: string;
  stop(): Promise<void>;
}

export const startNodeExporter = async (): Promise<TestNodeExporter> => {
  need('prometheus-node-exporter', 'prometheus-node-exporter');
  const port = await freePort();
  const p = running('prometheus-node-exporter', [`--web.listen-address=127.0.0.1:${port}`]);
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

/** Prometheus scraping each target every second, labelled node="<resource>". */
export const startPrometheus = async (targets: { resource: string; address: string }[]): Promise<TestPrometheus> => {
  need('prometheus', 'prometheus');
  const dir = mkdtempSync(join(tmpdir(), 'portal-prometheus-'));
  const scrape = targets
    .map((t) => `      - targets: ['${t.address}']\n        labels:\n          node: '${t.resource}'`)
    .join('\n');
  writeFileSync(
    join(dir, 'prometheus.yml'),
    `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nscrape_configs:\n  - job_name: node\n    static_configs:\n${scrape}\n`,
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
