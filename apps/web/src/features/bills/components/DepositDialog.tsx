import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillingAccountItem } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useDeposit } from '../api/bills-api';
import { centsOf, formatMoney } from '../../../lib/money';

interface Values {
  amount: string;
  remark: string;
}

/** An administrator adds money to a balance, or takes it back with a negative amount; a remark is required. */
export const DepositDialog = (props: { account: BillingAccountItem; currency: string; onClose: () => void }) => {
  const { account, currency, onClose } = props;
  const { t, i18n } = useTranslation('bills');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const deposit = useDeposit();
  const submit = (v: Values) => {
    const amountCents = centsOf(v.amount);
    if (amountCents === null) return;
    deposit.mutate(
      { accountName: account.accountName, amountCents, remark: v.remark.trim() },
      {
        onSuccess: (a) => {
          void message.success(t('balances.depositForm.done', { balance: formatMoney(a.balanceCents, currency, i18n.language) }));
          onClose();
        },
        onError: (e) => void message.error(errorText(e)),
      },
    );
  };
  return (
    <Modal
      open
      title={t('balances.depositForm.title', { account: account.accountName })}
      onCancel={onClose}
      confirmLoading={deposit.isPending}
      onOk={() => void form.validateFields().then(submit)}
      width={440}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="amount"
          label={t('balances.depositForm.amount', { currency })}
          extra={t('balances.depositForm.help')}
          rules={[
            { required: true, whitespace: true, message: t('balances.depositForm.amountRequired') },
            {
              validator: (_, value: string | undefined) => {
                if (!value?.trim()) return Promise.resolve();
                const cents = centsOf(value);
                if (cents === null) return Promise.reject(new Error(t('balances.depositForm.amountInvalid')));
                if (cents === 0) return Promise.reject(new Error(t('balances.depositForm.amountZero')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('balances.depositForm.remark')}
          rules={[{ required: true, whitespace: true, message: t('balances.depositForm.remarkRequired') }]}
        >
          <Input maxLength={128} showCount autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
