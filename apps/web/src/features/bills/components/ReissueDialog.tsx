import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillItem } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useReissueBill } from '../api/bills-api';

/** Re-issue one bill with a required reason, confirmed once more before it is sent. */
export const ReissueDialog = ({ bill, onClose }: { bill: BillItem; onClose: () => void }) => {
  const { t } = useTranslation('bills');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<{ remark: string }>();
  const reissue = useReissueBill();
  const submit = ({ remark }: { remark: string }) =>
    void modal.confirm({
      title: t('bills.reissueForm.confirm'),
      content: t('bills.reissueForm.note'),
      onOk: () =>
        reissue
          .mutateAsync({ billId: bill.billId, remark: remark.trim() })
          .then((b) => {
            void message.success(t('bills.reissueForm.done', { version: b.version }));
            onClose();
          })
          .catch((e: unknown) => void message.error(errorText(e))),
    });
  return (
    <Modal
      open
      title={t('bills.reissueForm.title', { period: bill.period, account: bill.accountName })}
      onCancel={onClose}
      confirmLoading={reissue.isPending}
      okText={t('bills.reissue')}
      onOk={() => void form.validateFields().then(submit)}
      width={480}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('bills.reissueForm.note')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="remark"
          label={t('bills.reissueForm.remark')}
          rules={[{ required: true, whitespace: true, message: t('bills.reissueForm.remarkRequired') }]}
        >
          <Input.TextArea maxLength={128} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
