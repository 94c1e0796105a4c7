import { Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { routeSetOf } from '@portal/shared';
import { setSessionLostHandler } from '../lib/query-client';
import { useSession } from '../lib/session';
import { lazyPage } from './lazy-page';
import { isConsolePath, pagesFor, preloadPage } from './route-table';

// The console's routes (every page but sign-in, App.tsx): each page, the console's layout and
// menus included, is fetched when first shown (docs/architecture.md, "The first load").
const RegisterPage = lazyPage(() => import('../features/auth/pages/RegisterPage').then((m) => m.RegisterPage));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/ForgotPasswordPage').then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/ResetPasswordPage').then((m) => m.ResetPasswordPage));
const NotFoundPage = lazyPage(() => import('../features/errors/pages/ErrorPages').then((m) => m.NotFoundPage));
const ServerErrorPage = lazyPage(() => import('../features/errors/pages/ErrorPages').then((m) => m.ServerErrorPage));
const AntAppOutlet = lazyPage(() => import('./AntAppOutlet').then((m) => m.AntAppOutlet));
const AppLayout = lazyPage(() => import('./console-shell').then((m) => m.AppLayout));
const DefaultRedirect = lazyPage(() => import('./console-shell').then((m) => m.DefaultRedirect));
const PageGuard = lazyPage(() => import('./console-shell').then((m) => m.PageGuard));
// The file manager opens in its own window, without the console's header and menus.
const EfilePage = lazyPage(() => import('../features/files/pages/EfilePage').then((m) => m.default));
// So does the web shell (spec section 2); it checks the session and the permission itself.
const ShellPage = lazyPage(() => import('../features/shell/pages/ShellPage').then((m) => m.default));
// And a remote desktop's viewer (issue 14), opened from My desktops; it checks the session and the permission itself.
const DesktopPage = lazyPage(() => import('../features/desktops/pages/DesktopPage').then((m) => m.default));
// The forced change after a sign-in with a temporary password, outside the console's frame.
const ChangeTemporaryPasswordPage = lazyPage(() =>
  import('../features/profile/pages/ChangeTemporaryPasswordPage').then((m) => m.default),
);

const Loading = () => (
  <div style={{ display: 'grid', placeItems: 'center', height: '60vh' }}>
    <Spin size="large" />
  </div>
);

/** Where an unknown path goes: sign-in for an anonymous visit to a console page, else /404. */
const Unknown = () => {
  const { status, indexData } = useSession();
  const { pathname, search } = useLocation();
  if (status === 'loading') return <Loading />;
  // A temporary password must be replaced before any console page opens.
  if (status === 'signedIn' && indexData?.mustChangePassword) return <Navigate to="/change-password" replace />;
  if (status === 'anonymous' && (pathname === '/' || isConsolePath(pathname)))
    return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  return <Navigate to="/404" replace />;
};

/** Sends the user to sign-in whenever a call finds the session gone. */
const SessionLostRedirect = () => {
  const { end } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    setSessionLostHandler(() => {
      const here = window.location.pathname + window.location.search;
      void navigate(`/login?redirect=${encodeURIComponent(here)}`, { replace: true });
      end();
    });
  }, [end, navigate]);
  return null;
};

/**
 * A signed-in visit fetches the console's frame, the page it opens and the texts at once, side by
 * side (main.tsx calls this before the first render; again once a sign-in's session loads).
 */
export const preloadConsole = (pathname: string) => {
  AntAppOutlet.preload();
  AppLayout.preload();
  preloadPage(pathname);
};

const usePreloadConsole = (signedInOrLoading: boolean) => {
  useEffect(() => {
    if (signedInOrLoading) preloadConsole(window.location.pathname);
  }, [signedInOrLoading]);
};

export const AppRoutes = () => {
  const { status, indexData } = useSession();
  const signedIn = status === 'signedIn' && indexData && !indexData.mustChangePassword;
  usePreloadConsole(status !== 'anonymous');
  return (
    <Suspense fallback={<Loading />}>
      <SessionLostRedirect />
      <Routes>
        <Route element={<AntAppOutlet />}>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/change-password" element={<ChangeTemporaryPasswordPage />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/500" element={<ServerErrorPage />} />
          <Route path="/efile" element={<EfilePage />} />
          <Route path="/eshell" element={<ShellPage />} />
          <Route path="/desktop/:sessionId" element={<DesktopPage />} />
          {signedIn && (
            <Route element={<AppLayout />}>
              <Route index element={<DefaultRedirect />} />
              {pagesFor(routeSetOf(indexData.roleId)).map((p) => (
                <Route key={p.path} path={p.path} element={<PageGuard page={p} />} />
              ))}
            </Route>
          )}
        </Route>
        {/* Outside antd's App: an anonymous visit to / goes to sign-in without fetching it. */}
        <Route path="*" element={<Unknown />} />
      </Routes>
    </Suspense>
  );
};
