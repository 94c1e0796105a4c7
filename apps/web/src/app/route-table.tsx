import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Permission, RouteSet } from '@portal/shared';

/** A console page: the route sets that contain it and the permission it needs. */
export interface PageRoute {
  path: string;
  sets: RouteSet[];
  permission?: Permission;
  Page: LazyExoticComponent<ComponentType>;
}

// One page serves both chart routes of the spec.
const JobCharts = lazy(() => import('../features/jobs/pages/JobChartsPage'));

/** Route sets of spec section 2: user, auditor, and admin (every other role). */
export const PAGES: PageRoute[] = [
  { path: 'overview', sets: ['user', 'admin'], Page: lazy(() => import('../features/overview/pages/OverviewPage')) },
  {
    path: 'my-job/current-job',
    sets: ['user', 'admin'],
    permission: 'jobs:read',
    Page: lazy(() => import('../features/jobs/pages/CurrentJobsPage')),
  },
  {
    path: 'my-job/current-job/jobDetails',
    sets: ['user', 'admin'],
    permission: 'jobs:read',
    Page: lazy(() => import('../features/jobs/pages/JobDetailsPage')),
  },
  {
    path: 'my-job/history-job',
    sets: ['user', 'admin'],
    permission: 'jobs:read',
    Page: lazy(() => import('../features/jobs/pages/HistoryJobsPage')),
  },
  {
    path: 'my-job/history-job/historyDetails',
    sets: ['user', 'admin'],
    permission: 'jobs:read',
    Page: lazy(() => import('../features/jobs/pages/HistoryDetailsPage')),
  },
  {
    path: 'my-job/submit',
    sets: ['user', 'admin'],
    permission: 'jobs:submit',
    Page: lazy(() => import('../features/jobs/pages/SubmitJobPage')),
  },
  { path: 'my-job/output', sets: ['user', 'admin'], permission: 'jobs:read', Page: JobCharts },
  { path: 'job/job-view', sets: ['user', 'admin'], permission: 'jobs:read', Page: JobCharts },
  {
    path: 'account/personal',
    sets: ['user', 'auditor', 'admin'],
    Page: lazy(() => import('../features/profile/pages/PersonalCenterPage')),
  },
  {
    path: 'account/pending-users',
    sets: ['admin'],
    permission: 'users:approve',
    Page: lazy(() => import('../features/users/pages/PendingUsersPage')),
  },
  {
    path: 'account/users',
    sets: ['admin'],
    permission: 'users:manage',
    Page: lazy(() => import('../features/users/pages/UsersPage')),
  },
  {
    path: 'account/audit-log',
    sets: ['auditor', 'admin'],
    permission: 'audit:read',
    Page: lazy(() => import('../features/audit/pages/AuditLogPage')),
  },
  {
    path: 'config/systemconfig',
    sets: ['admin'],
    permission: 'system:config',
    Page: lazy(() => import('../features/system-config/pages/SystemConfigPage')),
  },
];

export const pagesFor = (set: RouteSet) => PAGES.filter((p) => p.sets.includes(set));

/** Whether a path is a console page of any role (an anonymous visit then goes to sign-in). */
export const isConsolePath = (pathname: string) =>
  PAGES.some((p) => pathname === `/${p.path}` || pathname.startsWith(`/${p.path}/`));
