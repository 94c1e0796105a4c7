import { App, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { useIssueBills } from '../api/bills-api';

interface Values {
  period: Dayjs;
  accountName?: string;
}

/** Months that have not ended cannot be issued (the server checks in the report time zone too). */
export const isOpenMonth = (d: Dayjs, now: Dayjs = dayjs()): boolean => !d.isBefore(now.startOf('month'));

/** An administrator closes an ended month: bills for one account, or every account with usage and no bill. */
export const IssueBillsDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation('bills');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const issue = useIssueBills();
  const submit = (v: Values) =>
    issue.mutate(
      { period: v.period.format('YYYY-MM'), ...(v.accountName?.trim() ? { accountName: v.accountName.trim() } : {}) },
      {
        onSuccess: ({ issued }) => {
          if (issued.length === 0) void message.info(t('bills.issueForm.nothing'));
          else void message.success(t('bills.issueForm.issued', { count: issued.length }));
          onClose();
        },
        onError: (e) => void message.error(errorText(e)),
      },
    );
  return (
    <Modal
      open
      title={t('bills.issueForm.title')}
      onCancel={onClose}
      confirmLoading={issue.isPending}
      okText={t('bills.issueForm.submit')}
      onOk={() => void form.validateFields().then(submit)}
      width={440}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="period"
          label={t('bills.issueForm.period')}
          extra={t('bills.issueForm.periodHelp')}
          rules={[{ required: true, message: t('bills.issueForm.periodRequired') }]}
        >
          <DatePicker picker="month" format="YYYY-MM" disabledDate={(d) => isOpenMonth(d)} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="accountName" label={t('bills.issueForm.account')} extra={t('bills.issueForm.accountHelp')}>
          <Input allowClear maxLength={64} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
