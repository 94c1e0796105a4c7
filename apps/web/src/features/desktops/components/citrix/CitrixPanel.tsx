import { LogoutOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CitrixResource } from '@portal/shared';
import { ApiError } from '../../../../lib/api-client';
import { useErrorText } from '../../../../lib/errors';
import { useCitrixLaunch } from '../../api/citrix-launch';
import { useCitrixList } from '../../api/citrix-list';
import { useCitrixSignOut } from '../../api/citrix-sign-out';
import { citrixStatusQuery, useCitrixStatus } from '../../api/citrix-status';
import { CitrixResourceList } from './CitrixResourceList';
import { CitrixSignInForm } from './CitrixSignInForm';

/** StoreFront no longer has a session for this portal session: the password is asked again. */
const sessionMissing = (err: unknown) => err instanceof ApiError && err.reason === 'citrixSessionMissing';

/**
 * Citrix published desktops and applications (docs/citrix.md): a password prompt until this portal
 * session is signed in to Citrix, then the list with a Launch button that downloads the ICA file.
 * Hidden when Citrix is not switched on for the portal.
 */
export const CitrixPanel = () => {
  const { t } = useTranslation('citrix');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const status = useCitrixStatus();
  const signedIn = status.data?.signedIn === true;
  const list = useCitrixList(signedIn);
  const launch = useCitrixLaunch();
  const signOut = useCitrixSignOut();

  if (status.isSuccess && !status.data.enabled) return null;
  const needsSignIn = status.isSuccess && (!signedIn || sessionMissing(list.error));

  const onLaunch = (resource: CitrixResource) =>
    launch.mutate(resource, {
      onSuccess: (file) => void message.success(t('launch.started', { file, name: resource.name })),
      onError: (err) => {
        void message.error(errorText(err));
        if (sessionMissing(err)) void qc.invalidateQueries({ queryKey: citrixStatusQuery().queryKey });
      },
    });

  const actions =
    signedIn && !needsSignIn ? (
      <Space>
        <Button icon={<ReloadOutlined aria-hidden />} loading={list.isFetching} onClick={() => void list.refetch()}>
          {t('panel.refresh')}
        </Button>
        <Button icon={<LogoutOutlined aria-hidden />} loading={signOut.isPending} onClick={() => signOut.mutate()}>
          {t('panel.signOut')}
        </Button>
      </Space>
    ) : null;

  const body = () => {
    if (status.isError) return <Alert type="error" showIcon title={errorText(status.error)} />;
    if (status.isPending) return <Skeleton active />;
    if (needsSignIn) return <CitrixSignInForm userName={status.data.userName} />;
    if (list.isError) return <Alert type="error" showIcon title={t('panel.loadFailed')} description={errorText(list.error)} />;
    if (list.isPending) return <Skeleton active />;
    return (
      <>
        <Typography.Paragraph type="secondary">{t('panel.signedInAs', { user: status.data.userName })}</Typography.Paragraph>
        <CitrixResourceList
          resources={list.data.list}
          onLaunch={onLaunch}
          launching={launch.isPending ? launch.variables.id : undefined}
        />
      </>
    );
  };

  return (
    <Card title={t('panel.title')} extra={actions} data-testid="citrix-panel">
      {body()}
    </Card>
  );
};
