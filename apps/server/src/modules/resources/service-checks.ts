import type { ServiceState, ServiceStatus, ServiceStatusGroups } from '@portal/shared';
import { catalogueEntry, type CatalogueEntry } from '../../cluster/metrics/catalogue.js';
import type { ClusterEntry } from '../../cluster/registry.js';
import { probeError, type ServiceProbe } from '../../cluster/services/probe.js';
import { probeNtp } from '../../cluster/services/sntp.js';
import { probeSshBanner } from '../../cluster/services/ssh-banner.js';
import { hostInUrl } from './asset-targets.js';

/*
 * The checks behind the service status groups (docs/services.md), each a real question to the
 * service: the portal's database, each NTP server (SNTP), each node's InfiniBand ports (the latest
 * node_exporter samples of the metric source), the scheduler's daemons, each login node's sshd.
 */

const NTP_PORT = 123;
const SSH_PORT = 22;

/** host, host:port or [v6]:port, with the default port. */
export const splitHostPort = (text: string, defaultPort: number): { host: string; port: number } => {
  const m = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d+))?$/.exec(text);
  if (!m) return { host: text, port: defaultPort };
  return { host: (m[1] ?? m[2]) as string, port: m[3] ? Number(m[3]) : defaultPort };
};

const item = (
  group: keyof ServiceStatusGroups,
  res: { name: string; id: string },
  serviceName: string,
  probes: ServiceProbe[],
  checkedAt: string,
): ServiceStatus => {
  const state = (ok: boolean): ServiceState => (ok ? 'running' : 'stop');
  return {
    metricId: `${group}:${res.id}`,
    serviceStatus: state(probes.length > 0 && probes.every((p) => p.ok)),
    resName: res.name,
    resId: res.id,
    serviceName,
    metricValue: probes.map((p) => ({ subServiceName: p.name, subServiceStatus: state(p.ok), detail: p.detail })),
    checkedAt,
  };
};

export interface CheckContext {
  cluster: ClusterEntry;
  /** Whether the portal's database answers (the sign-in store). */
  pingDatabase: () => Promise<boolean>;
  now: () => number;
}

const timed = async (name: string, check: () => Promise<boolean>, now: () => number): Promise<ServiceProbe> => {
  const start = now();
  try {
    const ok = await check();
    return { name, ok, detail: ok ? `answered in ${now() - start} ms` : 'did not answer' };
  } catch (e) {
    return { name, ok: false, detail: probeError(e) };
  }
};

/** The login nodes: configured, else the ssh access's login node; none with local access. */
export const loginNodesOf = (cluster: ClusterEntry): string[] => {
  const cfg = cluster.config;
  if (cfg.services.loginNodes) return cfg.services.loginNodes;
  if (cfg.access.mode !== 'ssh') return [];
  const { host, port } = cfg.access.ssh;
  return [`${hostInUrl(host)}:${port}`];
};

/** The interval of the source's samples: the IB check reads the last few of them. */
const sampleSeconds = (cluster: ClusterEntry): number =>
  cluster.metrics.kind === 'prometheus'
    ? cluster.config.metrics.prometheus.scrapeIntervalSeconds
    : cluster.config.metrics.intervalSeconds;

const lastValue = (points: readonly { value: number | null }[]): number | null => {
  for (let i = points.length - 1; i >= 0; i--) {
    const value = points[i]?.value;
    if (value !== undefined && value !== null) return value;
  }
  return null;
};

const ibGroup = async (ctx: CheckContext, checkedAt: string): Promise<ServiceStatus[]> => {
  const { cluster } = ctx;
  const snapshot = cluster.snapshot.read();
  // The embedded collector knows its targets; with Prometheus, ask for the scheduler's nodes.
  const resources =
    cluster.metrics.kind === 'embedded'
      ? cluster.metrics.resources()
      : snapshot.ok
        ? snapshot.snapshot.info.nodes.map((n) => n.name)
        : [];
  if (resources.length === 0) return [];
  const metrics = [catalogueEntry('infiniband.ports'), catalogueEntry('infiniband.portsActive')] as CatalogueEntry[];
  const to = ctx.now();
  const from = to - Math.max(60, 4 * sampleSeconds(cluster)) * 1000;
  try {
    const answer = await cluster.metrics.history({ resources, metrics, from, to });
    const byResource = new Map<string, { ports?: number; active?: number }>();
    for (const s of answer.series) {
      const v = lastValue(s.points);
      if (v === null) continue;
      const r = byResource.get(s.resource) ?? {};
      if (s.metric === 'infiniband.ports') r.ports = v;
      else r.active = v;
      byResource.set(s.resource, r);
    }
    return [...byResource]
      .filter(([, r]) => r.ports !== undefined && r.ports > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, r]) => {
        const ports = Math.round(r.ports ?? 0);
        const active = Math.round(r.active ?? 0);
        const probe = { name: 'ports', ok: active >= ports, detail: `${active} of ${ports} ports active` };
        return item('ibService', { name, id: name }, 'InfiniBand', [probe], checkedAt);
      });
  } catch (e) {
    const probe = { name: 'metrics', ok: false, detail: probeError(e) };
    return [item('ibService', { name: cluster.config.name, id: cluster.config.id }, 'InfiniBand', [probe], checkedAt)];
  }
};

const scheduleGroup = async (ctx: CheckContext, checkedAt: string): Promise<ServiceStatus[]> => {
  const { cluster } = ctx;
  const daemons = await cluster.scheduler.services();
  const read = cluster.snapshot.read();
  const snapshot: ServiceProbe = read.ok
    ? {
        name: 'job snapshot',
        ok: true,
        detail: `${read.snapshot.jobs.length} active jobs, taken ${new Date(read.snapshot.takenAt).toISOString()}`,
      }
    : { name: 'job snapshot', ok: false, detail: read.error ?? 'not taken yet' };
  const serviceName = cluster.scheduler.kind === 'slurm' ? 'slurm' : 'built-in scheduler';
  return [
    item('scheduleService', { name: cluster.config.name, id: cluster.config.id }, serviceName, [...daemons, snapshot], checkedAt),
  ];
};

/** Runs every check of the cluster at once; each check has its own timeout, so one slow service does not hold the others. */
export const checkServices = async (ctx: CheckContext): Promise<ServiceStatusGroups> => {
  const { cluster } = ctx;
  const cfg = cluster.config.services;
  const timeoutMs = cfg.timeoutSeconds * 1000;
  const checkedAt = new Date(ctx.now()).toISOString();
  const [database, ntp, ib, schedule, login] = await Promise.all([
    timed('database', ctx.pingDatabase, ctx.now),
    Promise.all(
      cfg.ntpServers.map(async (server) => {
        const { host, port } = splitHostPort(server, NTP_PORT);
        const probe = await probeNtp('time', host, port, timeoutMs, cfg.ntpMaxOffsetMs);
        return item('ntpService', { name: host, id: `${host}:${port}` }, 'ntp', [probe], checkedAt);
      }),
    ),
    ibGroup(ctx, checkedAt),
    scheduleGroup(ctx, checkedAt),
    Promise.all(
      loginNodesOf(cluster).map(async (node) => {
        const { host, port } = splitHostPort(node, SSH_PORT);
        const probe = await probeSshBanner('sshd', host, port, timeoutMs);
        return item('loginService', { name: host, id: `${host}:${port}` }, 'sshd', [probe], checkedAt);
      }),
    ),
  ]);
  return {
    userAuthService: [item('userAuthService', { name: 'portal', id: 'portal' }, 'sign-in', [database], checkedAt)],
    ntpService: ntp,
    ibService: ib,
    scheduleService: schedule,
    loginService: login,
  };
};
