import type { Permission, RouteSet } from '@portal/shared';

/**
 * The console's menus as data. `load` is the client route below the base path; an entry that
 * leads to a console page shows to the roles that page is for (packages/shared/src/pages.ts), and
 * `routeSets`/`permission` narrow that further or guard entries that are not pages (groups, windows).
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
  /**
   * Shown only while this flag is on: transfer (ui.transfer: Across Center); walltimeApply (gold
   * mode on and the user holds an account: spec section 6).
   */
  flag?: 'transfer' | 'walltimeApply';
  children?: MenuDef[];
}

export const MENUS: MenuDef[] = [
  {
    id: 'overview',
    text: { en: 'Overview', zh: '概览' },
    icon: 'dashboard',
    menuNo: 10,
    load: 'overview',
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
      },
      {
        id: 'historyJobs',
        text: { en: 'History jobs', zh: '历史作业' },
        icon: 'history',
        menuNo: 2,
        load: 'my-job/history-job',
      },
      {
        id: 'submitJob',
        text: { en: 'Submit job', zh: '提交作业' },
        icon: 'submit',
        menuNo: 3,
        load: 'my-job/submit',
      },
      {
        id: 'jobCharts',
        text: { en: 'Job charts', zh: '作业图表' },
        icon: 'chart',
        menuNo: 4,
        load: 'my-job/output',
        routeSets: ['user'],
      },
      {
        id: 'jobView',
        // The same page as jobCharts (one name per thing); the route keeps the spec's path.
        text: { en: 'Job charts', zh: '作业图表' },
        icon: 'heatmap',
        menuNo: 5,
        load: 'job/job-view',
        routeSets: ['admin'],
      },
    ],
  },
  {
    // Not a console route: the web opens the shell page in a new window (spec section 2), target 'eshell'.
    id: 'eshell',
    // The spec calls the shell WebShell (sections 1, 2 and 6): one name in every menu and page.
    text: { en: 'WebShell', zh: 'WebShell' },
    icon: 'shell',
    menuNo: 30,
    load: 'eshell',
    internal: false,
    target: 'eshell',
    permission: 'shell:open',
  },
  {
    // Across Center is listed only when ui.transfer is on (spec section 2).
    id: 'fileTransfer',
    text: { en: 'File Transfer', zh: '文件传输' },
    icon: 'folder',
    menuNo: 40,
    load: '',
    permission: 'files:read',
    children: [
      {
        // Not a console route: the web opens the file manager window (target 'efile').
        id: 'efile',
        text: { en: 'E-File', zh: 'E-File' },
        icon: 'folder',
        menuNo: 1,
        load: 'efile',
        internal: false,
        target: 'efile',
        permission: 'files:read',
      },
      {
        // Spec section 2: removed unless the transfer flag is '1'. Opens the file manager window on
        // its transfers view (target 'efileTransfers').
        id: 'acrossCenter',
        text: { en: 'Across Center', zh: '跨中心传输' },
        icon: 'swap',
        menuNo: 2,
        load: 'efile?view=transfers',
        internal: false,
        target: 'efileTransfers',
        permission: 'files:write',
        flag: 'transfer',
      },
    ],
  },
  {
    id: 'resources',
    text: { en: 'Resources', zh: '资源' },
    icon: 'cluster',
    menuNo: 50,
    load: '',
    children: [
      {
        id: 'queueManage',
        text: { en: 'Queues', zh: '队列管理' },
        icon: 'queue',
        menuNo: 1,
        load: 'job-resource/queue-manage',
      },
      {
        id: 'nodeView',
        text: { en: 'Node state view', zh: '节点状态视图' },
        icon: 'cluster',
        menuNo: 2,
        load: 'job-resource/node-manage/node-view',
      },
      {
        id: 'nodeError',
        text: { en: 'Abnormal nodes', zh: '异常节点' },
        icon: 'cluster',
        menuNo: 3,
        load: 'job-resource/node-manage/node-error',
      },
      {
        id: 'multiNodeException',
        text: { en: 'Multi-node exceptions', zh: '多节点异常' },
        icon: 'cluster',
        menuNo: 4,
        load: 'job-resource/node-manage/multi-node-exception',
      },
      {
        id: 'assets',
        text: { en: 'Assets', zh: '资产管理' },
        icon: 'resource',
        menuNo: 5,
        load: 'manage/resourceManage/assets',
      },
      {
        id: 'racks',
        text: { en: 'Rack view', zh: '机柜视图' },
        icon: 'cluster',
        menuNo: 6,
        load: 'manage/resourceManage/racks',
      },
      {
        id: 'metricBacktrack',
        text: { en: 'Metric backtrack', zh: '指标回溯' },
        icon: 'chart',
        menuNo: 7,
        load: 'manage/resourceManage/metric-backtrack',
      },
      {
        id: 'parastor',
        text: { en: 'Parallel storage', zh: '并行存储' },
        icon: 'resource',
        menuNo: 8,
        load: 'manage/resourceManage/parastor',
      },
    ],
  },
  {
    // Alarms (issue 16): the overview first, then threshold templates, the alarm list, the
    // aggregate rules, and the notification rules and records.
    id: 'alarms',
    text: { en: 'Alarms', zh: '告警管理' },
    icon: 'alarm',
    menuNo: 52,
    load: '',
    children: [
      {
        id: 'alarmOverview',
        text: { en: 'Alarm overview', zh: '告警概览' },
        icon: 'chart',
        menuNo: 1,
        load: 'manage/alarmManage/alarm-overview',
      },
      {
        id: 'thresholdTemplates',
        text: { en: 'Threshold templates', zh: '阈值模板' },
        icon: 'alarm',
        menuNo: 2,
        load: 'manage/alarmManage/threshold-templates',
      },
      {
        id: 'alarmList',
        text: { en: 'Alarm list', zh: '告警列表' },
        icon: 'alarm',
        menuNo: 3,
        load: 'manage/alarmManage/alarm-list',
      },
      {
        id: 'aggregationRules',
        text: { en: 'Aggregate rules', zh: '聚合规则' },
        icon: 'alarm',
        menuNo: 4,
        load: 'manage/alarmManage/aggregation-rules',
      },
      {
        // Notification rules with their contacts (changing them needs alarms:manage, the page's API says).
        id: 'notificationRules',
        text: { en: 'Notification rules', zh: '通知规则' },
        icon: 'alarm',
        menuNo: 5,
        load: 'manage/alarmManage/notification-rules',
      },
      {
        id: 'notificationRecords',
        text: { en: 'Notification records', zh: '通知记录' },
        icon: 'alarm',
        menuNo: 6,
        load: 'manage/alarmManage/notification-records',
      },
    ],
  },
  {
    // Spec section 6: in the myResource menu walltimeApply is hidden when the user has no account
    // of their own (only the default) or gold is disabled; the group goes with its last entry.
    id: 'myResource',
    text: { en: 'My resources', zh: '我的资源' },
    icon: 'resource',
    menuNo: 55,
    load: '',
    routeSets: ['user'],
    children: [
      {
        id: 'walltimeApply',
        text: { en: 'Run time applications', zh: '机时申请' },
        icon: 'walltime',
        menuNo: 1,
        load: 'my-resource/walltime-apply',
        flag: 'walltimeApply',
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
      },
      {
        id: 'userList',
        text: { en: 'Users', zh: '用户管理' },
        icon: 'team',
        menuNo: 2,
        load: 'account/users',
      },
      {
        id: 'orgUnits',
        text: { en: 'Organisation', zh: '公司与部门' },
        icon: 'apartment',
        menuNo: 3,
        load: 'account/org-units',
      },
      {
        id: 'accounts',
        text: { en: 'Accounts', zh: '账户管理' },
        icon: 'bank',
        menuNo: 4,
        load: 'account/accounts',
      },
      {
        id: 'myAccounts',
        text: { en: 'My accounts', zh: '我的账户' },
        icon: 'wallet',
        menuNo: 5,
        load: 'account/my-accounts',
      },
      {
        // More core-hours, card-hours, run time or a queue: users apply, PIs and administrators decide.
        id: 'applications',
        text: { en: 'Applications', zh: '申请' },
        icon: 'application',
        menuNo: 7,
        load: 'account/applications',
      },
      {
        id: 'auditLog',
        text: { en: 'Audit log', zh: '审计日志' },
        icon: 'audit',
        menuNo: 6,
        load: 'account/audit-log',
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
  {
    // Spec section 2: the Cost menu after Account (bill detail and statistics join it with the bills).
    id: 'cost',
    text: { en: 'Cost', zh: '费用' },
    icon: 'wallet',
    menuNo: 70,
    load: '',
    permission: 'reports:read',
    children: [
      {
        id: 'usageReports',
        text: { en: 'Usage reports', zh: '用量报表' },
        icon: 'chart',
        menuNo: 1,
        load: 'my-report/usage',
      },
      {
        id: 'billDetail',
        text: { en: 'Bill detail', zh: '账单明细' },
        icon: 'file',
        menuNo: 2,
        load: 'my-report/my-bill-detail',
      },
      {
        id: 'billStatistics',
        text: { en: 'Bill statistics', zh: '账单统计' },
        icon: 'chart',
        menuNo: 3,
        load: 'my-report/my-bill-statistics',
      },
      { id: 'monthlyBills', text: { en: 'Monthly bills', zh: '月度账单' }, icon: 'file', menuNo: 4, load: 'my-report/bills' },
      { id: 'balances', text: { en: 'Balances', zh: '账户余额' }, icon: 'bank', menuNo: 5, load: 'my-report/balances' },
      { id: 'prices', text: { en: 'Prices', zh: '价格' }, icon: 'wallet', menuNo: 6, load: 'my-report/prices' },
    ],
  },
  {
    // Desktops and graphical applications (spec route /ac-my-app); each desktop opens in a window of its own.
    // Last: an administrator's header (eight entries) keeps the others in view at 1600 px in English;
    // a narrower header folds this one into the overflow menu first.
    id: 'myDesktops',
    text: { en: 'My desktops', zh: '我的桌面' },
    icon: 'desktop',
    menuNo: 80,
    load: 'ac-my-app',
  },
];
