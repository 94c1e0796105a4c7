import type { Permission, RouteSet } from './roles.js';

/**
 * A page of the console (spec section 2): its path below the base path, the route sets that
 * contain it and the permission it needs. The server's menus and the web's routes both read this
 * list, so a page's audience is declared once.
 */
export interface ConsolePage {
  path: string;
  sets: readonly RouteSet[];
  permission?: Permission;
}

export const CONSOLE_PAGES = [
  { path: 'overview', sets: ['user', 'admin'] },
  { path: 'my-job/current-job', sets: ['user', 'admin'], permission: 'jobs:read' },
  { path: 'my-job/current-job/jobDetails', sets: ['user', 'admin'], permission: 'jobs:read' },
  { path: 'my-job/history-job', sets: ['user', 'admin'], permission: 'jobs:read' },
  { path: 'my-job/history-job/historyDetails', sets: ['user', 'admin'], permission: 'jobs:read' },
  { path: 'my-job/submit', sets: ['user', 'admin'], permission: 'jobs:submit' },
  { path: 'my-job/output', sets: ['user', 'admin'], permission: 'jobs:read' },
  { path: 'job/job-view', sets: ['user', 'admin'], permission: 'jobs:read' },
  { path: 'account/personal', sets: ['user', 'auditor', 'admin'] },
  { path: 'account/pending-users', sets: ['admin'], permission: 'users:approve' },
  { path: 'account/users', sets: ['admin'], permission: 'users:manage' },
  { path: 'account/org-units', sets: ['admin'], permission: 'org:manage' },
  { path: 'account/accounts', sets: ['admin'], permission: 'accounts:readAll' },
  { path: 'account/my-accounts', sets: ['user', 'admin'], permission: 'accounts:read' },
  { path: 'account/applications', sets: ['user', 'admin'], permission: 'applications:create' },
  { path: 'my-resource/walltime-apply', sets: ['user'], permission: 'applications:create' },
  { path: 'account/audit-log', sets: ['auditor', 'admin'], permission: 'audit:read' },
  { path: 'job-resource/queue-manage', sets: ['admin'], permission: 'queues:manage' },
  { path: 'job-resource/queue-manage/add/addQueue/account', sets: ['admin'], permission: 'queues:manage' },
  { path: 'job-resource/queue-manage/add/modify/account', sets: ['admin'], permission: 'queues:manage' },
  { path: 'job-resource/node-manage/node-view', sets: ['admin'], permission: 'resources:read' },
  { path: 'job-resource/node-manage/node-error', sets: ['admin'], permission: 'resources:read' },
  { path: 'job-resource/node-manage/multi-node-exception', sets: ['admin'], permission: 'resources:read' },
  { path: 'manage/resourceManage/assets', sets: ['admin'], permission: 'resources:read' },
  { path: 'manage/resourceManage/racks', sets: ['admin'], permission: 'resources:read' },
  { path: 'manage/resourceManage/metric-backtrack', sets: ['admin'], permission: 'resources:read' },
  { path: 'manage/resourceManage/parastor', sets: ['admin'], permission: 'resources:read' },
  { path: 'manage/resourceManage/server', sets: ['admin'], permission: 'resources:read' },
  { path: 'manage/resourceManage/switch', sets: ['admin'], permission: 'resources:read' },
  { path: 'manage/resourceManage/chassis', sets: ['admin'], permission: 'resources:read' },
  { path: 'manage/alarmManage/alarm-overview', sets: ['admin'], permission: 'alarms:read' },
  { path: 'manage/alarmManage/threshold-templates', sets: ['admin'], permission: 'alarms:read' },
  { path: 'manage/alarmManage/alarm-list', sets: ['admin'], permission: 'alarms:read' },
  { path: 'manage/alarmManage/aggregation-rules', sets: ['admin'], permission: 'alarms:read' },
  { path: 'manage/alarmManage/notification-rules', sets: ['admin'], permission: 'alarms:read' },
  { path: 'manage/alarmManage/notification-records', sets: ['admin'], permission: 'alarms:read' },
  { path: 'my-report/usage', sets: ['user', 'admin'], permission: 'reports:read' },
  { path: 'my-report/my-bill-detail', sets: ['user', 'admin'], permission: 'bills:read' },
  { path: 'my-report/my-bill-statistics', sets: ['user', 'admin'], permission: 'bills:read' },
  { path: 'my-report/bills', sets: ['user', 'admin'], permission: 'bills:read' },
  { path: 'my-report/balances', sets: ['user', 'admin'], permission: 'bills:read' },
  { path: 'my-report/prices', sets: ['user', 'admin'], permission: 'bills:read' },
  { path: 'ac-my-app', sets: ['user', 'admin'], permission: 'desktops:use' },
  { path: 'config/systemconfig', sets: ['admin'], permission: 'system:config' },
] as const satisfies readonly ConsolePage[];

export type ConsolePagePath = (typeof CONSOLE_PAGES)[number]['path'];

/** The console page at a path, if it is one. */
export const consolePage = (path: string): ConsolePage | undefined => CONSOLE_PAGES.find((p) => p.path === path);
