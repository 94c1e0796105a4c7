import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import {
  ASSET_CSV_COLUMNS,
  ASSET_CSV_MAX_ROWS,
  AssetInput,
  ErrCode,
  type AssetFields,
  type AssetImportReport,
} from '@portal/shared';
import type { ClusterRegistry } from '../../cluster/registry.js';
import type { AssetRow, Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { encryptSecret } from '../../lib/crypto.js';
import type { Clock } from '../../lib/time.js';
import { AssetsRepository } from './assets.repository.js';

type Cells = Record<string, string>;

interface Planned {
  row: number;
  fields: AssetFields;
  parentName: string | undefined;
  existing: AssetRow | undefined;
}

const csvInvalid = (detail: string, extra: Record<string, unknown> = {}) =>
  new AppError(ErrCode.PARAM_INVALID, 'csvInvalid', `The CSV file cannot be imported: ${detail}`, {
    status: 400,
    extra: { detail, ...extra },
  });

const keyOf = (clusterId: string, type: string, name: string) => `${clusterId}\u0000${type}\u0000${name}`;

/** The cells as the form would send them; an imported node's scheduler fields come from the row it changes. */
const readCells = (cells: Cells): Cells => Object.fromEntries(Object.entries(cells).filter(([k]) => k !== 'parent'));

/**
 * Adds or changes assets from a CSV file (docs/resources.md): every row is checked as the asset
 * form is (and for duplicates, its cluster and its parent) before anything is written; one refused
 * row refuses the file, so nothing is half-imported. A row naming an existing asset (same cluster,
 * type and name) changes it, with its empty cells keeping what is stored: the way to give the
 * scheduler's nodes their rack places and BMCs in one go. Then all rows are written in one
 * transaction, parents last (they may be rows of the same file).
 */
export class AssetImport {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clusters: ClusterRegistry,
    private readonly masterKey: Buffer,
    private readonly clock: Clock,
  ) {}

  async run(csv: string, dryRun: boolean): Promise<AssetImportReport> {
    const rows = this.parse(csv);
    const repo = new AssetsRepository(this.db);
    const all = await repo.all();
    const byKey = new Map(all.map((a) => [keyOf(a.cluster_id, a.type, a.name), a]));
    const refused: AssetImportReport['refused'] = [];
    const planned: Planned[] = [];
    const seen = new Map<string, number>();
    rows.forEach((cells, i) => {
      const row = i + 2; // The header is line 1.
      const reasons: string[] = [];
      const parsed = AssetInput.safeParse(readCells(cells));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) reasons.push(`${issue.path.join('.') || 'row'}: ${issue.message}`);
        refused.push({ row, name: cells.name ?? '', reasons });
        return;
      }
      const fields = parsed.data;
      const clusterId = fields.clusterId ?? '';
      if (clusterId && !this.clusters.all().some((c) => c.config.id === clusterId))
        reasons.push(`clusterId: no cluster ${clusterId}`);
      const key = keyOf(clusterId, fields.type, fields.name);
      const earlier = seen.get(key);
      if (earlier !== undefined) reasons.push(`name: the same asset as row ${earlier}`);
      seen.set(key, row);
      if (reasons.length > 0) refused.push({ row, name: fields.name, reasons });
      else planned.push({ row, fields, parentName: cells.parent?.trim() || undefined, existing: byKey.get(key) });
    });
    this.checkParents(planned, all, refused);
    refused.sort((a, b) => a.row - b.row);
    const created = planned.filter((p) => !p.existing).length;
    const report = { total: rows.length, created, updated: planned.length - created, dryRun, refused };
    if (refused.length > 0) return { ...report, created: 0, updated: 0 };
    if (!dryRun) await this.write(planned, all);
    return report;
  }

  private parse(csv: string): Cells[] {
    let rows: Cells[];
    try {
      rows = parse(csv, { columns: true, bom: true, trim: true, skip_empty_lines: true, to: ASSET_CSV_MAX_ROWS + 1 });
    } catch (e) {
      throw csvInvalid(e instanceof Error ? e.message : String(e));
    }
    if (rows.length > ASSET_CSV_MAX_ROWS) throw csvInvalid(`more than ${ASSET_CSV_MAX_ROWS} rows`);
    const header = Object.keys(rows[0] ?? {});
    const known: readonly string[] = ASSET_CSV_COLUMNS;
    const unknown = header.filter((c) => !known.includes(c));
    if (unknown.length > 0) throw csvInvalid(`unknown columns ${unknown.join(', ')}`, { columns: unknown });
    if (rows.length > 0 && (!header.includes('name') || !header.includes('type')))
      throw csvInvalid('the header needs the columns name and type');
    return rows;
  }

  /** A parent is named by a unique name among this file's rows and the stored assets, and makes no loop. */
  private checkParents(planned: Planned[], all: AssetRow[], refused: AssetImportReport['refused']) {
    // Every asset after the import, by a key: stored ones by id, new rows by row.
    const node = (p: Planned) => (p.existing ? `id:${p.existing.id}` : `row:${p.row}`);
    const named = new Map<string, Set<string>>();
    const add = (name: string, key: string) => named.set(name, (named.get(name) ?? new Set()).add(key));
    for (const a of all) add(a.name, `id:${a.id}`);
    for (const p of planned) add(p.fields.name, node(p));
    const parentOf = new Map<string, string>();
    for (const a of all) if (a.parent_id !== null) parentOf.set(`id:${a.id}`, `id:${a.parent_id}`);
    const bad = new Map<Planned, string>();
    for (const p of planned) {
      if (!p.parentName) continue;
      const found = [...(named.get(p.parentName) ?? [])];
      if (found.length !== 1)
        bad.set(
          p,
          found.length === 0
            ? `parent: no asset named ${p.parentName}`
            : `parent: ${found.length} assets are named ${p.parentName}`,
        );
      else parentOf.set(node(p), found[0] as string);
    }
    for (const p of planned) {
      if (!p.parentName || bad.has(p)) continue;
      const seen = new Set([node(p)]);
      for (let at = parentOf.get(node(p)); at !== undefined; at = parentOf.get(at)) {
        if (seen.has(at)) {
          bad.set(p, `parent: ${p.parentName} sits inside ${p.fields.name}`);
          break;
        }
        seen.add(at);
      }
    }
    for (const [p, reason] of bad) refused.push({ row: p.row, name: p.fields.name, reasons: [reason] });
  }

  private async write(planned: Planned[], all: AssetRow[]) {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const repo = new AssetsRepository(trx);
      const ids = new Map<string, number>(all.map((a) => [a.name, Number(a.id)]));
      const written: [Planned, number][] = [];
      for (const p of planned) {
        const f = p.fields;
        const given = {
          model: f.model,
          location: f.location,
          serial_number: f.serialNumber,
          manage_ip: f.manageIp,
          compute_ip: f.computeIp,
          ipmi_ip: f.ipmiIp,
          ipmi_port: f.ipmiPort,
          ipmi_user: f.ipmiUser,
          ipmi_password_sealed: f.ipmiPassword ? encryptSecret(f.ipmiPassword, this.masterKey) : undefined,
          room: f.room,
          rack: f.rack,
          position: f.position,
          height: f.height,
        };
        // Empty cells keep what is stored.
        const set = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
        if (p.existing) {
          await repo.update(Number(p.existing.id), { ...set, updated_at: now });
          written.push([p, Number(p.existing.id)]);
        } else {
          const id = await repo.insert({
            ...set,
            name: f.name,
            type: f.type,
            cluster_id: f.clusterId ?? '',
            source: 'manual',
            in_scheduler: 0,
            created_at: now,
            updated_at: now,
          });
          written.push([p, id]);
        }
      }
      for (const [p, id] of written) ids.set(p.fields.name, id);
      for (const [p, id] of written)
        if (p.parentName) await repo.update(id, { parent_id: ids.get(p.parentName) ?? null, updated_at: now });
    });
  }
}
