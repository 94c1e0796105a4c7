import { ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useCheckServicesNow, useServiceStatus } from '../api/service-status';
import { lastCheckedAt } from './service-groups';
import { ServiceGroups } from './ServiceGroups';

/** The service status groups of the state view's cluster (spec sections 3 and 4), with "Check now". */
export const ServiceStatusPanel = ({ clusterId }: { clusterId: string | undefined }) => {
  const { t } = useTranslation('resources');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { refreshMs } = useSession();
  const status = useServiceStatus(clusterId, refreshMs);
  const check = useCheckServicesNow();
  const checkedAt = status.data ? lastCheckedAt(status.data) : null;
  return (
    <Card
      type="inner"
      size="small"
      title={t('services.title')}
      style={{ marginBottom: 16 }}
      data-testid="services-panel"
      extra={
        <Button
          size="small"
          icon={<ReloadOutlined aria-hidden />}
          loading={check.isPending}
          onClick={() => check.mutate(clusterId, { onError: (e) => void message.error(errorText(e)) })}
        >
          {t('services.checkNow')}
        </Button>
      }
    >
      {status.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={errorText(status.error)} />}
      {status.isPending ? (
        <Spin description={t('services.checking')}>
          <div style={{ minHeight: 48 }} />
        </Spin>
      ) : (
        status.data && (
          <>
            {checkedAt && (
              <Typography.Text
                type="secondary"
                data-testid="services-checked-at"
                style={{ display: 'block', fontSize: 12, marginBottom: 8 }}
              >
                {t('services.checkedAt', { time: formatDateTime(checkedAt) })}
              </Typography.Text>
            )}
            <ServiceGroups groups={status.data} />
          </>
        )
      )}
    </Card>
  );
};
