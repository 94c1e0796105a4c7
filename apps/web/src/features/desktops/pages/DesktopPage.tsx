import { Button, Flex, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import type { DesktopSession } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useCan, useSession } from '../../../lib/session';
import { useDesktops } from '../api/list-desktops';
import { DesktopViewer } from '../components/viewer/DesktopViewer';

const centred: React.CSSProperties = { display: 'grid', placeItems: 'center', height: '100vh' };

const BackToList = () => {
  const { t } = useTranslation('desktops');
  return (
    <Button type="primary" href="/ac-my-app">
      {t('viewer.back')}
    </Button>
  );
};

/**
 * /desktop/:sessionId: one desktop in a tab of its own, without the console's header and menus.
 * Once the desktop was running the viewer stays: it explains a drop, an end or a revoked share itself.
 */
const DesktopGate = ({ sessionId }: { sessionId: string }) => {
  const { t } = useTranslation('desktops');
  const errorText = useErrorText();
  const desktops = useDesktops();
  const session = desktops.data?.list.find((s) => s.sessionId === sessionId);
  const [shown, setShown] = useState<DesktopSession | null>(null);
  if (!shown && session?.state === 'running') setShown(session);

  if (shown) return <DesktopViewer session={shown} />;
  if (desktops.isPending || session?.state === 'starting')
    return (
      <div style={centred}>
        <Flex vertical align="center" gap={16}>
          <Spin size="large" />
          {session && <Typography.Text>{t('viewer.starting')}</Typography.Text>}
        </Flex>
      </div>
    );
  if (desktops.isError) return <Result status="error" title={errorText(desktops.error)} extra={<BackToList />} />;
  if (session?.state === 'ended')
    return (
      <Result
        status="info"
        title={t('viewer.stopped.ended.title')}
        subTitle={t('viewer.stopped.ended.text')}
        extra={<BackToList />}
      />
    );
  return (
    <Result status="404" title={t('viewer.unavailable.title')} subTitle={t('viewer.unavailable.text')} extra={<BackToList />} />
  );
};

const DesktopPage = () => {
  const { t } = useTranslation('desktops');
  const { status } = useSession();
  const can = useCan();
  const { pathname } = useLocation();
  const { sessionId = '' } = useParams();

  if (status === 'loading')
    return (
      <div style={centred}>
        <Spin size="large" />
      </div>
    );
  if (status === 'anonymous') return <Navigate to={`/login?redirect=${encodeURIComponent(pathname)}`} replace />;
  if (!can('desktops:use')) return <Result status="403" title={t('viewer.denied.title')} subTitle={t('viewer.denied.text')} />;
  return <DesktopGate sessionId={sessionId} />;
};

export default DesktopPage;
