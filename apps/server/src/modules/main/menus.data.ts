import type { Permission, RouteSet } from '@portal/shared';

/**
 * The console's menus as data. An entry shows when the role's route set is listed (or no sets are
 * listed) and the role holds its permission. `load` is the client route below the base path.
 * Entries arrive with later capabilities (jobs, shell, files, resources, cost) by adding lines here.
 */
export interface MenuDef {
  id: string;
  text: { en: string; zh: string };
  icon: string;
  menuNo: number;
  load: string;
  internal?: boolean;
  permission?: Permission;
  routeSets?: RouteSet[];
  /** The entry the root path redirects to, per route set. */
  defaultFor?: RouteSet[];
  align?: 'left' | 'right';
  target?: string;
  needArgs?: boolean;
  children?: MenuDef[];
}

export const MENUS: MenuDef[] = [
  {
    id: 'overview',
    text: { en: 'Overview', zh: '概览' },
    icon: 'dashboard',
    menuNo: 10,
    load: 'overview',
    routeSets: ['user', 'admin'],
    defaultFor: ['user', 'admin'],
  },
  {
    id: 'job',
    text: { en: 'Job', zh: '作业' },
    icon: 'job',
    menuNo: 20,
    load: '',
    permission: 'jobs:read',
    children: [
      {
        id: 'currentJobs',
        text: { en: 'Current jobs', zh: '当前作业' },
        icon: 'job',
        menuNo: 1,
        load: 'my-job/current-job',
        permission: 'jobs:read',
      },
      {
        id: 'historyJobs',
        text: { en: 'History jobs', zh: '历史作业' },
        icon: 'history',
        menuNo: 2,
        load: 'my-job/history-job',
        permission: 'jobs:read',
      },
      {
        id: 'submitJob',
        text: { en: 'Submit job', zh: '提交作业' },
        icon: 'submit',
        menuNo: 3,
        load: 'my-job/submit',
        permission: 'jobs:submit',
      },
      {
        id: 'jobCharts',
        text: { en: 'Job charts', zh: '作业图表' },
        icon: 'chart',
        menuNo: 4,
        load: 'my-job/output',
        permission: 'jobs:read',
        routeSets: ['user'],
      },
      {
        id: 'jobView',
        text: { en: 'Job view', zh: '作业视图' },
        icon: 'heatmap',
        menuNo: 5,
        load: 'job/job-view',
        permission: 'jobs:read',
        routeSets: ['admin'],
      },
    ],
  },
  {
    id: 'account',
    text: { en: 'Account', zh: '账户' },
    icon: 'team',
    menuNo: 60,
    load: '',
    children: [
      {
        id: 'pendingUsers',
        text: { en: 'Pending users', zh: '待审批用户' },
        icon: 'user-add',
        menuNo: 1,
        load: 'account/pending-users',
        permission: 'users:approve',
        routeSets: ['admin'],
      },
      {
        id: 'userList',
        text: { en: 'Users', zh: '用户管理' },
        icon: 'team',
        menuNo: 2,
        load: 'account/users',
        permission: 'users:manage',
        routeSets: ['admin'],
      },
      {
        id: 'auditLog',
        text: { en: 'Audit log', zh: '审计日志' },
        icon: 'audit',
        menuNo: 3,
        load: 'account/audit-log',
        permission: 'audit:read',
        defaultFor: ['auditor'],
      },
      {
        id: 'personalCenter',
        text: { en: 'Personal center', zh: '个人中心' },
        icon: 'user',
        menuNo: 9,
        load: 'account/personal',
      },
    ],
  },
];
