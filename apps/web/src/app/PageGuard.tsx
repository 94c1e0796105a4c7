import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../lib/session';
import type { PageRoute } from './route-table';

/** A page of the role's route set that the role may still not use shows why instead of failing calls. */
export const PageGuard = ({ page }: { page: PageRoute }) => {
  const can = useCan();
  const { t } = useTranslation('errors');
  if (page.permission && !can(page.permission))
    return <Result status="403" title={t('code.10008')} subTitle={t('permissionDenied.hint')} />;
  return <page.Page />;
};
