import { Spin } from 'antd';
import { Suspense, lazy, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { routeSetOf } from '@portal/shared';
import { setSessionLostHandler } from '../lib/query-client';
import { useSession } from '../lib/session';
import { ForgotPasswordPage } from '../features/auth/pages/ForgotPasswordPage';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { RegisterPage } from '../features/auth/pages/RegisterPage';
import { ResetPasswordPage } from '../features/auth/pages/ResetPasswordPage';
import { NotFoundPage, ServerErrorPage } from '../features/errors/pages/ErrorPages';
import { AppLayout } from './layout/AppLayout';
import { DefaultRedirect } from './DefaultRedirect';
import { PageGuard } from './PageGuard';
import { isConsolePath, pagesFor } from './route-table';

// The file manager opens in its own window, without the console's header and menus.
const EfilePage = lazy(() => import('../features/files/pages/EfilePage'));
// So does the web shell (spec section 2); it checks the session and the permission itself.
const ShellPage = lazy(() => import('../features/shell/pages/ShellPage'));

const Loading = () => (
  <div style={{ display: 'grid', placeItems: 'center', height: '60vh' }}>
    <Spin size="large" />
  </div>
);

/** Where an unknown path goes: sign-in for an anonymous visit to a console page, else /404. */
const Unknown = () => {
  const { status } = useSession();
  const { pathname, search } = useLocation();
  if (status === 'loading') return <Loading />;
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

export const AppRoutes = () => {
  const { status, indexData } = useSession();
  const signedIn = status === 'signedIn' && indexData;
  return (
    <Suspense fallback={<Loading />}>
      <SessionLostRedirect />
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/500" element={<ServerErrorPage />} />
        <Route path="/efile" element={<EfilePage />} />
        <Route path="/eshell" element={<ShellPage />} />
        {signedIn && (
          <Route element={<AppLayout />}>
            <Route index element={<DefaultRedirect />} />
            {pagesFor(routeSetOf(indexData.roleId)).map((p) => (
              <Route key={p.path} path={p.path} element={<PageGuard page={p} />} />
            ))}
          </Route>
        )}
        <Route path="*" element={<Unknown />} />
      </Routes>
    </Suspense>
  );
};
