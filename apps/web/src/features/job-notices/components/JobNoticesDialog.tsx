import { useQuery } from '@tanstack/react-query';
import { Alert, App, Checkbox, Form, Modal, Spin, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_NOTICE_STATES, type JobNoticeSubscription } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { loginUserQuery } from '../../../lib/queries/login-user';
import { useJobNoticeSubscription } from '../api/get-subscription';
import { usePutJobNoticeSubscription } from '../api/put-subscription';

/** The user's own job-end notices: mail, toasts, and which ends they tell of. */
export const JobNoticesDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('job-notices');
  const [form] = Form.useForm<JobNoticeSubscription>();
  const current = useJobNoticeSubscription(open);
  const save = usePutJobNoticeSubscription();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const me = useQuery({ ...loginUserQuery(), enabled: open });
  const mailOn = Form.useWatch('mail', form);
  // Mail goes to the profile's address: say so before saving a subscription that cannot arrive.
  const address = me.data?.email.trim() ?? '';
  const noAddress = mailOn === true && me.data !== undefined && address === '';

  useEffect(() => {
    if (open && current.data) form.setFieldsValue(current.data);
  }, [open, current.data, form]);

  const submit = async () => {
    const values = await form.validateFields();
    save.mutate(values, {
      onSuccess: () => {
        void message.success(t('settings.saved'));
        onClose();
      },
      onError: (err) => void message.error(errorText(err)),
    });
  };

  return (
    <Modal
      open={open}
      width={480}
      title={t('settings.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('settings.save')}
      okButtonProps={{ disabled: !current.data }}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('settings.intro')}</Typography.Paragraph>
      {current.isError ? (
        <Typography.Text type="danger">{errorText(current.error)}</Typography.Text>
      ) : !current.data ? (
        <Spin />
      ) : (
        <Form form={form} layout="horizontal" labelCol={{ span: 8 }} wrapperCol={{ span: 16 }} initialValues={current.data}>
          <Form.Item name="toast" label={t('settings.toast')} valuePropName="checked" extra={t('settings.toastHint')}>
            <Switch />
          </Form.Item>
          <Form.Item
            name="mail"
            label={t('settings.mail')}
            valuePropName="checked"
            extra={address ? t('settings.mailTo', { address }) : t('settings.mailHint')}
          >
            <Switch />
          </Form.Item>
          {noAddress && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('settings.noEmail')} />}
          <Form.Item name="states" label={t('settings.states')}>
            <Checkbox.Group options={JOB_NOTICE_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
};
