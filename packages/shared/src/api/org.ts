import { z } from 'zod';
import { defineContract } from '../contract.js';
import { zInt } from '../input.js';
import { Ok } from './common.js';

/*
 * Companies and departments (spec section 1): a tree. Companies stand at the top; departments sit
 * in a company or in another department. A user belongs to one department (or company).
 */

export const ORG_UNIT_KINDS = ['company', 'department'] as const;
export const OrgUnitKind = z.enum(ORG_UNIT_KINDS);
export type OrgUnitKind = z.infer<typeof OrgUnitKind>;

/** Letters (Chinese too), digits, blanks and - _ . & ( ), 1-64 characters. */
export const ORG_UNIT_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} _.&()-]{0,63}$/u;
const OrgUnitName = z.string().trim().regex(ORG_UNIT_NAME_PATTERN, 'not a name');

export const OrgUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: OrgUnitKind,
  parentId: z.number().int().nullable(),
  /** Users, accounts and units directly in it. */
  userCount: z.number().int().nonnegative(),
  accountCount: z.number().int().nonnegative(),
  childCount: z.number().int().nonnegative(),
});
export type OrgUnit = z.infer<typeof OrgUnit>;

export const listOrgUnits = defineContract({
  id: 'org.listOrgUnits',
  method: 'GET',
  path: '/jm_accountmanagement/api/orgunits',
  permission: 'accounts:read',
  summary: 'Every company and department, each with its parent and what it holds (a flat list of the tree, by name)',
  data: z.object({ list: z.array(OrgUnit) }),
});

const parentRef = z.union([z.literal('').transform(() => null), z.null(), zInt().pipe(z.number().int().min(1))]).optional();

export const CreateOrgUnitBody = z.object({
  name: OrgUnitName,
  kind: OrgUnitKind,
  /** Required for a department (a company or department); a company has none. */
  parentId: parentRef,
});
export type CreateOrgUnitBody = z.input<typeof CreateOrgUnitBody>;

export const createOrgUnit = defineContract({
  id: 'org.createOrgUnit',
  method: 'POST',
  path: '/jm_accountmanagement/api/orgunits',
  permission: 'org:manage',
  summary: 'Create a company, or a department in a company or department (names are unique among siblings)',
  body: CreateOrgUnitBody,
  data: OrgUnit,
});

export const OrgUnitParams = z.object({ id: zInt().pipe(z.number().int().min(1)) });

export const ModifyOrgUnitBody = z.object({
  name: OrgUnitName.optional(),
  /** Move a department under another company or department (never below itself). */
  parentId: parentRef,
});
export type ModifyOrgUnitBody = z.input<typeof ModifyOrgUnitBody>;

export const modifyOrgUnit = defineContract({
  id: 'org.modifyOrgUnit',
  method: 'PUT',
  path: '/jm_accountmanagement/api/orgunits/:id',
  permission: 'org:manage',
  summary: 'Rename a company or department, or move a department',
  params: OrgUnitParams,
  body: ModifyOrgUnitBody,
  data: OrgUnit,
});

export const deleteOrgUnit = defineContract({
  id: 'org.deleteOrgUnit',
  method: 'DELETE',
  path: '/jm_accountmanagement/api/orgunits/:id',
  permission: 'org:manage',
  summary: 'Delete an empty company or department (one holding departments, users or accounts is refused, saying what it holds)',
  params: OrgUnitParams,
  data: Ok,
});
