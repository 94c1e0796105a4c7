import { ErrCode, type CreateOrgUnitBody, type OrgUnit } from '@portal/shared';
import type { OrgUnitRow } from '../../db/types.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/time.js';
import { OrgTree } from './org-tree.js';
import type { OrgRepository, UnitContents } from './org.repository.js';

const notFound = (id: number) =>
  new AppError(ErrCode.PARAM_INVALID, 'orgUnitNotFound', `No company or department has the id ${id}`, { status: 404 });
const badParent = (message: string) => new AppError(ErrCode.PARAM_INVALID, 'orgUnitBadParent', message);
const exists = (name: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'orgUnitExists', `${name} already exists there`, { status: 409 });

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 departments, 3 users and 1 account" (only what there is). */
const describeContents = (c: UnitContents): string => {
  const parts = [
    c.departments ? plural(c.departments, 'department', 'departments') : '',
    c.users ? plural(c.users, 'user', 'users') : '',
    c.accounts ? plural(c.accounts, 'account', 'accounts') : '',
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}` : (parts[0] ?? '');
};

const EMPTY: UnitContents = { departments: 0, users: 0, accounts: 0 };

/** Companies and departments: a tree with companies at the top. */
export class OrgService {
  constructor(
    private readonly repo: OrgRepository,
    private readonly clock: Clock,
    /** Called after a rename or move: accounts name their unit in the schedulers (the background synchronisation). */
    private readonly changed: () => void = () => {},
  ) {}

  async tree(): Promise<OrgTree> {
    return new OrgTree(await this.repo.all());
  }

  async exists(id: number): Promise<boolean> {
    return (await this.repo.findById(id)) !== undefined;
  }

  private toItem(u: OrgUnitRow, c: UnitContents = EMPTY): OrgUnit {
    return {
      id: Number(u.id),
      name: u.name,
      kind: u.kind,
      parentId: u.parent_id === null ? null : Number(u.parent_id),
      userCount: c.users,
      accountCount: c.accounts,
      childCount: c.departments,
    };
  }

  private async item(id: number): Promise<OrgUnit> {
    const u = await this.repo.findById(id);
    if (!u) throw notFound(id);
    return this.toItem(u, (await this.repo.contents()).get(id));
  }

  async list(): Promise<{ list: OrgUnit[] }> {
    const [units, contents] = await Promise.all([this.repo.all(), this.repo.contents()]);
    return { list: units.map((u) => this.toItem(u, contents.get(Number(u.id)))) };
  }

  private async assertFreeName(parentId: number | null, name: string, exceptId?: number): Promise<void> {
    if (await this.repo.siblingNamed(parentId, name, exceptId)) throw exists(name);
  }

  async create(body: { name: string; kind: CreateOrgUnitBody['kind']; parentId?: number | null | undefined }): Promise<OrgUnit> {
    const parentId = body.parentId ?? null;
    if (body.kind === 'company' && parentId !== null) throw badParent('A company stands at the top: it has no parent');
    if (body.kind === 'department') {
      if (parentId === null) throw badParent('A department belongs to a company or department: choose its parent');
      if (!(await this.repo.findById(parentId))) throw notFound(parentId);
    }
    await this.assertFreeName(parentId, body.name);
    // The index has the last word when two administrators create the same name at once.
    const row = await this.repo
      .insert({ name: body.name, kind: body.kind, parent_id: parentId, created_at: this.clock.now() })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? exists(body.name) : err;
      });
    return this.toItem(row);
  }

  async modify(id: number, change: { name?: string | undefined; parentId?: number | null | undefined }): Promise<OrgUnit> {
    const unit = await this.repo.findById(id);
    if (!unit) throw notFound(id);
    let parentId = unit.parent_id === null ? null : Number(unit.parent_id);
    if (change.parentId !== undefined && change.parentId !== parentId) {
      if (unit.kind === 'company') throw badParent('A company stands at the top: it cannot be moved');
      if (change.parentId === null) throw badParent('A department belongs to a company or department: choose its parent');
      const tree = await this.tree();
      if (!tree.get(change.parentId)) throw notFound(change.parentId);
      if (tree.subtree(id).has(change.parentId)) throw badParent(`${unit.name} cannot move into itself or a department below it`);
      parentId = change.parentId;
    }
    const name = change.name ?? unit.name;
    await this.assertFreeName(parentId, name, id);
    await this.repo.update(id, { name, parent_id: parentId }).catch((err: unknown) => {
      throw isUniqueViolation(err) ? exists(name) : err;
    });
    this.changed();
    return this.item(id);
  }

  async delete(id: number): Promise<string> {
    const unit = await this.repo.findById(id);
    if (!unit) throw notFound(id);
    const held = (await this.repo.contents()).get(id) ?? EMPTY;
    if (held.departments || held.users || held.accounts)
      throw new AppError(
        ErrCode.PARAM_INVALID,
        'orgUnitNotEmpty',
        `${unit.name} still holds ${describeContents(held)}: move or remove them first`,
        { status: 409, extra: { ...held } },
      );
    await this.repo.delete(id);
    return unit.name;
  }
}
