import type {
  STATISTIC_TYPES,
  Asset,
  AssetFields,
  AssetImportReport,
  AssetType,
  RackView,
  ResourceStatistic,
} from '@portal/shared';
import type { ClusterRegistry } from '../../cluster/registry.js';
import type { AssetsTable } from '../../db/types.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import type { Clock } from '../../lib/time.js';
import { assetView } from './asset-view.js';
import { racksOf } from './rack-view.js';
import type { AssetFilter, AssetsRepository, AssetWithParent } from './assets.repository.js';
import * as errors from './resource-errors.js';
import type { AssetImport } from './asset-import.js';
import type { NodeInventory } from './node-inventory.js';
import type { AvailabilityMonitor } from './availability.js';
import type { BmcTarget } from '../../cluster/power/types.js';

/** The BMC's port when the asset names none (IPMI over LAN, RMCP). */
export const IPMI_DEFAULT_PORT = 623;

export interface AssetsDeps {
  repo: AssetsRepository;
  clusters: ClusterRegistry;
  inventory: NodeInventory;
  importer: AssetImport;
  masterKey: Buffer;
  clock: Clock;
  availability: AvailabilityMonitor;
}

/**
 * The asset inventory (docs/resources.md): operators' assets beside the compute nodes imported
 * from each scheduler. An imported node keeps the scheduler's name and type; everything else about
 * it (rack, addresses, BMC) is the operators'.
 */
export class AssetsService {
  constructor(private readonly d: AssetsDeps) {}

  async list(filter: AssetFilter, page: { pageStart: number; pageLimit: number }): Promise<{ total: number; list: Asset[] }> {
    await this.d.inventory.syncAll();
    const r = await this.d.repo.page(filter, { offset: page.pageStart, limit: page.pageLimit });
    return { total: r.total, list: r.rows.map((row) => this.view(row)) };
  }

  async create(input: AssetFields): Promise<Asset> {
    const clusterId = input.clusterId ?? '';
    if (clusterId !== '') this.d.clusters.get(clusterId);
    await this.checkParent(null, input.parentId);
    const now = this.d.clock.now();
    try {
      const id = await this.d.repo.insert({
        ...this.columns(input, null),
        name: input.name,
        type: input.type,
        cluster_id: clusterId,
        source: 'manual',
        in_scheduler: 0,
        created_at: now,
        updated_at: now,
      });
      return await this.get(id);
    } catch (e) {
      if (isUniqueViolation(e)) throw errors.assetExists(input.type, input.name);
      throw e;
    }
  }

  async modify(id: number, input: AssetFields): Promise<Asset> {
    const old = await this.d.repo.byId(id);
    if (!old) throw errors.resourceNotFound(`asset ${id}`);
    const clusterId = input.clusterId ?? '';
    if (old.source === 'scheduler' && (input.name !== old.name || input.type !== old.type || clusterId !== old.cluster_id)) {
      throw errors.assetFromScheduler(old.name);
    }
    if (clusterId !== '') this.d.clusters.get(clusterId);
    await this.checkParent(id, input.parentId);
    try {
      await this.d.repo.update(id, {
        ...this.columns(input, old.ipmi_password_sealed),
        name: input.name,
        type: input.type,
        cluster_id: clusterId,
        updated_at: this.d.clock.now(),
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw errors.assetExists(input.type, input.name);
      throw e;
    }
    return this.get(id);
  }

  async delete(id: number): Promise<string> {
    const old = await this.d.repo.byId(id);
    if (!old) throw errors.resourceNotFound(`asset ${id}`);
    if (old.source === 'scheduler' && old.in_scheduler === 1) throw errors.assetFromScheduler(old.name);
    const children = await this.d.repo.childCount(id);
    if (children > 0) throw errors.assetHasChildren(children);
    await this.d.repo.delete(id);
    return `${old.type} ${old.name}`;
  }

  /** Adds or changes assets from a CSV file, all rows or none; the scheduler's nodes are in the inventory first, so rows can change them. */
  async importCsv(csv: string, dryRun: boolean): Promise<AssetImportReport> {
    await this.d.inventory.syncAll();
    return this.d.importer.run(csv, dryRun);
  }

  /** Every rack with what sits where in it. */
  async racks(room: string | undefined): Promise<RackView[]> {
    await this.d.inventory.syncAll();
    return racksOf(await this.d.repo.racked(room));
  }

  /** Counts by the spec's statistic types, and every asset (totalNum). */
  async statistic(): Promise<ResourceStatistic> {
    await this.d.inventory.syncAll();
    const counts = await this.d.repo.countByType();
    const pick = (t: AssetType) => counts.get(t) ?? 0;
    return {
      ROOM: pick('ROOM'),
      DISKARRAY: pick('DISKARRAY'),
      STORAGESYSTEM: pick('STORAGESYSTEM'),
      GROUP: pick('GROUP'),
      CLUSTER: pick('CLUSTER'),
      BLADECHASSIS: pick('BLADECHASSIS'),
      RACK: pick('RACK'),
      SWITCH: pick('SWITCH'),
      SERVER: pick('SERVER'),
      totalNum: [...counts.values()].reduce((a, b) => a + b, 0),
    } satisfies Record<(typeof STATISTIC_TYPES)[number] | 'totalNum', number>;
  }

  /** A node's BMC with its password unsealed, or null when its asset lacks an address, user or password. */
  async bmcOf(clusterId: string, node: string): Promise<BmcTarget | null> {
    const row = (await this.d.repo.nodesOf(clusterId)).find((r) => r.name === node);
    if (!row?.ipmi_ip || !row.ipmi_user || !row.ipmi_password_sealed) return null;
    return {
      host: row.ipmi_ip,
      port: row.ipmi_port ?? IPMI_DEFAULT_PORT,
      user: row.ipmi_user,
      password: decryptSecret(row.ipmi_password_sealed, this.d.masterKey),
    };
  }

  private async get(id: number): Promise<Asset> {
    const row = await this.d.repo.byId(id);
    if (!row) throw errors.resourceNotFound(`asset ${id}`);
    return this.view(row);
  }

  private view(row: AssetWithParent): Asset {
    return assetView(row, this.d.availability.codes(row));
  }

  /** The form's columns; the password left out keeps the stored one, '' removes it. */
  private columns(input: AssetFields, sealed: string | null) {
    const password = input.ipmiPassword;
    return {
      model: input.model ?? null,
      location: input.location ?? null,
      serial_number: input.serialNumber ?? null,
      manage_ip: input.manageIp ?? null,
      compute_ip: input.computeIp ?? null,
      ipmi_ip: input.ipmiIp ?? null,
      ipmi_port: input.ipmiPort ?? null,
      ipmi_user: input.ipmiUser ?? null,
      ipmi_password_sealed: password === undefined ? sealed : password === '' ? null : encryptSecret(password, this.d.masterKey),
      room: input.room ?? null,
      rack: input.rack ?? null,
      position: input.position ?? null,
      height: input.height ?? null,
      parent_id: input.parentId ?? null,
    } satisfies Partial<Record<keyof AssetsTable, unknown>>;
  }

  /** A parent must exist and must not be the asset itself or sit inside it. */
  private async checkParent(id: number | null, parentId: number | undefined): Promise<void> {
    if (parentId === undefined) return;
    if (parentId === id || !(await this.d.repo.byId(parentId))) throw errors.assetParentInvalid();
    if (id !== null && (await this.d.repo.ancestors(parentId)).includes(id)) throw errors.assetParentInvalid();
  }
}
