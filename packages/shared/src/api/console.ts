import { z } from 'zod';
import { defineContract } from '../contract.js';
import { PERMISSIONS } from '../roles.js';
import { PASSWORD_STRENGTHS } from '../validation.js';
import { SystemVersionType } from './login.js';

/**
 * Clusters in local access mode run the user's jobs, shell and file operations on the portal's own
 * machine: the console says as whom, and what that means for keeping users apart.
 */
export const LocalAccess = z.object({
  /** The clusters in local access mode. */
  clusters: z.array(z.object({ id: z.string(), name: z.string() })),
  /**
   * perUser: the server runs as root and each user acts as their own POSIX account (the system
   * keeps users apart); shared: every user acts as the server's own account (no separation).
   */
  separation: z.enum(['perUser', 'shared']),
  /** The POSIX account the signed-in user's commands run as on those clusters. */
  account: z.string(),
});
export type LocalAccess = z.infer<typeof LocalAccess>;

export const IndexData = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  currentUser: z.string(),
  userNo: z.number().int(),
  goldEnable: z.boolean(),
  /** Refresh interval in seconds (the spec's spelling). */
  refreshInteval: z.number().int(),
  /** e.g. "HPC Portal V1.0.0.2026": the year is the four characters after the last dot. */
  systemVersion: z.string(),
  systemVersionType: SystemVersionType,
  storageSwitch: z.boolean(),
  /** 'Disable' means the account is disabled. */
  acAccountStatus: z.enum(['Normal', 'Disable']),
  passwordStrength: z.enum(PASSWORD_STRENGTHS),
  efileUrl: z.string(),
  managerServerIP: z.string(),
  /** '1' shows the across-center transfer entry. */
  transfer: z.enum(['0', '1']),
  hybridService: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
  csrfToken: z.string(),
  /** An administrator set a temporary password: the console shows only the change-password screen. */
  mustChangePassword: z.boolean(),
  /** Null when no cluster uses local access mode. */
  localAccess: LocalAccess.nullable(),
});
export type IndexData = z.infer<typeof IndexData>;

export const LangQuery = z.object({ lang: z.enum(['en', 'zh']).optional() });

export const getIndexData = defineContract({
  id: 'console.getIndexData',
  method: 'GET',
  path: '/pageframe/main/getIndexData.action',
  permission: 'session',
  summary: 'Role, user and portal settings the console starts with',
  query: LangQuery,
  data: IndexData,
  duringPasswordChange: true,
});

const menuFields = {
  id: z.string(),
  text: z.string(),
  icon: z.string(),
  menuNo: z.number().int(),
  /** The entry the root path redirects to. */
  defaultPage: z.boolean(),
  /** Route below the base path for internal entries, else the target URL or action. */
  load: z.string(),
  internal: z.boolean(),
  isChild: z.boolean(),
  needArgs: z.boolean(),
  args: z.string(),
  align: z.enum(['left', 'right']),
  uri: z.string(),
  target: z.string(),
};
export const MenuChild = z.object({ ...menuFields, children: z.array(z.never()) });
export const MenuItem = z.object({ ...menuFields, children: z.array(MenuChild) });
export type MenuItem = z.infer<typeof MenuItem>;
export type MenuChild = z.infer<typeof MenuChild>;

export const getMenus = defineContract({
  id: 'console.getMenus',
  method: 'GET',
  path: '/pageframe/main/getMenus.action',
  permission: 'session',
  summary: "The signed-in role's menus, ordered by menuNo, texts in the requested language",
  query: LangQuery,
  data: z.array(MenuItem),
});

export const getOnlineUser = defineContract({
  id: 'console.getOnlineUser',
  method: 'POST',
  path: '/pageframe/main/getOnlineUser.action',
  permission: 'session',
  summary: 'Number of users with an active session',
  data: z.object({ userOnline: z.number().int().nonnegative() }),
  audit: false,
});

export const querySysTime = defineContract({
  id: 'console.querySysTime',
  method: 'GET',
  path: '/pageframe/main/querySysTime.action',
  permission: 'session',
  summary: "The server's clock",
  data: z.object({ sysTime: z.string() }),
});

export const isHybridService = defineContract({
  id: 'console.isHybridService',
  method: 'POST',
  path: '/pageframe/main/isHybridService.action',
  permission: 'public',
  summary: "Whether the portal runs as a hybrid service ('true' or 'false')",
  data: z.enum(['true', 'false']),
  audit: false,
  csrf: false,
});

export const Cluster = z.object({
  id: z.string(),
  name: z.string(),
  /** SLURM or LOCAL. */
  JobManagerType: z.string(),
  JobManagerAddr: z.string(),
  JobManagerPort: z.string(),
});
export type Cluster = z.infer<typeof Cluster>;

export const listCluster = defineContract({
  id: 'console.listCluster',
  method: 'POST',
  path: '/jm_nodemanagement/nodemanagement/listCluster.action',
  permission: 'session',
  summary: 'Configured clusters and their job managers',
  data: z.array(Cluster),
  audit: false,
});
