import { Alert, Button, Col, Empty, Result, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppTemplate } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useCan } from '../../../../lib/session';
import { useAppTemplates } from '../../api/list-app-templates';
import { visibleApps } from '../../lib/app-actions';
import { AppCard } from './AppCard';

/** The applications on offer, each with the ways it runs; administrators see every one and set them up. */
export const AppList = ({ onStart }: { onStart(app: AppTemplate): void }) => {
  const { t } = useTranslation('desktops');
  const errorText = useErrorText();
  const can = useCan();
  const admin = can('system:config');
  const apps = useAppTemplates();

  if (apps.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (apps.isError)
    return (
      <Result
        status="error"
        title={t('apps.loadFailed')}
        subTitle={errorText(apps.error)}
        extra={<Button onClick={() => void apps.refetch()}>{t('apps.retry')}</Button>}
      />
    );
  const list = visibleApps(apps.data, admin);
  if (!list.length) return <Empty description={t('apps.empty')} />;
  return (
    <>
      {admin && <Alert type="info" showIcon title={t('apps.adminHint')} style={{ marginBottom: 16 }} />}
      <Row gutter={[16, 16]} role="list" aria-label={t('tabs.apps')}>
        {list.map((app) => (
          <Col key={app.id} xs={24} md={12} xl={8} role="listitem">
            <AppCard app={app} admin={admin} jobsAllowed={can('jobs:submit')} onStart={onStart} />
          </Col>
        ))}
      </Row>
    </>
  );
};
