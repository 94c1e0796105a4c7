import { describe, expect, it } from 'vitest';
import {
  can,
  normalizeRoleId,
  PERMISSIONS,
  permissionsOf,
  Role,
  ROLE_IDS,
  roleName,
  routeSetOf,
  type Permission,
  type RoleName,
  type RouteSet,
} from './roles.js';

/* Spec section 6: roles and permissions. */

const ALL_ROLES: readonly [RoleName, number][] = [
  ['user', 10002],
  ['super', 10003],
  ['hpc', 10004],
  ['opt', 10005],
  ['viewer', 10006],
  ['admin', 10008],
  ['auditor', 10009],
];

describe('role ids', () => {
  it('are exactly the table of the spec', () => {
    expect(Object.entries(Role)).toEqual(ALL_ROLES);
    expect(ROLE_IDS).toEqual(ALL_ROLES.map(([, id]) => id));
  });

  it.each(ALL_ROLES)('%s is %d', (name, id) => {
    expect(roleName(id)).toBe(name);
  });
});

describe('normalizeRoleId (unknown ids become user)', () => {
  it.each(ALL_ROLES)('keeps %s (%d)', (_name, id) => {
    expect(normalizeRoleId(id)).toBe(id);
  });

  it.each<[input: number | string, expected: number]>([
    ['10008', 10008],
    ['10009', 10009],
    ['10002', 10002],
  ])('reads the string %j as %d', (input, expected) => {
    expect(normalizeRoleId(input)).toBe(expected);
  });

  it.each<[input: number | string | null | undefined, why: string]>([
    [10001, 'unassigned id below the table'],
    [10007, 'gap in the table'],
    [10010, 'above the table'],
    [0, 'zero'],
    [-1, 'negative'],
    [Number.NaN, 'NaN'],
    [10008.5, 'fraction'],
    ['abc', 'not a number'],
    ['', 'empty string'],
    ['admin', 'a role name is not an id'],
    [null, 'null'],
    [undefined, 'undefined'],
  ])('turns %j (%s) into user 10002', (input) => {
    expect(normalizeRoleId(input)).toBe(Role.user);
    expect(roleName(input)).toBe('user');
  });
});

describe('routeSetOf (user → user, auditor → auditor, all others → admin)', () => {
  it.each<[role: number, expected: RouteSet]>([
    [Role.user, 'user'],
    [Role.auditor, 'auditor'],
    [Role.super, 'admin'],
    [Role.hpc, 'admin'],
    [Role.opt, 'admin'],
    [Role.viewer, 'admin'],
    [Role.admin, 'admin'],
    // unknown ids become user first
    [99999, 'user'],
    [0, 'user'],
  ])('%d → %s', (role, expected) => {
    expect(routeSetOf(role)).toBe(expected);
  });
});

describe('can()', () => {
  const roles = ALL_ROLES.map(([, id]) => id);

  it.each(roles)("'public' is open to %d", (role) => {
    expect(can(role, 'public')).toBe(true);
  });

  it.each(roles)("'session' is held by %d", (role) => {
    expect(can(role, 'session')).toBe(true);
  });

  it("'public' is open to unknown ids too", () => {
    expect(can(12345, 'public')).toBe(true);
  });

  type Grant = readonly [permission: Permission, role: number, expected: boolean, why: string];

  it.each<Grant>([
    // viewer: no public key import or private key download
    ['keys:manage', Role.viewer, false, 'viewer cannot import or download keys'],
    ['keys:manage', Role.user, true, 'user manages own keys'],
    ['keys:manage', Role.admin, true, 'admin manages keys'],
    ['keys:manage', Role.super, true, 'super manages keys'],
    ['keys:manage', Role.hpc, true, 'hpc manages keys'],
    ['keys:manage', Role.opt, true, 'opt manages keys'],
    ['keys:manage', Role.auditor, true, 'auditor is not restricted by the spec'],
    // viewer and user: no system config
    ['system:config', Role.viewer, false, 'viewer has no system config'],
    ['system:config', Role.user, false, 'user has no system config'],
    ['system:config', Role.admin, true, 'admin configures the system'],
    ['system:config', Role.super, true, 'super configures the system'],
    // user: no FAQ download
    ['downloads:faq', Role.user, false, 'user has no FAQ download'],
    // resources: operators keep the inventory and switch power; the viewer only reads
    ['resources:read', Role.viewer, true, 'viewer reads the inventory'],
    ['resources:read', Role.user, false, 'user has no resource views'],
    ['resources:read', Role.auditor, false, 'auditor only audits'],
    ['resources:power', Role.opt, true, 'the operator switches power'],
    ['resources:power', Role.viewer, false, 'viewer changes nothing'],
    ['resources:power', Role.hpc, false, 'power is for operators and administrators'],
    ['resources:manage', Role.opt, true, 'the operator keeps the inventory'],
    ['resources:manage', Role.user, false, 'user keeps no inventory'],
    ['downloads:faq', Role.viewer, true, 'viewer downloads the FAQ'],
    ['downloads:faq', Role.admin, true, 'admin downloads the FAQ'],
    ['downloads:faq', Role.auditor, true, 'auditor downloads the FAQ'],
  ])('%s for %d is %s (%s)', (permission, role, expected) => {
    expect(can(role, permission)).toBe(expected);
  });

  it.each<[role: number, expected: boolean]>([
    [Role.admin, true],
    [Role.super, true],
    [Role.user, false],
    [Role.hpc, false],
    [Role.opt, false],
    [Role.viewer, false],
    [Role.auditor, false],
  ])('users:approve (administrator roles only): %d → %s', (role, expected) => {
    expect(can(role, 'users:approve')).toBe(expected);
  });

  it.each<[role: number, expected: boolean]>([
    [Role.auditor, true],
    [Role.admin, true],
    [Role.super, true],
    [Role.user, false],
    [Role.hpc, false],
    [Role.opt, false],
    [Role.viewer, false],
  ])('audit:read: %d → %s', (role, expected) => {
    expect(can(role, 'audit:read')).toBe(expected);
  });

  it('treats an unknown id as user', () => {
    for (const p of PERMISSIONS) expect(can(4242, p)).toBe(can(Role.user, p));
  });
});

describe('permissionsOf', () => {
  it.each(ALL_ROLES)('lists exactly what can() grants to %s', (_name, id) => {
    expect(permissionsOf(id)).toEqual(PERMISSIONS.filter((p) => p !== 'public' && can(id, p)));
  });

  it('gives user its own jobs, keys, accounts (members of those it owns), quotas, applications and reports, nothing of administration', () => {
    expect(permissionsOf(Role.user)).toEqual([
      'session',
      'keys:manage',
      'jobs:read',
      'jobs:submit',
      'jobs:act',
      'files:read',
      'files:write',
      'shell:open',
      'desktops:use',
      'citrix:use',
      'accounts:read',
      'accounts:members',
      'quotas:read',
      'applications:create',
      'applications:review',
      'reports:read',
      'bills:read',
    ]);
  });

  it('gives super every permission', () => {
    expect(permissionsOf(Role.super)).toEqual(PERMISSIONS.filter((p) => p !== 'public'));
  });
});

describe("job permissions (issue: users see their own jobs, job admins everyone's, viewer reads only)", () => {
  it.each(['super', 'hpc', 'opt', 'admin'] as const)('%s sees and acts on every job and sets priorities', (name) => {
    for (const p of ['jobs:read', 'jobs:readAll', 'jobs:submit', 'jobs:act', 'jobs:actAll', 'jobs:priority'] as const)
      expect(can(Role[name], p)).toBe(true);
  });
  it('viewer reads every job and changes none', () => {
    expect(can(Role.viewer, 'jobs:readAll')).toBe(true);
    for (const p of ['jobs:submit', 'jobs:act', 'jobs:actAll', 'jobs:priority'] as const) expect(can(Role.viewer, p)).toBe(false);
  });
  it('user submits and acts on its own jobs only', () => {
    expect(can(Role.user, 'jobs:act')).toBe(true);
    expect(can(Role.user, 'jobs:actAll')).toBe(false);
    expect(can(Role.user, 'jobs:readAll')).toBe(false);
  });
  it('auditor has no jobs', () => {
    expect(can(Role.auditor, 'jobs:read')).toBe(false);
  });
});

describe('file permissions (E-File acts as the user: viewer reads, auditor has none)', () => {
  it('viewer browses and downloads but changes nothing', () => {
    expect(can(Role.viewer, 'files:read')).toBe(true);
    expect(can(Role.viewer, 'files:write')).toBe(false);
  });
  it('auditor has no files', () => {
    expect(can(Role.auditor, 'files:read')).toBe(false);
    expect(can(Role.auditor, 'files:write')).toBe(false);
  });
});
