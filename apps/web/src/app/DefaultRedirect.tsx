import { Spin } from 'antd';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session';
import { defaultRoute } from './layout/menu-model';

/** The root path goes to the menu's default page, or else to the first menu entry. */
export const DefaultRedirect = () => {
  const { menus } = useSession();
  if (!menus) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
  return <Navigate to={defaultRoute(menus) ?? '/account/personal'} replace />;
};
