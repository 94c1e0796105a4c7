/** Role ids of spec section 6. */
export const Role = {
  user: 10002,
  super: 10003,
  hpc: 10004,
  opt: 10005,
  viewer: 10006,
  admin: 10008,
  auditor: 10009,
} as const;

export type RoleName = keyof typeof Role;
export type RoleId = (typeof Role)[RoleName];

export const ROLE_IDS = Object.values(Role) as RoleId[];

const roleNames = Object.fromEntries(Object.entries(Role).map(([n, id]) => [id, n])) as Record<RoleId, RoleName>;

/** Unknown ids become user (spec section 6). */
export const normalizeRoleId = (id: number | string | null | undefined): RoleId => {
  const n = Number(id);
  return (ROLE_IDS as number[]).includes(n) ? (n as RoleId) : Role.user;
};

export const roleName = (id: number | string | null | undefined): RoleName => roleNames[normalizeRoleId(id)];

/** Client route sets: user and auditor have their own, every other role gets the admin set. */
export type RouteSet = 'user' | 'auditor' | 'admin';
export const routeSetOf = (id: number): RouteSet => {
  const role = normalizeRoleId(id);
  if (role === Role.user) return 'user';
  if (role === Role.auditor) return 'auditor';
  return 'admin';
};

/**
 * Permissions an endpoint can require. `public` needs no session; `session` any signed-in user.
 */
export const PERMISSIONS = [
  'public',
  'session',
  'keys:manage',
  'users:approve',
  'users:manage',
  'audit:read',
  'system:config',
  'downloads:faq',
  'downloads:manage',
  'jobs:read',
  'jobs:readAll',
  'jobs:submit',
  'jobs:act',
  'jobs:actAll',
  'jobs:priority',
  'files:read',
  'files:write',
  'shell:open',
  'desktops:use',
  'citrix:use',
  'accounts:read',
  'accounts:readAll',
  'accounts:members',
  'accounts:manage',
  'org:manage',
  'queues:manage',
  'quotas:read',
  'quotas:manage',
  'applications:create',
  'applications:review',
  'reports:read',
  'reports:readAll',
  'bills:read',
  'bills:readAll',
  'bills:manage',
  'resources:read',
  'resources:manage',
  'resources:power',
  'alarms:read',
  'alarms:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const everyone = ROLE_IDS;
/** Roles that run the cluster: they see and act on everyone's jobs. */
const jobAdmins: readonly RoleId[] = [Role.super, Role.hpc, Role.opt, Role.admin];
const grants: Record<Exclude<Permission, 'public'>, readonly RoleId[]> = {
  session: everyone,
  // Spec section 6: viewer has no public key import or private key download.
  'keys:manage': everyone.filter((r) => r !== Role.viewer),
  // Approving pending users implies an administrator role.
  'users:approve': [Role.admin, Role.super],
  'users:manage': [Role.admin, Role.super],
  'audit:read': [Role.auditor, Role.admin, Role.super],
  // System config is hidden for user and viewer; the auditor only audits.
  'system:config': [Role.admin, Role.super, Role.hpc, Role.opt],
  // FAQ download is offered to everyone but role user.
  'downloads:faq': everyone.filter((r) => r !== Role.user),
  // Putting client tools and the FAQ on the portal is an administrator's work.
  'downloads:manage': [Role.admin, Role.super],
  // The auditor only audits; the viewer reads everything and changes nothing.
  'jobs:read': everyone.filter((r) => r !== Role.auditor),
  'jobs:readAll': [...jobAdmins, Role.viewer],
  'jobs:submit': [Role.user, ...jobAdmins],
  'jobs:act': [Role.user, ...jobAdmins],
  'jobs:actAll': jobAdmins,
  'jobs:priority': jobAdmins,
  // Files and shell act as the user's own POSIX account. The auditor only audits; the viewer
  // browses and downloads but changes nothing and has no WebShell (spec section 6).
  'files:read': everyone.filter((r) => r !== Role.auditor),
  'files:write': everyone.filter((r) => r !== Role.auditor && r !== Role.viewer),
  'shell:open': everyone.filter((r) => r !== Role.auditor && r !== Role.viewer),
  // Desktops run as the user's own account, like the shell: not for the auditor or the viewer.
  'desktops:use': everyone.filter((r) => r !== Role.auditor && r !== Role.viewer),
  'citrix:use': everyone.filter((r) => r !== Role.auditor && r !== Role.viewer), // as desktops; section 6 limits only the client download
  // Accounts: everyone but the auditor reads their own; job admins and the viewer read all; owners
  // (PIs) manage their own accounts' members (the service checks ownership); administrators
  // create accounts and shape the organisation.
  'accounts:read': everyone.filter((r) => r !== Role.auditor),
  'accounts:readAll': [...jobAdmins, Role.viewer],
  'accounts:members': everyone.filter((r) => r !== Role.auditor && r !== Role.viewer),
  'accounts:manage': [Role.admin, Role.super],
  'org:manage': [Role.admin, Role.super],
  // Queues (partitions) are changed through the scheduler's service identity: administrators only.
  'queues:manage': [Role.admin, Role.super],
  // Quotas: everyone but the auditor reads their own (roles that read all accounts read all);
  // administrators set them. Users apply for more; an account's owner (PI) or an administrator
  // decides (the service checks which: never the applicant).
  'quotas:read': everyone.filter((r) => r !== Role.auditor),
  'quotas:manage': [Role.admin, Role.super],
  'applications:create': everyone.filter((r) => r !== Role.auditor && r !== Role.viewer),
  'applications:review': everyone.filter((r) => r !== Role.auditor && r !== Role.viewer),
  // Usage reports: a user their own jobs and their accounts' (as PI); who reads every job reads every report.
  'reports:read': everyone.filter((r) => r !== Role.auditor),
  'reports:readAll': [...jobAdmins, Role.viewer],
  // Bills as reports: a user their own jobs' and their accounts' (as member or PI); who reads every
  // job reads every bill. Prices, account classes, deposits and issuing bills: administrators.
  'bills:read': everyone.filter((r) => r !== Role.auditor),
  'bills:readAll': [...jobAdmins, Role.viewer],
  'bills:manage': [Role.admin, Role.super],
  // Resources (issue 15): who runs the cluster and the viewer read the inventory and the nodes;
  // operators keep the inventory and switch power (administrators too).
  'resources:read': [...jobAdmins, Role.viewer],
  'resources:manage': [Role.opt, Role.admin, Role.super],
  'resources:power': [Role.opt, Role.admin, Role.super],
  // Alarms (issue 16): who reads the resources reads their alarms; operators set the thresholds.
  'alarms:read': [...jobAdmins, Role.viewer],
  'alarms:manage': [Role.opt, Role.admin, Role.super],
};

/** Whether a role holds a permission. */
export const can = (roleId: number, permission: Permission): boolean => {
  if (permission === 'public') return true;
  return grants[permission].includes(normalizeRoleId(roleId));
};

/** Every permission a role holds (besides `public`), for the client's ability checks. */
export const permissionsOf = (roleId: number): Permission[] => PERMISSIONS.filter((p) => p !== 'public' && can(roleId, p));
