// The console's frame in one chunk: its layout and menus, the default page and the page guard.
export { AppLayout } from './layout/AppLayout';
export { DefaultRedirect } from './DefaultRedirect';
export { PageGuard } from './PageGuard';
