import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillingAccountItem } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useSetAccountClass } from '../api/bills-api';

/** The pattern of packages/shared's AccountClass ('' is none). */
export const ACCOUNT_CLASS_PATTERN = /^([a-z0-9][a-z0-9_-]{0,31})?$/;

/** An administrator sets an account's class: its prices from now on. */
export const AccountClassDialog = ({ account, onClose }: { account: BillingAccountItem; onClose: () => void }) => {
  const { t } = useTranslation('bills');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<{ accountClass: string }>();
  const save = useSetAccountClass();
  const submit = ({ accountClass }: { accountClass?: string }) =>
    save.mutate(
      { accountName: account.accountName, accountClass: accountClass?.trim() ?? '' },
      {
        onSuccess: () => {
          void message.success(t('balances.classForm.done'));
          onClose();
        },
        onError: (e) => void message.error(errorText(e)),
      },
    );
  return (
    <Modal
      open
      title={t('balances.classForm.title', { account: account.accountName })}
      onCancel={onClose}
      confirmLoading={save.isPending}
      onOk={() => void form.validateFields().then(submit)}
      width={440}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ accountClass: account.accountClass }}>
        <Form.Item
          name="accountClass"
          label={t('balances.classForm.class')}
          extra={t('balances.classForm.help')}
          rules={[{ pattern: ACCOUNT_CLASS_PATTERN, message: t('balances.classForm.invalid') }]}
        >
          <Input allowClear maxLength={32} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
