import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useCan } from '../lib/session';
import type { PageRoute } from './route-table';

/** React Router keeps the position in its history in `history.state.idx`: above 0, there is a page to go back to. */
const canGoBack = () => (z.object({ idx: z.number() }).safeParse(window.history.state).data?.idx ?? 0) > 0;

/** A page of the role's route set that the role may still not use shows why, and the ways out. */
export const PageGuard = ({ page }: { page: PageRoute }) => {
  const can = useCan();
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  if (page.permission && !can(page.permission))
    return (
      <Result
        status="403"
        title={t('code.10008')}
        subTitle={t('permissionDenied.hint')}
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            {canGoBack() && <Button onClick={() => void navigate(-1)}>{t('permissionDenied.back')}</Button>}
            {/* The root goes to the role's default page (spec section 2). */}
            <Button type="primary" onClick={() => void navigate('/')}>
              {t('permissionDenied.home')}
            </Button>
          </Space>
        }
      />
    );
  return <page.Page />;
};
