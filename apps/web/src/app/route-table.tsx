import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CONSOLE_PAGES, type ConsolePage, type ConsolePagePath, type RouteSet } from '@portal/shared';

/** A console page (its path, route sets and permission come from packages/shared) and its component. */
export interface PageRoute extends ConsolePage {
  Page: LazyExoticComponent<ComponentType>;
}

// One page serves both chart routes of the spec.
const JobCharts = lazy(() => import('../features/jobs/pages/JobChartsPage'));

/** The component of every console page: the type makes each shared page need exactly one. */
export const PAGE_COMPONENTS: Record<ConsolePagePath, LazyExoticComponent<ComponentType>> = {
  overview: lazy(() => import('../features/overview/pages/OverviewPage')),
  'my-job/current-job': lazy(() => import('../features/jobs/pages/CurrentJobsPage')),
  'my-job/current-job/jobDetails': lazy(() => import('../features/jobs/pages/JobDetailsPage')),
  'my-job/history-job': lazy(() => import('../features/jobs/pages/HistoryJobsPage')),
  'my-job/history-job/historyDetails': lazy(() => import('../features/jobs/pages/HistoryDetailsPage')),
  'my-job/submit': lazy(() => import('../features/jobs/pages/SubmitJobPage')),
  'my-job/output': JobCharts,
  'job/job-view': JobCharts,
  'account/personal': lazy(() => import('../features/profile/pages/PersonalCenterPage')),
  'account/pending-users': lazy(() => import('../features/users/pages/PendingUsersPage')),
  'account/users': lazy(() => import('../features/users/pages/UsersPage')),
  'account/audit-log': lazy(() => import('../features/audit/pages/AuditLogPage')),
  'config/systemconfig': lazy(() => import('../features/settings/pages/SettingsPage')),
};

/** Route sets of spec section 2: user, auditor, and admin (every other role). */
export const PAGES: PageRoute[] = CONSOLE_PAGES.map((p) => ({ ...p, Page: PAGE_COMPONENTS[p.path] }));

export const pagesFor = (set: RouteSet) => PAGES.filter((p) => p.sets.includes(set));

/** Whether a path is a console page of any role (an anonymous visit then goes to sign-in). */
export const isConsolePath = (pathname: string) =>
  PAGES.some((p) => pathname === `/${p.path}` || pathname.startsWith(`/${p.path}/`));
