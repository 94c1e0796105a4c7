import { Alert, App, Button, Card, Form, InputNumber, Select, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_STRENGTHS, type SystemSettings } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';

/** Run-time settings: refresh interval (20-1200 s), self-registration, password strength. */
const SettingsPage = () => {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<SystemSettings>();
  const settings = useSettings();
  const update = useUpdateSettings();
  const { message } = App.useApp();
  const errorText = useErrorText();

  if (settings.isError) return <Alert type="error" showIcon title={errorText(settings.error)} />;
  if (!settings.data) return <Skeleton active />;
  return (
    <Card title={t('title')}>
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={settings.data}
        disabled={update.isPending}
        onFinish={(v) =>
          update.mutate(v, {
            onSuccess: () => void message.success(t('common:operationSuccess')),
            onError: (e) => void message.error(errorText(e)),
          })
        }
      >
        <Form.Item
          name="refreshInterval"
          label={t('refreshInterval')}
          extra={t('refreshIntervalHint')}
          rules={[
            { required: true, message: t('refreshIntervalRequired') },
            { type: 'integer', min: 20, max: 1200, message: t('refreshIntervalRange') },
          ]}
        >
          <InputNumber min={20} max={1200} precision={0} addonAfter={t('seconds')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="registrationEnabled" label={t('registrationEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="passwordStrength" label={t('passwordStrength')} extra={t('passwordStrengthHint')}>
          <Select
            options={PASSWORD_STRENGTHS.map((s) => ({ value: s, label: t(`common:password.level.${s}`) }))}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
};

export default SettingsPage;
