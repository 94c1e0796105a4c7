import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CONSOLE_PAGES, type ConsolePage, type ConsolePagePath, type RouteSet } from '@portal/shared';

type PageModule = Promise<{ default: ComponentType }>;

/** A console page (its path, route sets and permission come from packages/shared) and its component. */
export interface PageRoute extends ConsolePage {
  Page: LazyExoticComponent<ComponentType>;
  /** Fetches the page's code (also done by rendering Page). */
  load: () => PageModule;
}

// One page serves both chart routes of the spec.
const jobCharts = () => import('../features/jobs/pages/JobChartsPage');
// One page serves the inventory's routes (all assets, servers, switches, chassis).
const assets = () => import('../features/resources/pages/AssetsPage');

/** How to fetch every console page: the type makes each shared page need exactly one. */
const PAGE_LOADERS: Record<ConsolePagePath, () => PageModule> = {
  overview: () => import('../features/overview/pages/OverviewPage'),
  'my-job/current-job': () => import('../features/jobs/pages/CurrentJobsPage'),
  'my-job/current-job/jobDetails': () => import('../features/jobs/pages/JobDetailsPage'),
  'my-job/history-job': () => import('../features/jobs/pages/HistoryJobsPage'),
  'my-job/history-job/historyDetails': () => import('../features/jobs/pages/HistoryDetailsPage'),
  'my-job/submit': () => import('../features/jobs/pages/SubmitJobPage'),
  'my-job/output': jobCharts,
  'job/job-view': jobCharts,
  'account/personal': () => import('../features/profile/pages/PersonalCenterPage'),
  'account/pending-users': () => import('../features/users/pages/PendingUsersPage'),
  'account/users': () => import('../features/users/pages/UsersPage'),
  'account/org-units': () => import('../features/org/pages/OrgUnitsPage'),
  'account/accounts': () => import('../features/accounts/pages/AccountsPage'),
  'account/my-accounts': () => import('../features/accounts/pages/MyAccountsPage'),
  'account/applications': () => import('../features/applications/pages/ApplicationsPage'),
  'my-resource/walltime-apply': () => import('../features/applications/pages/WalltimeApplyPage'),
  'account/audit-log': () => import('../features/audit/pages/AuditLogPage'),
  'job-resource/queue-manage': () => import('../features/queues/pages/QueuesPage'),
  'job-resource/queue-manage/add/addQueue/account': () => import('../features/queues/pages/AddQueuePage'),
  'job-resource/queue-manage/add/modify/account': () => import('../features/queues/pages/ModifyQueuePage'),
  'job-resource/node-manage/node-view': () => import('../features/resources/pages/NodeViewPage'),
  'job-resource/node-manage/node-error': () => import('../features/resources/pages/NodeErrorPage'),
  'job-resource/node-manage/multi-node-exception': () => import('../features/resources/pages/MultiNodeExceptionPage'),
  'manage/resourceManage/assets': assets,
  'manage/resourceManage/racks': () => import('../features/resources/pages/RacksPage'),
  'manage/resourceManage/metric-backtrack': () => import('../features/resources/pages/MetricBacktrackPage'),
  'manage/resourceManage/parastor': () => import('../features/resources/pages/StoragePage'),
  'manage/resourceManage/server': assets,
  'manage/resourceManage/switch': assets,
  'manage/resourceManage/chassis': assets,
  'manage/alarmManage/alarm-overview': () => import('../features/alarms/pages/AlarmOverviewPage'),
  'manage/alarmManage/threshold-templates': () => import('../features/alarms/pages/ThresholdTemplatesPage'),
  'manage/alarmManage/alarm-list': () => import('../features/alarms/pages/AlarmListPage'),
  'manage/alarmManage/aggregation-rules': () => import('../features/alarms/pages/AggregationRulesPage'),
  'manage/alarmManage/notification-rules': () => import('../features/alarms/pages/NotificationRulesPage'),
  'manage/alarmManage/notification-records': () => import('../features/alarms/pages/NotificationRecordsPage'),
  'my-report/usage': () => import('../features/reports/pages/UsageReportsPage'),
  'my-report/my-bill-detail': () => import('../features/bills/pages/BillDetailPage'),
  'my-report/my-bill-statistics': () => import('../features/bills/pages/BillStatisticsPage'),
  'my-report/bills': () => import('../features/bills/pages/BillsPage'),
  'my-report/balances': () => import('../features/bills/pages/BalancesPage'),
  'my-report/prices': () => import('../features/bills/pages/PricesPage'),
  'ac-my-app': () => import('../features/desktops/pages/DesktopsPage'),
  'config/systemconfig': () => import('../features/settings/pages/SettingsPage'),
};

// One lazy component per module: both chart routes share theirs.
const components = new Map<() => PageModule, LazyExoticComponent<ComponentType>>();
const componentOf = (load: () => PageModule) => {
  const known = components.get(load);
  if (known) return known;
  const made = lazy(load);
  components.set(load, made);
  return made;
};

/** The console pages that have a component (every shared page: the loaders' type requires it). */
export const PAGE_COMPONENTS = PAGE_LOADERS;

/** Route sets of spec section 2: user, auditor, and admin (every other role). */
export const PAGES: PageRoute[] = CONSOLE_PAGES.map((p) => ({
  ...p,
  Page: componentOf(PAGE_LOADERS[p.path]),
  load: PAGE_LOADERS[p.path],
}));

export const pagesFor = (set: RouteSet) => PAGES.filter((p) => p.sets.includes(set));

/** Whether a path is a console page of any role (an anonymous visit then goes to sign-in). */
export const isConsolePath = (pathname: string) =>
  PAGES.some((p) => pathname === `/${p.path}` || pathname.startsWith(`/${p.path}/`));

/** Starts fetching the page a console path opens (the longest matching path), if any. */
export const preloadPage = (pathname: string) => {
  const page = PAGES.filter((p) => pathname === `/${p.path}` || pathname.startsWith(`/${p.path}/`)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
  if (page) void page.load().catch(() => {});
};
