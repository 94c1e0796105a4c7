import { CONSOLE_PAGES, can, routeSetOf, type Permission } from '@portal/shared';

/*
 * The pages the accessibility check visits. Console pages come from the shared page table (the one
 * the route table and the server's menus read), so a page added there is checked without a change
 * here; only a page that needs something in its address (a job's id) or a window of its own is
 * named below.
 */

/** Pages anyone sees before signing in. */
export const PUBLIC_PAGES = ['/login', '/register', '/forgot-password', '/404'];

/** Pages that open in a window of their own, without the console's frame. */
const WINDOW_PAGES: { path: string; permission: Permission }[] = [
  { path: '/efile', permission: 'files:read' },
  { path: '/eshell', permission: 'shell:open' },
];

/** The jobs whose details pages are visited: one still running, one finished. */
export interface JobRefs {
  running: string;
  finished: string;
}

/** Query strings of the pages that show one thing. */
const ADDRESS_QUERY: Record<string, (jobs: JobRefs) => string> = {
  'my-job/current-job/jobDetails': (jobs) => `/?jobId=${jobs.running}`,
  'my-job/history-job/historyDetails': (jobs) => `?jobId=${jobs.finished}`,
};

export interface CheckedPage {
  /** Address below the base URL. */
  url: string;
  /** Where the page's own content is, to wait for it: the console's content area or the whole page. */
  root: string;
}

/** Every page a role can open: its route set's console pages that it has the permission for, and its windows. */
export const pagesOf = (roleId: number, jobs: JobRefs): CheckedPage[] => {
  const set = routeSetOf(roleId);
  const consolePages = CONSOLE_PAGES.filter((p) => p.sets.some((s) => s === set))
    .filter((p) => !('permission' in p) || can(roleId, p.permission))
    .map((p) => ({ url: `/${p.path}${ADDRESS_QUERY[p.path]?.(jobs) ?? ''}`, root: '#portal-content' }));
  const windows = WINDOW_PAGES.filter((w) => can(roleId, w.permission)).map((w) => ({ url: w.path, root: '#root' }));
  return [...consolePages, ...windows];
};
