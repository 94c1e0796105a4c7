import { join, resolve } from 'node:path';
import { z } from 'zod';
import { CLUSTER_ID_PATTERN } from '@portal/shared';
import { metrics } from './metrics-schema.js';
import { storageSystems } from './storage-schema.js';

/*
 * The configuration of one cluster (`clusters[]` in portal.yaml): its scheduler, and how the portal
 * reaches it as a user. Part of ConfigSchema (schema.ts); a new adapter of the cluster layer
 * (metrics, power, desktops) adds its settings here.
 */

const durationText = z.string().regex(/^\d+:[0-5]\d:[0-5]\d$/, 'expected hh:mm:ss');

const localNodes = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z0-9_-]+(\[\d+-\d+\])?$/)
      .describe('Node name, or a range such as node[01-04].'),
    cpus: z.number().int().min(1).describe('Cores per node.'),
    memoryMB: z.number().int().min(1).default(8192).describe('Memory per node in MiB.'),
    gpus: z.number().int().min(0).default(0).describe('GPUs per node.'),
  })
  .strict();

const localPartition = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .describe('Queue name.'),
    nodes: z.array(z.string()).min(1).describe('Node names or ranges of this queue.'),
    default: z.boolean().default(false).describe('The queue jobs go to when none is named.'),
    maxTime: durationText.nullable().default(null).describe('Longest time limit (hh:mm:ss); null = unlimited.'),
    defaultTime: durationText.default('01:00:00').describe('Time limit of jobs that give none.'),
  })
  .strict();

const local = z
  .object({
    nodes: z
      .array(localNodes)
      .min(1)
      .default([{ name: 'node[01-04]', cpus: 8, memoryMB: 16000, gpus: 0 }])
      .describe('Virtual nodes of the built-in scheduler.'),
    partitions: z
      .array(localPartition)
      .min(1)
      .default([{ name: 'compute', nodes: ['node[01-04]'], default: true, maxTime: '24:00:00', defaultTime: '01:00:00' }])
      .describe('Queues of the built-in scheduler.'),
    homeDir: z
      .string()
      .optional()
      .describe(
        "Where each user's folder lives (default <dataDir>/home); jobs run as the user's own POSIX account when the server runs as root, else as the server's account.",
      ),
  })
  .strict()
  .prefault({});

const slurm = z
  .object({
    binDir: z.string().default('/usr/bin').describe('Folder of squeue, sbatch, scontrol, scancel, sinfo, sacct.'),
    commandTimeoutSeconds: z
      .number()
      .int()
      .min(1)
      .default(30)
      .describe('A scheduler command slower than this counts as no answer.'),
    partitionsFile: z
      .string()
      .regex(/^\/[^\0]*$/, 'an absolute path')
      .default('/etc/slurm/portal-partitions.conf')
      .describe(
        "The portal's slurm.conf include file: queues made in the portal are written there after each change, so that they survive a restart of slurmctld (slurm.conf needs `Include <this path>`; docs/queues.md).",
      ),
  })
  .strict()
  .prefault({});

const accessSsh = z
  .object({
    host: z.string().default('127.0.0.1').describe("The cluster's login node."),
    port: z.number().int().min(1).max(65535).default(22).describe('Its SSH port.'),
    hostKeyFingerprint: z
      .string()
      .regex(/^SHA256:[A-Za-z0-9+/]{43}$/)
      .optional()
      .describe(
        'Expected host key (SHA256:..., as `ssh-keygen -lf` prints it). Set it in production: without it any host key is accepted.',
      ),
    idleSeconds: z.number().int().min(1).default(600).describe("A user's pooled connection closes after this long unused."),
    connectTimeoutSeconds: z
      .number()
      .int()
      .min(1)
      .default(10)
      .describe('Give up connecting (and report the node unreachable) after this long.'),
    serviceUser: z
      .string()
      .regex(/^[a-z_][a-z0-9_.-]{0,31}$/i)
      .default('root')
      .describe('Privileged service identity that provisions accounts and keys.'),
    serviceKeyFile: z
      .string()
      .optional()
      .describe('Private key file of the service identity (OpenSSH format). Without it provisioning fails (logged and audited).'),
    createAccounts: z
      .boolean()
      .default(false)
      .describe('Let provisioning create missing POSIX accounts (useradd -m); otherwise the account must exist.'),
  })
  .strict()
  .prefault({});

const access = z
  .object({
    mode: z
      .enum(['local', 'ssh'])
      .default('local')
      .describe(
        "How the portal acts as a user: 'ssh' to the login node as the user's POSIX account, or 'local' on this host (as root: each user's own POSIX account, made at approval; otherwise the server's own account).",
      ),
    ssh: accessSsh.describe('SSH settings (mode: ssh).'),
    roots: z
      .array(z.string().min(1))
      .min(1)
      .default(['~'])
      .describe(
        "Folders users may reach in the file manager: '~' is the home folder, {user} stands for the user name (e.g. /scratch/{user}).",
      ),
  })
  .strict()
  .prefault({});

const desktops = z
  .object({
    enabled: z.boolean().default(true).describe('Offer desktops (TigerVNC as the user) on this cluster.'),
    xvnc: z.string().default('Xvnc').describe("TigerVNC's X server on the node: a program name on PATH or an absolute path."),
    session: z
      .array(z.string().min(1))
      .min(1)
      .default(['openbox'])
      .describe(
        'The window manager the desktop runs (argv); the desktop ends when it exits. A terminal (xterm) is opened beside it.',
      ),
    maxPerUser: z.number().int().min(1).max(50).default(3).describe('Desktops one user may have running at the same time.'),
    nodeHost: z
      .string()
      .min(1)
      .max(255)
      .default('{node}')
      .describe(
        "How the portal reaches a compute node that runs a desktop job: '{node}' is the node's name as the scheduler gives it (resolved on the login node), or one address for every node. The built-in scheduler's nodes are this host.",
      ),
    nativeSsh: z
      .string()
      .regex(/^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/, 'host or host:port')
      .optional()
      .describe(
        "The login node as users reach it with their own ssh (host or host:port), for a native VNC viewer's tunnel (docs/desktops.md). Default: access.ssh's host and port; with local access the native viewer is offered only when this is set.",
      ),
  })
  .strict()
  .prefault({});

const power = z
  .object({
    enabled: z
      .boolean()
      .default(false)
      .describe(
        "Offer power on, off and reboot of this cluster's nodes over IPMI (ipmitool on the portal's host; docs/resources.md).",
      ),
    ipmitool: z.string().default('ipmitool').describe('The ipmitool program: a name on PATH or an absolute path.'),
    interface: z
      .enum(['lanplus', 'lan'])
      .default('lanplus')
      .describe("ipmitool's interface: lanplus (IPMI 2.0, most BMCs) or lan (IPMI 1.5)."),
    timeoutSeconds: z.number().int().min(1).max(120).default(15).describe('How long one ipmitool call may take.'),
    parallel: z.number().int().min(1).max(64).default(8).describe('How many BMCs one bulk action talks to at the same time.'),
  })
  .strict()
  .prefault({});

/** host or host:port; an IPv6 address in brackets ([::1]:22). */
const hostPort = z.string().regex(/^([A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/, 'host or host:port');

const services = z
  .object({
    loginNodes: z
      .array(hostPort)
      .max(64)
      .optional()
      .describe(
        "The login nodes whose SSH servers the login service checks (host or host:port, port 22 by default). Default: access.ssh's host and port with ssh access, none with local access.",
      ),
    ntpServers: z
      .array(hostPort)
      .max(16)
      .default([])
      .describe(
        'The NTP servers the nodes follow (host or host:port, port 123 by default); the NTP service asks each for the time.',
      ),
    ntpMaxOffsetMs: z
      .number()
      .int()
      .min(1)
      .default(1000)
      .describe("How far this host's clock may be from an NTP server's before the NTP service counts as stopped."),
    timeoutSeconds: z.number().int().min(1).max(60).default(5).describe('How long one check may wait for an answer.'),
  })
  .strict()
  .prefault({});

export const ClusterSchema = z
  .object({
    id: z.string().regex(CLUSTER_ID_PATTERN).describe('Identifier used in URLs (clusterId).'),
    name: z.string().describe('Display name.'),
    scheduler: z.enum(['local', 'slurm']).default('local').describe('Job manager type.'),
    address: z.string().default('127.0.0.1').describe('Job manager address.'),
    port: z.number().int().min(0).max(65535).default(0).describe('Job manager port.'),
    pollIntervalSeconds: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('How often the shared job snapshot is refreshed; default: the refresh interval.'),
    local: local.describe('Built-in scheduler settings (scheduler: local).'),
    slurm: slurm.describe('Slurm settings (scheduler: slurm).'),
    access: access.describe('Cluster access: files, shell and commands as the user (docs/cluster-access.md).'),
    desktops: desktops.describe('Remote desktops on the login node (docs/desktops.md).'),
    power: power.describe("Node power over the nodes' BMCs (docs/resources.md)."),
    metrics: metrics.describe('Node and asset metrics: the embedded collector or Prometheus (docs/metrics.md).'),
    services: services.describe('What the service status groups check (docs/services.md).'),
    storage: storageSystems.describe(
      "Parallel and shared storage systems, read from their servers' exporters (docs/storage.md).",
    ),
  })
  .strict();

export type ClusterConfig = z.infer<typeof ClusterSchema>;

/** Where the users' folders of a built-in cluster lie: its local scheduler and local access share them. */
export const localHomeRoot = (dataDir: string, cluster: ClusterConfig): string =>
  resolve(cluster.local.homeDir ?? join(dataDir, 'home'));
