import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX, type ApplicationItem } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useDecideApplication } from '../../api/decide-application';
import { askedFor } from '../application-text';

interface Props {
  application: ApplicationItem;
  decision: 'approve' | 'refuse';
  onClose: () => void;
}

/**
 * Approve (an optional remark) or refuse (a remark the applicant reads is required) one pending
 * application. Mounted only while open: each decision starts with an empty remark.
 */
export const DecideDialog = ({ application: a, decision, onClose }: Props) => {
  const { t } = useTranslation('applications');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<{ remark: string }>();
  const decide = useDecideApplication();
  const refuse = decision === 'refuse';
  const id = a.applicationId;

  const submit = ({ remark }: { remark: string }) =>
    decide.mutate(
      { applicationId: id, decision, ...(remark.trim() ? { remark: remark.trim() } : {}) },
      {
        onSuccess: (done) => {
          onClose();
          // Approved, but the change could not be made (the job has ended): say so, it is no success.
          if (done.state === 'Failed') void modal.error({ title: t('decide.failed', { id, error: done.error }) });
          else void message.success(t(refuse ? 'decide.refused' : 'decide.approved', { id }));
        },
      },
    );

  return (
    <Modal
      open
      title={t(refuse ? 'decide.refuseTitle' : 'decide.approveTitle', { id })}
      okText={t(refuse ? 'decide.refuse' : 'decide.approve')}
      okButtonProps={{ danger: refuse }}
      confirmLoading={decide.isPending}
      onOk={() => void form.validateFields().then(submit)}
      onCancel={onClose}
      width={480}
    >
      <Typography.Paragraph>
        {t('decide.summary', { applicant: a.applicant, asked: askedFor(t, a), account: a.accountName || '-', reason: a.reason })}
      </Typography.Paragraph>
      {!refuse && <Typography.Paragraph type="secondary">{t('decide.approveHint')}</Typography.Paragraph>}
      {decide.isError && <Alert type="error" showIcon title={errorText(decide.error)} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={{ remark: '' }} onFinish={submit}>
        <Form.Item
          name="remark"
          label={t(refuse ? 'decide.remark' : 'decide.remarkOptional')}
          rules={[{ required: refuse, whitespace: true, message: t('decide.remarkRequired') }, { max: DESCRIPTION_MAX }]}
        >
          <Input.TextArea rows={3} maxLength={DESCRIPTION_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
};
