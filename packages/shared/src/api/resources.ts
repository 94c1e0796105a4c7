import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput, zInt, zList, zOptionalText } from '../input.js';
import { METRIC_CHECK_STATES, MetricException } from '../node-health.js';
import { ClusterId, Ok, OptionalClusterId, Timestamp } from './common.js';

/*
 * Resources (issue 15, docs/resources.md): the asset inventory of spec section 3 "Resource and
 * asset", the compute nodes kept in step with the scheduler, the node state view, and power on,
 * off and reboot over IPMI (spec sections 1, 4 and 8).
 */

/** Asset types of spec section 3; the statistic's groups (ROOM, GROUP, CLUSTER...) are types too. */
export const ASSET_TYPES = [
  'SERVER',
  'SWITCH',
  'RACK',
  'ROOM',
  'DISKARRAY',
  'STORAGESYSTEM',
  'BLADECHASSIS',
  'BLADE',
  'FAN',
  'POWER',
  'NIC',
  'MEMORY',
  'LOGICALDISK',
  'PHYSICALDISK',
  'RAIDCARD',
  'SWITCHPORT',
  'PARASTORNODE',
  'FILESYSTEM',
  'MGR',
  'OSTOR',
  'OPARA',
  'OCNAS',
  'GPU',
  'DCU',
  'MIC',
  'MLU',
  'BASTION',
  'FIREWALL',
  'VPN',
  'WAF',
  'GROUP',
  'CLUSTER',
] as const;
export const AssetType = z.enum(ASSET_TYPES);
export type AssetType = z.infer<typeof AssetType>;

/** The resource statistic's keys (spec section 3), in its order. */
export const STATISTIC_TYPES = [
  'ROOM',
  'DISKARRAY',
  'STORAGESYSTEM',
  'GROUP',
  'CLUSTER',
  'BLADECHASSIS',
  'RACK',
  'SWITCH',
  'SERVER',
] as const satisfies readonly AssetType[];

/** Power of a node as the BMC says, or a transient state while the portal's action runs (spec section 4). */
export const POWER_STATES = ['on', 'off', 'starting', 'stopping', 'unknown'] as const;
export const PowerState = z.enum(POWER_STATES);
export type PowerState = z.infer<typeof PowerState>;

/**
 * Availability of an address (spec section 4): '1' available, '0' not available, '' unknown (not
 * checked yet), '2' not configured (the spec's -1 means the same; the portal answers 2).
 */
export const AVAILABILITY_CODES = ['1', '0', '', '2'] as const;
export const AvailabilityCode = z.enum(AVAILABILITY_CODES);
export type AvailabilityCode = z.infer<typeof AvailabilityCode>;

/** An IPv4/IPv6 address or host name, as the asset form takes it. */
const Address = z
  .string()
  .trim()
  .max(255)
  .regex(/^[A-Za-z0-9.:_-]+$/, 'not an address');
/** Free text of the form: at most 128 characters (spec section 9: description max 128). */
const Text = z.string().trim().max(128);

export const AssetInput = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[^\s/\\]+$/, 'no spaces or slashes'),
  type: AssetType,
  clusterId: OptionalClusterId,
  model: zOptionalText(Text),
  location: zOptionalText(Text),
  serialNumber: zOptionalText(Text),
  manageIp: zOptionalText(Address),
  computeIp: zOptionalText(Address),
  /** The BMC's address; with `ipmiUser` and `ipmiPassword` it lets the portal switch the node's power. */
  ipmiIp: zOptionalText(Address),
  ipmiPort: z.union([z.literal('').transform(() => undefined), zInt().pipe(z.number().min(1).max(65535))]).optional(),
  ipmiUser: zOptionalText(z.string().max(32)),
  /** Write only: left out, the stored password stays; '' removes it. Sealed at rest, never answered. */
  ipmiPassword: z.string().max(64).optional(),
  room: zOptionalText(Text),
  rack: zOptionalText(Text),
  /** The lowest rack unit the asset occupies (1 at the bottom). */
  position: z.union([z.literal('').transform(() => undefined), zInt().pipe(z.number().min(1).max(60))]).optional(),
  /** Height in rack units. */
  height: z.union([z.literal('').transform(() => undefined), zInt().pipe(z.number().min(1).max(60))]).optional(),
  /** The asset it sits in (a blade's chassis, a card's server). */
  parentId: z.union([z.literal('').transform(() => undefined), zInt().pipe(z.number().min(1))]).optional(),
});
export type AssetInput = z.input<typeof AssetInput>;
/** The asset form as the server receives it (blanks removed). */
export type AssetFields = z.output<typeof AssetInput>;

export const Asset = z.object({
  id: z.number().int(),
  name: z.string(),
  type: AssetType,
  clusterId: z.string().nullable(),
  model: z.string().nullable(),
  location: z.string().nullable(),
  serialNumber: z.string().nullable(),
  manageIp: z.string().nullable(),
  computeIp: z.string().nullable(),
  ipmiIp: z.string().nullable(),
  ipmiPort: z.number().int().nullable(),
  ipmiUser: z.string().nullable(),
  /** Whether a BMC password is stored (the password itself never leaves the server). */
  ipmiPasswordSet: z.boolean(),
  room: z.string().nullable(),
  rack: z.string().nullable(),
  position: z.number().int().nullable(),
  height: z.number().int().nullable(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  /** scheduler: a compute node imported from the cluster's scheduler; manual: entered by an operator. */
  source: z.enum(['scheduler', 'manual']),
  /** For imported nodes: whether the scheduler still lists the node. */
  inScheduler: z.boolean(),
  /** The BMC answers the RMCP presence ping (docs/resources.md, "Availability"). */
  ipmiAvailable: AvailabilityCode,
  /** The management address answers on the network. */
  manageAvailable: AvailabilityCode,
  /** The compute address answers on the network. */
  computeAvailable: AvailabilityCode,
  updatedAt: Timestamp,
});
export type Asset = z.infer<typeof Asset>;

export const AssetQuery = PagingInput.extend({
  type: z.union([z.literal('').transform(() => undefined), AssetType]).optional(),
  clusterId: OptionalClusterId,
  /** Part of the name, an address or the serial number. */
  keyword: zOptionalText(z.string().max(64)),
});

export const AssetIdParams = z.object({ id: zInt().pipe(z.number().int().min(1)) });

export const resourcesListAssets = defineContract({
  id: 'resources.listAssets',
  method: 'GET',
  path: '/resource/api/assets',
  permission: 'resources:read',
  summary: 'The asset inventory (compute nodes are imported from each scheduler first)',
  query: AssetQuery,
  data: Page(Asset),
});

export const resourcesCreateAsset = defineContract({
  id: 'resources.createAsset',
  method: 'POST',
  path: '/resource/api/assets',
  permission: 'resources:manage',
  summary: 'Adds an asset',
  body: AssetInput,
  data: Asset,
});

export const resourcesModifyAsset = defineContract({
  id: 'resources.modifyAsset',
  method: 'PUT',
  path: '/resource/api/assets/:id',
  permission: 'resources:manage',
  summary: "Changes an asset (an imported node's name and type stay the scheduler's)",
  params: AssetIdParams,
  body: AssetInput,
  data: Asset,
});

export const resourcesDeleteAsset = defineContract({
  id: 'resources.deleteAsset',
  method: 'DELETE',
  path: '/resource/api/assets/:id',
  permission: 'resources:manage',
  summary: 'Removes an asset; refused while other assets sit in it or the scheduler still lists it',
  params: AssetIdParams,
  data: Ok,
});

const Count = z.number().int().nonnegative();
export const ResourceStatistic = z.object({
  ROOM: Count,
  DISKARRAY: Count,
  STORAGESYSTEM: Count,
  GROUP: Count,
  CLUSTER: Count,
  BLADECHASSIS: Count,
  RACK: Count,
  SWITCH: Count,
  SERVER: Count,
  /** Every asset, of any type. */
  totalNum: Count,
});
export type ResourceStatistic = z.infer<typeof ResourceStatistic>;

/** The columns of an asset CSV: the form's fields, and `parent` (the name of the asset it sits in). */
export const ASSET_CSV_COLUMNS = [
  'name',
  'type',
  'clusterId',
  'model',
  'location',
  'serialNumber',
  'manageIp',
  'computeIp',
  'ipmiIp',
  'ipmiPort',
  'ipmiUser',
  'ipmiPassword',
  'room',
  'rack',
  'position',
  'height',
  'parent',
] as const;
/** The largest CSV one import takes (inside the server's 1 MiB request body, with room for JSON's escapes). */
export const ASSET_CSV_MAX_BYTES = 768 * 1024;
export const ASSET_CSV_MAX_ROWS = 5_000;

export const AssetImportReport = z.object({
  /** Data rows in the file. */
  total: z.number().int(),
  /** Assets added and changed (an existing asset of the same cluster, type and name is changed); 0 when any row is refused. */
  created: z.number().int(),
  updated: z.number().int(),
  /** Nothing was written: the file was only checked. */
  dryRun: z.boolean(),
  /** Each refused row with its reasons; when any is refused, nothing is imported. */
  refused: z.array(z.object({ row: z.number().int(), name: z.string(), reasons: z.array(z.string()) })),
});
export type AssetImportReport = z.infer<typeof AssetImportReport>;

export const resourcesImportAssets = defineContract({
  id: 'resources.importAssets',
  method: 'POST',
  path: '/resource/api/assets/import',
  permission: 'resources:manage',
  summary: 'Adds or changes assets from a CSV file: all rows or none, with the reasons of each refused row',
  body: z.object({
    csv: z.string().min(1).max(ASSET_CSV_MAX_BYTES),
    /** Only check the file and report. */
    dryRun: z.boolean().optional().default(false),
  }),
  data: AssetImportReport,
});

export const resourcesStatistic = defineContract({
  id: 'resources.statistic',
  method: 'POST',
  path: '/monitor/getResourceStatistic.action',
  permission: 'resources:read',
  summary: "Assets counted by the spec's types, and all assets (totalNum)",
  data: ResourceStatistic,
  audit: false,
});

/** A rack's height in units when its asset gives none (the common 42U rack). */
export const RACK_DEFAULT_UNITS = 42;

export const RackItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: AssetType,
  /** Lowest unit; null when the asset names the rack but no position. */
  position: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type RackItem = z.infer<typeof RackItem>;

export const RackView = z.object({
  name: z.string(),
  room: z.string().nullable(),
  /** Units: the rack asset's height, else RACK_DEFAULT_UNITS. */
  units: z.number().int(),
  /** The RACK asset, or null when assets name a rack the inventory does not hold. */
  assetId: z.number().int().nullable(),
  items: z.array(RackItem),
});
export type RackView = z.infer<typeof RackView>;

export const resourcesListRacks = defineContract({
  id: 'resources.listRacks',
  method: 'GET',
  path: '/resource/api/racks',
  permission: 'resources:read',
  summary: "Every rack with what sits where in it (by the assets' rack, position and height)",
  query: z.object({ room: zOptionalText(z.string().max(128)) }),
  data: z.object({ list: z.array(RackView) }),
});

/** The state view's states and colours (spec section 4). */
export const NODE_VIEW_STATES = ['exclusive', 'free', 'busy', 'down', 'offline', 'unknown', 'mix'] as const;
export type NodeViewState = (typeof NODE_VIEW_STATES)[number];

export const NodeJob = z.object({ jobId: z.string(), user: z.string(), name: z.string() });

export const NodeView = z.object({
  name: z.string(),
  /** The scheduler's own word (idle, mixed, allocated, down, drained...). */
  schedulerState: z.string(),
  state: z.enum(NODE_VIEW_STATES),
  cpus: z.number().int(),
  cpusAlloc: z.number().int(),
  gpus: z.number().int(),
  gpusAlloc: z.number().int(),
  memoryMB: z.number().int(),
  partitions: z.array(z.string()),
  /** Jobs running on the node now (the power confirmation names them). */
  jobs: z.array(NodeJob),
  /** The node does not answer its scheduler (Slurm's `*`): shown as down. */
  notResponding: z.boolean(),
  /** Why the scheduler has it down or drained ('' when it says nothing), and since when. */
  reason: z.string(),
  reasonSince: Timestamp.nullable(),
  /** Where it stands, from the inventory (its rack field, else a rack it sits in). */
  rack: z.string().nullable(),
  assetId: z.number().int().nullable(),
  /** Whether the node's asset has a BMC address, user and password. */
  hasBmc: z.boolean(),
  /** The last power state read or set; null before any. */
  power: PowerState.nullable(),
  /** Limits its latest metrics crossed (clusters[].metrics.nodeExceptions); empty when none or not read. */
  metricExceptions: z.array(MetricException),
});
export type NodeView = z.infer<typeof NodeView>;

export const NodeList = z.object({
  nodes: z.array(NodeView),
  counts: z.object({
    exclusive: Count,
    free: Count,
    busy: Count,
    down: Count,
    offline: Count,
    unknown: Count,
    mix: Count,
  }),
  /** Whether power actions are configured for the cluster (clusters[].power.enabled). */
  powerEnabled: z.boolean(),
  /** Whether the scheduler can drain a node before a power off (Slurm can; the built-in one has no real nodes). */
  drainSupported: z.boolean(),
  /** Whether the nodes' latest metrics were checked against the limits. */
  metricCheck: z.enum(METRIC_CHECK_STATES),
});
export type NodeList = z.infer<typeof NodeList>;

export const resourcesListNodes = defineContract({
  id: 'resources.listNodes',
  method: 'GET',
  path: '/resource/api/nodes',
  permission: 'resources:read',
  summary: "The state view: the scheduler's nodes with their state, jobs and last power state",
  query: z.object({ clusterId: OptionalClusterId }),
  data: NodeList,
});

const NodeName = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'not a node name');
/** How many nodes one power call may name. */
export const POWER_NODES_MAX = 200;

export const PowerReading = z.object({
  node: z.string(),
  power: PowerState,
  /** Why the BMC could not be read or switched (spec section 8's IPMI text), else absent. */
  error: z.string().optional(),
  reason: z.string().optional(),
});
export type PowerReading = z.infer<typeof PowerReading>;

export const resourcesReadPower = defineContract({
  id: 'resources.readPower',
  method: 'POST',
  path: '/resource/api/nodes/power/status',
  permission: 'resources:read',
  summary: 'Reads the power state of nodes from their BMCs',
  body: z.object({ clusterId: OptionalClusterId, nodes: zList(NodeName).pipe(z.array(NodeName).min(1).max(POWER_NODES_MAX)) }),
  data: z.object({ list: z.array(PowerReading) }),
  audit: false,
});

export const POWER_ACTIONS = ['on', 'off', 'reboot'] as const;
export type PowerAction = (typeof POWER_ACTIONS)[number];

export const resourcesPowerNodes = defineContract({
  id: 'resources.powerNodes',
  method: 'POST',
  path: '/resource/api/nodes/power',
  permission: 'resources:power',
  summary: 'Powers nodes on, off or reboots them over IPMI; with drain, the scheduler drains them first',
  body: z.object({
    clusterId: ClusterId.optional(),
    nodes: zList(NodeName).pipe(z.array(NodeName).min(1).max(POWER_NODES_MAX)),
    action: z.enum(POWER_ACTIONS),
    /** Before a power off: drain the nodes in the scheduler so no new job starts there. */
    drain: z.boolean().optional().default(false),
  }),
  data: z.object({ list: z.array(PowerReading) }),
});
