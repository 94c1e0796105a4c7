import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';

/**
 * antd's App (message, notification and modal hooks for App.useApp) around every page but sign-in,
 * which needs none of them: fetched with the first other page instead of by the first load.
 */
export const AntAppOutlet = () => (
  // Spec section 9: message toasts last 1500 ms.
  <AntApp message={{ duration: 1.5, maxCount: 3 }}>
    <Outlet />
  </AntApp>
);
